import type { Config } from '../../config.ts';
import type { PayoutAccount } from '../bank-binding/index.ts';

/** What the card provider says about one debit, in our words (the payments' provider states). */
export interface CardDebitResult {
  status: 'paid' | 'failed' | 'pending';
  /** What was debited, centavos; null when the provider does not say. */
  amount: number | null;
  refNo: string;
  /** The provider's reason when it declined. */
  reason?: string;
}

/**
 * The card-debit provider port (decision 0075): debits one bound account for one transaction of
 * ours. Called outside any transaction, with a timeout in a real adapter (shorter than
 * STALLED_PAYING_MS). A real provider that verifies the debit itself, or answers later, says
 * `pending`; its postback then goes through the provider callbacks to the same posting
 * (`postPayment`), exactly like the pay-code providers.
 *
 * `debit` must be idempotent on txnid (the provider's idempotency key): asked again for a txnid it
 * has seen, it answers that debit's outcome and debits nothing more. The resume job relies on it
 * to finish a repayment whose outcome a crash lost.
 */
export interface CardDebitProvider {
  /** The payments' provider name: (provider, txnid) is unique and posts once. */
  readonly name: string;
  debit(input: { txnid: string; amount: number; account: PayoutAccount }): Promise<CardDebitResult>;
}

/**
 * The card-debit provider the server and its jobs use (CARD_DEBIT_PROVIDER), or null when card
 * repayment is not offered: production has no card adapter yet, and the sandbox debits nothing
 * (D18), so there the legacy page says so instead of pretending to charge.
 */
export function createCardDebitProvider(config: Pick<Config, 'cardDebit'>): CardDebitProvider | null {
  return config.cardDebit.provider === 'sandbox' ? sandboxCardProvider() : null;
}

/** Sandbox cards whose number ends in these digits are declined, so a tester can see a refusal. */
export const SANDBOX_DECLINED_SUFFIX = '0000';

/**
 * The sandbox card provider: no money moves. It debits at once, the exact amount asked, and
 * declines an account ending in 0000. Its answer depends only on the request, so asking again for
 * a txnid gives the same outcome and reference (idempotent, as the port asks).
 */
export function sandboxCardProvider(): CardDebitProvider {
  return {
    name: 'card',
    async debit({ txnid, amount, account }) {
      const refNo = `CARD-${txnid}`;
      if (account.accountNumber.endsWith(SANDBOX_DECLINED_SUFFIX)) {
        return { status: 'failed', amount: null, refNo, reason: 'declined' };
      }
      return { status: 'paid', amount, refNo };
    },
  };
}
