import { z } from '@kwarta/domain/zod';
import { Defaults } from './constants.ts';
import type { MarketId } from './markets.ts';
import { BANK_CARD_TYPE_CODE, BANK_CHANNEL_CODE, visibleBankFields } from './bank-form-visibility.ts';

/**
 * The payment-account form of each market (spec §3 "Bank form item", §4 "Bank form"; DESIGN
 * D5): configuration, not code. card-init sends a market's items, bind-card-new is checked
 * against the same definition, so what the page offers and what the server accepts cannot drift.
 * Validated by `bankFormSchema` when the server starts (and by a test). Server-only (zod): the
 * web gets the items from card-init.
 */

const option = z.object({
  name: z.string().min(1),
  /** What the field's value is when this option is chosen (a card type, channel or bank code). */
  type: z.string().min(1),
  /** A bank's account numbers have exactly these lengths (digits). */
  accountLengths: z.array(z.number().int().positive()).optional(),
});

const field = z.object({
  code: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/),
  /** Input kind (spec §3): free text, a city picker, a day of the month (1–31), a list of options. */
  cate: z.enum(['text', 'city', 'day', 'enum']),
  title: z.string().min(1),
  /** Placeholder. */
  subtitle: z.string().default(''),
  /** Prefilled value. */
  value: z.string().default(''),
  /** Options of `enum` and `city` items. */
  note: z.array(option).default([]),
  /**
   * How a text is typed: `text` anything; `number` digits only; `card` digits shown in groups of
   * 4; `phone` a mobile number by the market's phone rule.
   */
  inputType: z.enum(['text', 'number', 'card', 'phone']).default('text'),
  /** 0: every card type; otherwise the card type the item belongs to. */
  cardTypeMi: z.number().int().min(0).default(0),
  /** For items of card type 1 only: '' for every channel, else the channel it belongs to. */
  channelNumber: z.string().default(''),
  required: z.boolean().default(true),
  minLength: z.number().int().positive().optional(),
  maxLength: z.number().int().positive().max(200),
  /** The account number money is paid to: encrypted at rest, never shown or logged in clear. */
  account: z.boolean().default(false),
  /** The field whose chosen option's `accountLengths` this account number must match. */
  lengthsFrom: z.string().optional(),
});

export const bankFormSchema = z.object({ fields: z.array(field).min(1) }).superRefine((form, ctx) => {
  const codes = form.fields.map((f) => f.code);
  const duplicate = codes.find((code, index) => codes.indexOf(code) !== index);
  if (duplicate) ctx.addIssue({ code: 'custom', message: `field ${duplicate} is defined twice` });
  const cardType = form.fields.find((f) => f.code === BANK_CARD_TYPE_CODE);
  if (!cardType || cardType.cate !== 'enum' || cardType.cardTypeMi !== 0)
    ctx.addIssue({ code: 'custom', message: 'the form needs an enum field cardType for every card type' });
  const cardTypes = new Set(cardType?.note.map((o) => o.type));
  for (const f of form.fields) {
    const where = `field ${f.code}`;
    if ((f.cate === 'enum' || f.cate === 'city') && f.note.length === 0)
      ctx.addIssue({ code: 'custom', message: `${where}: a ${f.cate} field needs options` });
    if (f.cardTypeMi !== 0 && !cardTypes.has(String(f.cardTypeMi)))
      ctx.addIssue({ code: 'custom', message: `${where}: cardTypeMi ${f.cardTypeMi} is no card type` });
    if (f.channelNumber !== '' && f.cardTypeMi !== Defaults.bankCardType)
      ctx.addIssue({ code: 'custom', message: `${where}: channelNumber applies to card type 1 only` });
    if (f.lengthsFrom && !form.fields.some((o) => o.code === f.lengthsFrom && o.cate === 'enum'))
      ctx.addIssue({ code: 'custom', message: `${where}: lengthsFrom names no enum field` });
  }
  // Each card type (and channel of type 1) must end in exactly one account number.
  for (const type of cardTypes) {
    const channelField = form.fields.find((f) => f.code === BANK_CHANNEL_CODE);
    const channels = Number(type) === Defaults.bankCardType && channelField ? channelField.note : [];
    for (const channel of channels.length ? channels.map((c) => c.type) : ['']) {
      const shown = visibleBankFields(form.fields, type, channel).filter((f) => f.account);
      if (shown.length !== 1)
        ctx.addIssue({
          code: 'custom',
          message: `card type ${type}${channel ? ` channel ${channel}` : ''} shows ${shown.length} account fields, not 1`,
        });
    }
  }
});

