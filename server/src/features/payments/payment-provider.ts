import { createHash, timingSafeEqual } from 'node:crypto';
export type {
  CreatedPayment,
  CreatePaymentInput,
  PaymentProvider,
  PostbackFields,
  ProviderPaymentState,
  ProviderStatus,
} from '../../lib/ports/payment-provider.ts';
import type { ProviderStatus } from '../../lib/ports/payment-provider.ts';

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
