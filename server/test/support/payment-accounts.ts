import { bindCardNew } from '@kwarta/contract';
import type { FastifyInstance } from 'fastify';
import { callEndpoint } from './api.ts';

export const CARD_NO = '6222021234567890123';

/** A valid binding of the default market: card type 1, channel 90006 (spec §9). */
export function cardForm(productId: number, change: Record<string, string> = {}) {
  return {
    product_id: String(productId),
    cardType: '1',
    channel: '90006',
    holderName: 'Juan Dela Cruz',
    bankCode: 'ICBC',
    cardNo: CARD_NO,
    ...change,
  };
}

/**
 * Binds a bank card as the borrower would (bind-card-new), making it the default payout account.
 * A card number ending in 0000 is one the sandbox payout refuses.
 */
export async function bindCard(
  app: FastifyInstance,
  session: Record<string, string>,
  productId: number,
  cardNo = CARD_NO,
): Promise<void> {
  const { envelope } = await callEndpoint(app, bindCardNew, {
    session,
    body: cardForm(productId, { cardNo }),
  });
  if (envelope?.code !== '00') throw new Error(`binding failed: ${envelope?.message}`);
}
