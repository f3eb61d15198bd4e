import { createHash, timingSafeEqual } from 'node:crypto';
import type { PaymentChannel } from './payment-channels.ts';

/** A provider's view of one transaction, in our words. */
export type ProviderStatus = 'paid' | 'failed' | 'expired' | 'pending';

export interface ProviderPaymentState {
  status: ProviderStatus;
  /** What the provider says was paid, centavos; null when it does not say. */
  amount: number | null;
  refNo: string;
}

export interface CreatePaymentInput {
  txnid: string;
  /** Centavos: the server's own figure. */
  amount: number;
  description: string;
  email: string;
  channel: PaymentChannel;
  expiresAt: Date;
}

export interface CreatedPayment {
  refNo: string;
  /** Where the borrower pays: the provider's page (or the sandbox cashier). */
  payUrl: string;
  /** What the borrower quotes at a counter or in an e-wallet. */
  payCode: string;
}

/** A postback as it arrived, field by field (form body or query). */
export type PostbackFields = URLSearchParams;

/**
 * The payment-provider port (D8). Adapters: `sandbox` (the built-in cashier) and `dragonpay`
 * (Collect API). Only `create` and `queryStatus`/`confirmPostback` go out over the network,
 * always before any transaction and with a timeout.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'dragonpay';
  create(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** The postback's signature over its fields, before anything is read from it. */
  verifyPostback(fields: PostbackFields): boolean;
  /** What a verified postback means, re-checked with the provider where it can be. */
  confirmPostback(fields: PostbackFields): Promise<{ txnid: string; state: ProviderPaymentState } | null>;
  /** The provider's current state of a transaction (reconciliation), null when it does not know it. */
  queryStatus(txnid: string): Promise<ProviderPaymentState | null>;
}

/**
 * Dragonpay's postback digest, SHA1 of the fields joined with ':' and the password last
 * (txnid:refno:status:message:password). The sandbox signs the same way over its fields.
 */
export function postbackDigest(values: readonly string[], secret: string): string {
  return createHash('sha1')
    .update([...values, secret].join(':'), 'utf8')
    .digest('hex');
}

export function digestMatches(expected: string, given: string | null): boolean {
  if (!given) return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Dragonpay's status letters (S success, F failure, P pending, U unknown, R refund, K chargeback, V void, A authorized). */
export function statusFromCode(code: string): ProviderStatus {
  switch (code.toUpperCase()) {
    case 'S':
      return 'paid';
    case 'F':
    case 'V':
    case 'R':
    case 'K':
      return 'failed';
    case 'X':
      return 'expired';
    default:
      return 'pending';
  }
}