export type BankForm = z.output<typeof bankFormSchema>;
export type BankFormField = BankForm['fields'][number];
export type BankFormDefinition = z.input<typeof bankFormSchema>;

type FieldDefinition = BankFormDefinition['fields'][number];
type Option = FieldDefinition extends { note?: (infer O)[] } ? O : never;

// Builders of the items every market has; a market's form is its lists and lengths.
const cardTypeField = (bank: string, wallet: string): FieldDefinition => ({
  code: BANK_CARD_TYPE_CODE,
  cate: 'enum',
  title: 'Account type',
  subtitle: 'Choose the account type',
  value: String(Defaults.bankCardType),
  note: [
    { name: bank, type: '1' },
    { name: wallet, type: '2' },
  ],
  maxLength: 2,
});

const holderName: FieldDefinition = {
  code: 'holderName',
  cate: 'text',
  title: 'Account holder name',
  subtitle: 'Name as it appears on the account',
  maxLength: 60,
};

/** Card type 1's channels; the first is the spec's default 90006. */
const channelField = (title: string, note: Option[]): FieldDefinition => ({
  code: BANK_CHANNEL_CODE,
  cate: 'enum',
  title,
  subtitle: 'Choose the channel',
  value: Defaults.bankChannelNumber,
  note,
  cardTypeMi: 1,
  maxLength: 10,
});

const listField = (code: string, title: string, cardTypeMi: number, note: Option[]): FieldDefinition => ({
  code,
  cate: 'enum',
  title,
  subtitle: `Choose your ${title.toLowerCase()}`,
  note,
  cardTypeMi,
  maxLength: 10,
});

/** A bank account number of card type 1; with banks' `accountLengths`, its length is the bank's. */
const accountNoField = (channelNumber: string, lengths: { min?: number; max: number }): FieldDefinition => ({
  code: 'accountNo',
  cate: 'text',
  title: 'Account number',
  subtitle: 'Enter the account number',
  inputType: 'number',
  cardTypeMi: 1,
  channelNumber,
  ...(lengths.min ? { minLength: lengths.min } : { lengthsFrom: 'bankCode' }),
  maxLength: lengths.max,
  account: true,
});

/** An e-wallet is paid by its mobile number, checked by the market's phone rule. */
const walletAccountField = (title: string, subtitle: string, maxLength: number): FieldDefinition => ({
  code: 'walletAccount',
  cate: 'text',
  title,
  subtitle,
  inputType: 'phone',
  cardTypeMi: 2,
  maxLength,
  account: true,
});

