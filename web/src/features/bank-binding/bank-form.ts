import {
  BANK_CARD_TYPE_CODE,
  BANK_CHANNEL_CODE,
  Defaults,
  visibleBankFields,
  type routes,
} from '@kwarta/contract';
import { stripNonDigits } from '../../lib/input-format.ts';
import type { DataOf } from '../../lib/api-client.ts';

export type BankItem = DataOf<typeof routes.cardInit>['items'][number];

/** What the borrower has chosen or typed, by item code, over the items' own values. */
export type BankValues = Readonly<Record<string, string>>;

export function itemValue(item: BankItem, values: BankValues): string {
  return values[item.code] ?? item.value;
}

/** Spec §4: the chosen card type (default 1) and channel (default 90006) decide which items show. */
export function shownItems(items: readonly BankItem[], values: BankValues): BankItem[] {
  const chosen = (code: string, fallback: string) => {
    const item = items.find((candidate) => candidate.code === code);
    return (item && itemValue(item, values)) || fallback;
  };
  return visibleBankFields(
    items,
    chosen(BANK_CARD_TYPE_CODE, String(Defaults.bankCardType)),
    chosen(BANK_CHANNEL_CODE, Defaults.bankChannelNumber),
  );
}

/** The shown items' values by code, numeric ones as bare digits (the card's grouping spaces go). */
export function filledFields(items: readonly BankItem[], values: BankValues): Record<string, string> {
  return Object.fromEntries(
    shownItems(items, values).map((item) => {
      const value = itemValue(item, values);
      return [
        item.code,
        item.cate === 'text' && item.inputType !== 'text' ? stripNonDigits(value) : value.trim(),
      ];
    }),
  );
}
