import { endpoints } from '@kwarta/contract';
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

/** A bank account of the PH market (MARKET=PH): card type 1 over InstaPay, the bank's own length. */
export const phBankAccount = (bankCode: string, accountNo: string) => ({
  cardType: '1',
  channel: '90006',
  holderName: 'Juan Dela Cruz',
  bankCode,
  accountNo,
});

/** A GCash e-wallet of the PH market (MARKET=PH): card type 2, paid to its mobile number. */
export const phWallet = (walletAccount: string) => ({
  cardType: '2',
  holderName: 'Juan Dela Cruz',
  walletCode: 'GCASH',
  walletAccount,
});

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
  await bindAccount(app, session, productId, cardForm(productId, { cardNo }));
}

/** Binds any account form (bind-card-new) as the borrower's default payout account. */
export async function bindAccount(
  app: FastifyInstance,
  session: Record<string, string>,
  productId: number,
  form: Record<string, string>,
): Promise<void> {
  const { envelope } = await callEndpoint(app, endpoints.bindCardNew, {
    session,
    body: { ...form, product_id: String(productId) },
  });
  if (envelope?.code !== '00') throw new Error(`binding failed: ${envelope?.message}`);
}
