import { formatAmount, toMinorUnits } from '@kwarta/domain';
import type { Config } from '../../config.ts';
import {
  digestMatches,
  postbackDigest,
  statusFromCode,
  type CreatedPayment,
  type CreatePaymentInput,
  type PaymentProvider,
  type PostbackFields,
  type ProviderPaymentState,
} from './payment-provider.ts';
import { outboundHeaders, type ProviderRequest } from '../../lib/request-context.ts';

type DragonpayConfig = Config['payments']['dragonpay'];

const POSTBACK_FIELDS = ['txnid', 'refno', 'status', 'message'] as const;

export class DragonpayError extends Error {}

/**
 * Dragonpay's Collect API (v1 REST): POST {api}/{txnid}/post creates a transaction and answers
 * its reference number and pay URL; GET {api}/txnid/{txnid} answers its status. Both with HTTP
 * Basic authentication (merchant id : password). Postbacks carry txnid, refno, status, message
 * and digest = SHA1(txnid:refno:status:message:password); we verify it, then ask the status API
 * before believing it (a digest proves who sent it, the status query what is true now).
 */
export function dragonpayProvider(config: DragonpayConfig, fetchImpl: typeof fetch = fetch): PaymentProvider {
  const authorization = `Basic ${Buffer.from(`${config.merchantId}:${config.secret}`).toString('base64')}`;

  async function call(path: string, init: ProviderRequest = {}): Promise<Record<string, unknown>> {
    const response = await fetchImpl(`${config.apiUrl}${path}`, {
      ...init,
      headers: outboundHeaders({ Authorization: authorization, Accept: 'application/json', ...init.headers }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    const text = await response.text();
    if (!response.ok) throw new DragonpayError(`Dragonpay ${path} answered ${response.status}`);
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new DragonpayError(`Dragonpay ${path} answered something that is not JSON`);
    }
  }

  async function queryStatus(txnid: string): Promise<ProviderPaymentState | null> {
    const body = await call(`/txnid/${encodeURIComponent(txnid)}`);
    if (typeof body.Status !== 'string') return null;
    const amount = body.Amount === undefined ? null : toMinorUnits(String(body.Amount));
    return { status: statusFromCode(body.Status), amount, refNo: String(body.RefNo ?? '') };
  }

  return {
    name: 'dragonpay',
    async create(input: CreatePaymentInput): Promise<CreatedPayment> {
      const body = await call(`/${encodeURIComponent(input.txnid)}/post`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          // Dragonpay reads a decimal amount; our figure is exact centavos, so it goes as text.
          Amount: formatAmount(input.amount),
          Currency: 'PHP',
          Description: input.description,
          Email: input.email,
          ProcId: input.channel.id,
          Expiry: input.expiresAt.toISOString(),
        }),
      });
      if (body.Status !== 'S' || typeof body.RefNo !== 'string' || typeof body.Url !== 'string') {
        throw new DragonpayError(`Dragonpay refused the transaction: ${String(body.Message ?? body.Status)}`);
      }
      return { refNo: body.RefNo, payUrl: body.Url, payCode: body.RefNo };
    },
    verifyPostback(fields: PostbackFields): boolean {
      const values = POSTBACK_FIELDS.map((name) => fields.get(name) ?? '');
      if (!values[0]) return false;
      return digestMatches(postbackDigest(values, config.secret), fields.get('digest'));
    },
    async confirmPostback(fields: PostbackFields) {
      const txnid = fields.get('txnid');
      if (!txnid) return null;
      const state = await queryStatus(txnid);
      return state ? { txnid, state } : null;
    },
    queryStatus,
  };
}