/** The spec's market: card type 1 (bank card) with its channels, 90006 first; e-wallets as type 2. */
const specForm: BankFormDefinition = {
  fields: [
    cardTypeField('Bank card', 'E-wallet'),
    holderName,
    channelField('Channel', [
      { name: 'Debit card', type: Defaults.bankChannelNumber },
      { name: 'Bank account', type: '90010' },
    ]),
    listField('bankCode', 'Bank', 1, [
      { name: 'Industrial and Commercial Bank of China', type: 'ICBC' },
      { name: 'China Construction Bank', type: 'CCB' },
      { name: 'Bank of China', type: 'BOC' },
      { name: 'Agricultural Bank of China', type: 'ABC' },
    ]),
    {
      code: 'cardNo',
      cate: 'text',
      title: 'Card number',
      subtitle: 'Enter the card number',
      inputType: 'card',
      cardTypeMi: 1,
      channelNumber: Defaults.bankChannelNumber,
      minLength: 16,
      maxLength: 19,
      account: true,
    },
    accountNoField('90010', { min: 10, max: 20 }),
    {
      code: 'bankCity',
      cate: 'city',
      title: 'Branch city',
      subtitle: 'Choose the city of your branch',
      note: ['Beijing', 'Shanghai', 'Guangzhou', 'Shenzhen', 'Chengdu'].map((name) => ({
        name,
        type: name.toLowerCase(),
      })),
      cardTypeMi: 1,
      channelNumber: '90010',
      maxLength: 20,
    },
    listField('walletCode', 'E-wallet', 2, [
      { name: 'Alipay', type: 'ALIPAY' },
      { name: 'WeChat Pay', type: 'WECHAT' },
    ]),
    walletAccountField('E-wallet mobile number', 'The mobile number of the e-wallet', 15),
    {
      code: 'salaryDay',
      cate: 'day',
      title: 'Pay day',
      subtitle: 'Day of the month you are paid',
      required: false,
      maxLength: 2,
    },
  ],
};

/** Philippines: bank accounts over InstaPay (each bank's account length) and the GCash and Maya e-wallets. */
const phForm: BankFormDefinition = {
  fields: [
    cardTypeField('Bank account', 'E-wallet'),
    holderName,
    channelField('Transfer channel', [{ name: 'InstaPay', type: Defaults.bankChannelNumber }]),
    listField('bankCode', 'Bank', 1, [
      { name: 'BDO Unibank', type: 'BDO', accountLengths: [10, 12] },
      { name: 'Bank of the Philippine Islands', type: 'BPI', accountLengths: [10] },
      { name: 'Metrobank', type: 'MBTC', accountLengths: [13] },
      { name: 'Land Bank of the Philippines', type: 'LBP', accountLengths: [10] },
      { name: 'UnionBank', type: 'UBP', accountLengths: [12] },
      { name: 'Security Bank', type: 'SECB', accountLengths: [13] },
    ]),
    accountNoField(Defaults.bankChannelNumber, { max: 13 }),
    listField('walletCode', 'E-wallet', 2, [
      { name: 'GCash', type: 'GCASH' },
      { name: 'Maya', type: 'MAYA' },
    ]),
    walletAccountField('E-wallet mobile number', '09XX XXX XXXX', 13),
  ],
};

/** India: bank accounts (IFSC-style codes) and wallets, same shape. */
const inForm: BankFormDefinition = {
  fields: [
    cardTypeField('Bank account', 'Wallet'),
    holderName,
    channelField('Transfer channel', [{ name: 'IMPS', type: Defaults.bankChannelNumber }]),
    listField('bankCode', 'Bank', 1, [
      { name: 'State Bank of India', type: 'SBIN', accountLengths: [11, 17] },
      { name: 'HDFC Bank', type: 'HDFC', accountLengths: [14] },
      { name: 'ICICI Bank', type: 'ICIC', accountLengths: [12] },
    ]),
    accountNoField(Defaults.bankChannelNumber, { max: 17 }),
    listField('walletCode', 'Wallet', 2, [
      { name: 'Paytm', type: 'PAYTM' },
      { name: 'PhonePe', type: 'PHONEPE' },
    ]),
    walletAccountField('Wallet mobile number', 'The mobile number of the wallet', 12),
  ],
};

export const bankFormDefinitions: Record<MarketId, BankFormDefinition> = {
  spec: specForm,
  PH: phForm,
  IN: inForm,
};

/** A market's form, validated (throws with every problem listed when a definition is wrong). */
export function bankFormFor(market: MarketId): BankForm {
  const parsed = bankFormSchema.safeParse(bankFormDefinitions[market]);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new Error(`Bank form of market ${market} is invalid: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** The codes of every market's account-number fields: logs redact them (server/src/lib/log-redaction.ts). */
export function accountFieldCodes(): string[] {
  return Object.values(bankFormDefinitions).flatMap((form) =>
    form.fields.filter((field) => field.account).map((field) => field.code),
  );
}
