import { isValidPhone, messages, type Market } from '@kwarta/contract';
import { Refusal } from '../../lib/refusal.ts';

/** Refuses a phone that breaks the market's rule (D5) with the spec's message, before anything is used up. */
export function requirePhone(market: Market, phone: string): void {
  if (!isValidPhone(phone, market)) throw Refusal.invalid(messages.phoneInvalid);
}
