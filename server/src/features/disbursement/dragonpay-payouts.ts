import { calendarDateAt, formatAmount } from '@kwarta/domain';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PayoutAccount } from '../bank-binding/index.ts';
import type { PayoutGateway, PayoutRequest, PayoutResult } from './payouts.ts';
import { outboundHeaders, type ProviderRequest } from '../../lib/request-context.ts';

type DragonpayPayoutConfig = Config['payouts']['dragonpay'];

export interface DragonpayPayoutOptions {
  clock: Clock;
  /** The lender's calendar: a payout runs today there (Dragonpay's RunDate). */
  timeZone: string;
  /** Dragonpay asks each payout for an email to notify; we keep none of the borrower's, so the lender's. */
  notifyEmail: string;
  /** The payout's description on Dragonpay's side, before its reference (the brand name). */
  description: string;
  fetchImpl?: typeof fetch;
}

/** Dragonpay answered something the adapter cannot read as an outcome: the payout stays unknown. */
export class DragonpayPayoutError extends Error {}

/**
 * Dragonpay's payout processor ids of the bank form's institutions, by card type
 * (packages/contract bank-forms.ts: 1 a bank account, paid to its number; 2 an e-wallet, paid to
 * its mobile number). An institution missing here is one Dragonpay does not pay for us: its
 * payout is refused before anything is sent, which asks the borrower for another account.
 */
const PROC_IDS: Readonly<Record<number, Readonly<Record<string, string>>>> = {
  1: { BDO: 'BDO', BPI: 'BPI', MBTC: 'MBTC', LBP: 'LBP', UBP: 'UBP', SECB: 'SECB' },
  2: { GCASH: 'GCSH', MAYA: 'PYMY' },
};
const E_WALLET = 2;

/** The post's Code when the TxnId is already Dragonpay's: it never makes a second payout of it. */
const DUPLICATE_TXNID = -8;

/**
 * Dragonpay's Payout API (v1, decision 0090): POST {api}/{merchantId}/post makes a payout under
 * our TxnId and answers { Code, Message } (Code 0: accepted, Message its reference number);
 * GET {api}/{merchantId}/{txnid} answers { RefNo, Status, Message } of one we made, 404 of one it
 * does not know. Both with the payout API key as a Bearer token.
 *
 * `send` never pays a reference twice: it asks Dragonpay about the reference first and posts only
 * when Dragonpay does not know it, so a second call after a lost answer (a timeout; the resume job)
 * reads the first payout's outcome instead of making another. Dragonpay refusing a duplicate
 * TxnId is the last guard.
 */
export function dragonpayPayouts(
  config: DragonpayPayoutConfig,
  options: DragonpayPayoutOptions,
): PayoutGateway {
  const fetchImpl = options.fetchImpl ?? fetch;
  const base = `${config.apiUrl}/${encodeURIComponent(config.merchantId)}`;

  /** The answer's JSON body, or null on a 404; throws on anything else, leaving the outcome unknown. */
  async function call(path: string, init: ProviderRequest = {}): Promise<Record<string, unknown> | null> {
    const response = await fetchImpl(`${base}${path}`, {
      ...init,
      headers: outboundHeaders({
        Authorization: `Bearer ${config.secret}`,
        Accept: 'application/json',
        ...init.headers,
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    const text = await response.text();
    if (response.status === 404) return null;
    if (!response.ok) throw new DragonpayPayoutError(`Dragonpay payout ${path} answered ${response.status}`);
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new DragonpayPayoutError(`Dragonpay payout ${path} answered something that is not JSON`);
    }
  }

  /** What Dragonpay says of a TxnId, or null when it does not know it. */
  async function payoutStatus(txnid: string): Promise<PayoutResult | null> {
    const body = await call(`/${encodeURIComponent(txnid)}`);
    if (!body) return null;
    const status = String(body.Status ?? '').toUpperCase();
    switch (status) {
      case 'S':
        return { ok: true, providerReference: String(body.RefNo ?? '') };
      case 'F': // failed
      case 'V': // voided
        return {
          ok: false,
          reason: `Dragonpay: ${String(body.Message || 'payout failed')} (status ${status})`,
        };
      case 'P': // pending
      case 'G': // in progress
      case 'H': // on hold
        return { ok: 'pending' };
      default:
        throw new DragonpayPayoutError(
          `Dragonpay payout ${txnid} has status '${status}', which is no outcome`,
        );
    }
  }

  async function post(request: PayoutRequest, procId: string): Promise<PayoutResult> {
    const { account } = request;
    const { first, last } = splitName(account.holderName);
    const body = await call('/post', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        TxnId: request.reference,
        FirstName: first,
        MiddleName: '',
        LastName: last,
        // Dragonpay reads a decimal amount; our figure is exact centavos, so it goes as text.
        Amount: formatAmount(request.amount),
        Currency: 'PHP',
        Description: `${options.description} ${request.reference}`,
        ProcId: procId,
        ProcDetail: account.accountNumber,
        RunDate: calendarDateAt(options.clock.now(), options.timeZone),
        Email: options.notifyEmail,
        MobileNo: account.cardType === E_WALLET ? account.accountNumber : '',
      }),
    });
    if (!body) throw new DragonpayPayoutError('Dragonpay payout /post answered 404');
    const code = Number(body.Code);
    if (code === DUPLICATE_TXNID) {
      // Made meanwhile by another call under this reference (two resume runs): its outcome is ours.
      const known = await payoutStatus(request.reference);
      if (!known) throw new DragonpayPayoutError(`Dragonpay knows ${request.reference} but does not show it`);
      return known;
    }
    if (code !== 0) {
      return {
        ok: false,
        reason: `Dragonpay refused the payout: ${String(body.Message ?? '')} (code ${code})`,
      };
    }
    // Accepted means queued. Asked once more so a payout Dragonpay completed at once is recorded
    // now; one still in progress is pending, for the resume job to ask again.
    return (await payoutStatus(request.reference)) ?? { ok: 'pending' };
  }

  return {
    name: 'dragonpay',
    async send(request) {
      const known = await payoutStatus(request.reference);
      if (known) return known;
      const procId = procIdOf(request.account);
      if (!procId) {
        return {
          ok: false,
          reason: `Dragonpay does not pay to ${request.account.institutionName || request.account.institutionCode}`,
        };
      }
      return post(request, procId);
    },
  };
}

function procIdOf(account: PayoutAccount): string | undefined {
  return PROC_IDS[account.cardType]?.[account.institutionCode];
}

/** Dragonpay wants a first and a last name: the holder's last word is the last name. */
function splitName(holderName: string): { first: string; last: string } {
  const words = holderName.trim().split(/\s+/);
  const last = words.pop() ?? '';
  return { first: words.length ? words.join(' ') : last, last };
}
