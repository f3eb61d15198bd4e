import type { PayoutGateway } from '../../lib/ports/payout-gateway.ts';

export type { PayoutGateway, PayoutRequest, PayoutResult } from '../../lib/ports/payout-gateway.ts';

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
