import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { formatAmount, toMinorUnits } from '@kwarta/domain';
import {
  digestMatches,
  postbackDigest,
  statusFromCode,
  type CreatedPayment,
  type CreatePaymentInput,
  type PaymentProvider,
  type PostbackFields,
} from './payment-provider.ts';

/** The cashier's postback fields, signed in this order (Dragonpay's four, plus the amount paid). */
const SIGNED_FIELDS = ['txnid', 'refno', 'status', 'message', 'amount'] as const;

export const SANDBOX_CASHIER_PATH = '/sandbox/cashier';

/**
 * The cashier's link names its payment and carries this signature: only who was handed the pay
 * URL (the paying borrower, through generate-vcode) can open the payment or act on it.
 */
export function cashierSignature(secret: string, txnid: string): string {
  return createHmac('sha256', secret).update(`cashier:${txnid}`, 'utf8').digest('hex');
}

export function cashierPath(secret: string, txnid: string): string {
  return `${SANDBOX_CASHIER_PATH}/${encodeURIComponent(txnid)}?sig=${cashierSignature(secret, txnid)}`;
}

/** The postback the sandbox cashier sends for a tester's choice, signed like a real provider's. */
export function sandboxPostback(
  secret: string,
  input: { txnid: string; refNo: string; status: 'S' | 'F' | 'X'; amount: number },
): URLSearchParams {
  const message = { S: 'Paid at the sandbox cashier', F: 'Failed at the sandbox cashier', X: 'Expired' }[
    input.status
  ];
  const values = [input.txnid, input.refNo, input.status, message, formatAmount(input.amount)];
  const fields = new URLSearchParams(
    SIGNED_FIELDS.map((name, index): [string, string] => [name, values[index]!]),
  );
  fields.set('digest', postbackDigest(values, secret));
  return fields;
}

/**
 * The sandbox provider (D8, the default): no money moves. A pay code is made here, the pay URL
 * is the built-in cashier page, and the cashier's postback is signed with the sandbox secret.
 * It has no status API of its own, so its signed postback is its confirmed word; a payment
 * nobody acts on expires by our own clock (reconciliation).
 */
export function sandboxProvider(secret: string): PaymentProvider {
  return {
    name: 'sandbox',
    async create(input: CreatePaymentInput): Promise<CreatedPayment> {
      const refNo = randomBytes(4).toString('hex').toUpperCase();
      const payCode = `${randomInt(1000, 10000)}${randomInt(1000, 10000)}${randomInt(1000, 10000)}`;
      return { refNo, payCode, payUrl: cashierPath(secret, input.txnid) };
    },
    verifyPostback(fields: PostbackFields): boolean {
      const values = SIGNED_FIELDS.map((name) => fields.get(name) ?? '');
      if (!values[0]) return false;
      return digestMatches(postbackDigest(values, secret), fields.get('digest'));
    },
    async confirmPostback(fields: PostbackFields) {
      const txnid = fields.get('txnid');
      const status = fields.get('status');
      if (!txnid || !status) return null;
      const amount = toMinorUnits(fields.get('amount') ?? '');
      return { txnid, state: { status: statusFromCode(status), amount, refNo: fields.get('refno') ?? '' } };
    },
    async queryStatus() {
      return null;
    },
  };
}
