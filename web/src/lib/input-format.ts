/**
 * Input formatters of spec §5. Each takes whatever the input holds after a keystroke or paste
 * and returns what it should show, so they must accept junk (letters, pasted separators,
 * overlong text) and be idempotent on their own output.
 */

import { markets, type PhoneRule } from '@kwarta/contract';

export type Formatter = (raw: string) => string;

export function stripNonDigits(value: string): string {
  return value.replace(/\D/g, '');
}

export function digitsOnly(value: string, maxLength = Infinity): string {
  return stripNonDigits(value).slice(0, maxLength);
}

/**
 * Splits digits into groups of the given sizes joined by `separator`; the last size repeats,
 * so `[4]` groups a card number of any length.
 */
export function groupDigits(digits: string, groups: readonly number[], separator = ' '): string {
  const parts: string[] = [];
  for (let index = 0, group = 0; index < digits.length; group += 1) {
    const size = Math.max(1, groups[Math.min(group, groups.length - 1)] ?? digits.length);
    parts.push(digits.slice(index, index + size));
    index += size;
  }
  return parts.join(separator);
}

/** A market's national phone number shape (DESIGN D5: the contract's market definitions). */
export type PhoneFormat = Pick<PhoneRule, 'groups'> & Partial<Pick<PhoneRule, 'countryCode' | 'trunkPrefix'>>;

/** The spec's market: 11 digits `1[3-9]…` grouped 3-4-4. */
export const PHONE_FORMAT_SPEC: PhoneFormat = markets.spec.phone;

/** Philippines: `09` + 9 digits grouped 4-3-4. */
export const PHONE_FORMAT_PH: PhoneFormat = markets.PH.phone;

/**
 * Digits only, at most the market's length, grouped by its pattern. Accepts bare group sizes
 * (`[3, 4, 4]`) for markets without a country-code rule.
 */
export function formatPhone(
  value: string,
  format: PhoneFormat | readonly number[] = PHONE_FORMAT_SPEC,
): string {
  const phone: PhoneFormat = isGroups(format) ? { groups: format } : format;
  const length = phone.groups.reduce((sum, size) => sum + size, 0);
  return groupDigits(nationalDigits(value, phone, length).slice(0, length), phone.groups);
}

function isGroups(format: PhoneFormat | readonly number[]): format is readonly number[] {
  return Array.isArray(format);
}

// A country code is only recognised when the number says it is international: a leading `+`,
// or exactly the digit count of the international form. Otherwise local numbers that happen to
// begin with the code's digits would be mangled.
function nationalDigits(
  value: string,
  { countryCode, trunkPrefix = '' }: PhoneFormat,
  length: number,
): string {
  const digits = stripNonDigits(value);
  if (!countryCode || !digits.startsWith(countryCode)) return digits;
  const international =
    value.trimStart().startsWith('+') || digits.length === countryCode.length + length - trunkPrefix.length;
  if (!international) return digits;
  const rest = digits.slice(countryCode.length);
  return rest.startsWith(trunkPrefix) ? rest : trunkPrefix + rest;
}

/** Longest card number (ISO/IEC 7812 PAN). */
export const BANK_CARD_MAX_DIGITS = 19;

export function formatBankCard(value: string, maxDigits = BANK_CARD_MAX_DIGITS): string {
  return groupDigits(digitsOnly(value, maxDigits), [4]);
}

export interface MoneyFormat {
  /** Longest text allowed, decimal point and decimals included (as `<input maxlength>` counts). */
  maxLength?: number;
  /** Decimals allowed after the point; 0 for whole amounts. */
  decimals?: number;
}

/**
 * Digits with at most one decimal point and `decimals` decimals. Leading zeros go ("007" →
 * "7") and a bare point gets its zero (".5" → "0.5"). Pasted grouping commas and spaces are
 * dropped; the first point is the decimal point, so later ones are ignored as typed ones are.
 */
export function formatMoney(value: string, { maxLength = Infinity, decimals = 2 }: MoneyFormat = {}): string {
  const cleaned = value.replace(/[^\d.]/g, '');
  const point = cleaned.indexOf('.');
  const integer = (point === -1 ? cleaned : cleaned.slice(0, point)).replace(/^0+(?=\d)/, '');
  if (point === -1 || decimals <= 0) return integer.slice(0, maxLength);
  const fraction = cleaned
    .slice(point + 1)
    .replace(/\./g, '')
    .slice(0, decimals);
  return `${integer || '0'}.${fraction}`.slice(0, maxLength);
}

// Characters that carry the value; everything else a formatter adds is decoration.
const SIGNIFICANT = /[\p{L}\p{N}.]/u;

function countSignificant(text: string): number {
  let count = 0;
  for (const char of text) if (SIGNIFICANT.test(char)) count += 1;
  return count;
}

export interface FormatResult {
  value: string;
  caret: number;
}

/**
 * Formats an input's raw text and says where the caret belongs: after as many value characters
 * as stood before it, so inserting separators (or dropping letters) does not throw it to the end.
 * With `previous`, a backspace that removed only a separator removes the character before it
 * too; otherwise formatting would put the separator straight back and the key would seem dead.
 */
export function formatWithCaret(
  raw: string,
  caret: number,
  format: Formatter,
  previous?: string,
): FormatResult {
  let text = raw;
  let at = caret;
  if (previous !== undefined && raw.length < previous.length && format(raw) === previous) {
    let index = at - 1;
    while (index >= 0 && !SIGNIFICANT.test(text.charAt(index))) index -= 1;
    if (index >= 0) {
      text = text.slice(0, index) + text.slice(index + 1);
      at = index;
    }
  }
  const value = format(text);
  const wanted = countSignificant(format(text.slice(0, at)));
  let position = 0;
  for (let seen = 0; position < value.length && seen < wanted; position += 1) {
    if (SIGNIFICANT.test(value.charAt(position))) seen += 1;
  }
  return { value, caret: position };
}
