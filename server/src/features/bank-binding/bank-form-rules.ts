import {
  BANK_CARD_TYPE_CODE,
  BANK_CHANNEL_CODE,
  fillMessage,
  isValidPhone,
  messages,
  visibleBankFields,
  type BankForm,
  type BankFormField,
  type Market,
  type MessageKey,
} from '@kwarta/contract';
import type { PayoutAccount } from '../../lib/ports/payout-gateway.ts';

/**
 * Checks filled bind-card-new fields against the market's form definition (spec §5; decision 0060):
 * only the items the chosen card type and channel show, each required one filled, digits where
 * the item is numeric, lengths, options from the list. Pure: the first refusal's catalogue text,
 * or the account to store.
 */
export type FilledBankForm = Omit<PayoutAccount, 'id' | 'maskedAccount'> & {
  /** Every other filled field by code (no account number). */
  details: Record<string, string>;
};

export type BankFormCheck = { ok: true; form: FilledBankForm } | { ok: false; message: string };

const INSTITUTION_CODES = ['bankCode', 'walletCode'];
const HOLDER_CODE = 'holderName';

export function checkBankForm(
  form: BankForm,
  market: Market,
  filled: Readonly<Record<string, string>>,
): BankFormCheck {
  const refuse = (key: MessageKey, field: Pick<BankFormField, 'title'> | null, values = {}) => ({
    ok: false as const,
    message: fillMessage(messages[key], { title: field?.title ?? '', ...values }),
  });
  const byCode = new Map(form.fields.map((field) => [field.code, field]));
  const cardType = (filled[BANK_CARD_TYPE_CODE] ?? '').trim();
  const channel = (filled[BANK_CHANNEL_CODE] ?? '').trim();
  const shown = visibleBankFields(form.fields, cardType, channel);
  const shownCodes = new Set(shown.map((field) => field.code));

  const values: Record<string, string> = {};
  const check = (field: BankFormField) => {
    const raw = (filled[field.code] ?? '').trim();
    // Grouped card numbers and pasted phones arrive with spaces; nothing else is forgiven.
    const value = field.inputType === 'text' ? raw : raw.replace(/ /g, '');
    if (value === '') return field.required ? refuse('bankFieldRequired', field) : null;
    if (value.length > field.maxLength) return refuse('bankFieldTooLong', field, { max: field.maxLength });
    if (field.cate === 'enum' || field.cate === 'city') {
      if (!field.note.some((option) => option.type === value)) return refuse('bankFieldOption', field);
    } else if (field.cate === 'day') {
      if (!/^\d{1,2}$/.test(value) || Number(value) < 1 || Number(value) > 31)
        return refuse('bankFieldDay', field);
    } else if (field.inputType !== 'text' && !/^\d+$/.test(value)) {
      return refuse('bankFieldDigits', field);
    } else if (field.inputType === 'phone' && !isValidPhone(value, market)) {
      return refuse('bankFieldPhone', field);
    }
    if (field.minLength !== undefined && value.length < field.minLength)
      return refuse('bankFieldTooShort', field, { min: field.minLength });
    const lengths = field.lengthsFrom
      ? byCode.get(field.lengthsFrom)?.note.find((option) => option.type === values[field.lengthsFrom!])
          ?.accountLengths
      : undefined;
    if (lengths && !lengths.includes(value.length))
      return refuse('bankFieldLength', field, { lengths: lengths.join(' or ') });
    values[field.code] = value;
    return null;
  };

  // The card type and channel first: they decide which other codes belong to the form.
  const selectors = shown.filter((f) => f.code === BANK_CARD_TYPE_CODE || f.code === BANK_CHANNEL_CODE);
  for (const field of selectors) {
    const refusal = check(field);
    if (refusal) return refusal;
  }
  for (const code of Object.keys(filled)) {
    if (!shownCodes.has(code)) {
      // A known item of another card type or channel left empty is what a page may send.
      if (byCode.has(code) && (filled[code] ?? '').trim() === '') continue;
      return refuse('bankFieldUnknown', null, { code: code.slice(0, 40) });
    }
  }
  for (const field of shown) {
    if (selectors.includes(field)) continue;
    const refusal = check(field);
    if (refusal) return refusal;
  }

  const accountField = shown.find((field) => field.account)!;
  const institutionField = shown.find((field) => INSTITUTION_CODES.includes(field.code));
  const institutionCode = institutionField ? (values[institutionField.code] ?? '') : '';
  const details = Object.fromEntries(Object.entries(values).filter(([code]) => !byCode.get(code)?.account));
  return {
    ok: true,
    form: {
      cardType: Number(cardType),
      channel: values[BANK_CHANNEL_CODE] ?? '',
      institutionCode,
      institutionName: institutionField?.note.find((option) => option.type === institutionCode)?.name ?? '',
      holderName: values[HOLDER_CODE] ?? '',
      accountNumber: values[accountField.code]!,
      details,
    },
  };
}
