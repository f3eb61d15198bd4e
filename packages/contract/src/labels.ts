import type { JournalKind } from '@kwarta/domain/ledger';
import { isOrderStatus, OrderStatus, orderStatuses } from '@kwarta/domain/order-status';
import type { ContactKind, ContactOutcome } from './collections.ts';
import { messages, type MessageKey } from './messages.ts';
import type { PaymentKind, PaymentStatus, PayoutStatus } from './payment-statuses.ts';

/**
 * The one place each stored code gets the words a person reads (borrower pages, the console,
 * exports): screens never print an enum's name or a processor's id. Zod-free, so the console
 * imports it by subpath (`@kwarta/contract/labels`).
 */

const statusTextKeys: Record<OrderStatus, MessageKey> = {
  [OrderStatus.UnderReview]: 'orderStatus21',
  [OrderStatus.Rejected]: 'orderStatus110',
  [OrderStatus.Approved]: 'orderStatus151',
  [OrderStatus.Repaying]: 'orderStatus170',
  [OrderStatus.Due]: 'orderStatus174',
  [OrderStatus.Overdue]: 'orderStatus180',
  [OrderStatus.WrittenOff]: 'orderStatus190',
  [OrderStatus.Settled]: 'orderStatus200',
};

/** Status text from the catalogue; an unknown status reads as settled, as the spec's icons do. */
export function orderStatusText(status: number): string {
  return messages[statusTextKeys[isOrderStatus(status) ? status : OrderStatus.Settled]];
}

/** Every order status in the order of the lifecycle (DESIGN D2), with its text: filters list these. */
export function orderStatusOptions(): { status: OrderStatus; label: string }[] {
  return orderStatuses.map((status) => ({ status, label: orderStatusText(status) }));
}

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Waiting for payment',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  held: 'Held for review',
  returning: 'Being returned',
  returned: 'Returned',
  reversed: 'Reversed',
};

export const paymentKindLabels: Record<PaymentKind, string> = {
  repayment: 'Repayment',
  extension: 'Extension fee',
};

export const payoutStatusLabels: Record<PayoutStatus, string> = {
  sending: 'Being sent',
  sent: 'Sent',
  failed: 'Failed',
};

export const journalKindLabels: Record<JournalKind, string> = {
  payout_sending: 'Payout being sent',
  disbursement: 'Disbursement',
  payout_failed: 'Payout failed',
  accrual: 'Late penalty accrued',
  repayment: 'Repayment',
  extension_fee: 'Extension fee',
  held_payment: 'Payment held for review',
  refund: 'Refund',
  write_off: 'Write-off',
  recovery: 'Recovery after write-off',
  reversal: 'Reversal',
  payment_reversal: 'Payment reversed',
  waiver: 'Waiver',
  restructure: 'New plan (restructured)',
};

export const contactKindLabels: Record<ContactKind, string> = {
  call: 'Call',
  message: 'Message',
  sms: 'SMS',
};

export const contactOutcomeLabels: Record<ContactOutcome, string> = {
  reached: 'Reached',
  promised: 'Promised to pay',
  'no-answer': 'No answer',
  'left-message': 'Left a message',
  'wrong-number': 'Wrong number',
  refused: 'Refused',
  queued: 'Queued',
};

/** The providers money comes in through (payments.provider): the console's filter lists these. */
export const paymentProviderLabels: Readonly<Record<string, string>> = {
  dragonpay: 'Dragonpay',
  card: 'Bank card debit',
  sandbox: 'Sandbox (testing)',
};

/** The payment channels we present, by processor id (Dragonpay's procId). */
export const paymentChannelNames: Readonly<Record<string, string>> = {
  GCSH: 'GCash',
  PYMY: 'Maya',
  BAYD: 'Bayad Center',
  '7ELE': '7-Eleven',
  ECPY: 'ECPay',
};

/** A channel's name; an id we do not know is shown as it is. */
export function paymentChannelName(id: string): string {
  return paymentChannelNames[id] ?? id;
}

/** A label for a code that may be unknown (an older row): the label, else the code itself. */
export function labelOf<K extends string>(labels: Readonly<Record<K, string>>, code: string): string {
  return (labels as Readonly<Record<string, string>>)[code] ?? code;
}
