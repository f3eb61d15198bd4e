import type { PayoutAccount } from '../bank-binding/index.ts';

/** One payout: the disbursement's own id as the idempotency reference a provider dedupes on. */
export interface PayoutRequest {
  reference: string;
  /** Centavos. */
  amount: number;
  account: PayoutAccount;
}

export type PayoutResult = { ok: true; providerReference: string } | { ok: false; reason: string };

/**
 * Where disbursements are sent (decision 0052). A real adapter (a bank's or a provider's payout
 * API) implements the same port; its `send` must be idempotent on `reference`.
 */
export interface PayoutGateway {
  readonly name: string;
  send(request: PayoutRequest): Promise<PayoutResult>;
}

/** In the sandbox an account number ending in these digits is a closed account: its payout fails. */
export const SANDBOX_FAILING_ACCOUNT_SUFFIX = '0000';

/**
 * The sandbox pays every account at once, except one whose number ends in
 * SANDBOX_FAILING_ACCOUNT_SUFFIX, so testers (and tests) can see a failed payout and the rebind
 * prompt it causes, like a card network's test numbers.
 */
export const sandboxPayouts: PayoutGateway = {
  name: 'sandbox',
  async send(request) {
    if (request.account.accountNumber.endsWith(SANDBOX_FAILING_ACCOUNT_SUFFIX)) {
      return { ok: false, reason: 'sandbox: the receiving account is closed' };
    }
    return { ok: true, providerReference: `SBX-PAYOUT-${request.reference}` };
  },
};
