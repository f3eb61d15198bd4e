import { Defaults } from './constants.ts';

/**
 * Which payment-account form items show (spec §4 "Bank form"). Plain code, no zod: the page
 * and the server's checks use the same rule.
 */

/** The item that picks the card type (spec §3) and, for card type 1, the one that picks the channel. */
export const BANK_CARD_TYPE_CODE = 'cardType';
export const BANK_CHANNEL_CODE = 'channel';

/**
 * Spec §4: items of every card type, plus those of the chosen type; for card type 1, items tied
 * to a channel only when it is the chosen one.
 */
export function visibleBankFields<F extends { cardTypeMi: number; channelNumber: string }>(
  fields: readonly F[],
  cardType: string,
  channel: string,
): F[] {
  return fields.filter(
    (f) =>
      (f.cardTypeMi === 0 || String(f.cardTypeMi) === cardType) &&
      (f.channelNumber === '' || (cardType === String(Defaults.bankCardType) && f.channelNumber === channel)),
  );
}
