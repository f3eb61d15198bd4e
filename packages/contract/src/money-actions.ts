import { z } from '@kwarta/domain/zod';
import { MAX_INT } from './form-fields.ts';

/**
 * The back office's money actions and their maker-checker (decision 0110). Each action above its
 * threshold (centavos; the action's amount) is proposed by one operator and applied only when
 * another, of a role allowed to approve it, approves; at or below it one confirmation applies it.
 */
export const approvalActions = [
  'manual_repayment',
  'reversal',
  'waiver',
  'disbursement',
  'write_off',
  'restructuring',
  'product_change',
] as const;
export type ApprovalAction = (typeof approvalActions)[number];

/**
 * ₱10,000 for money in and out, ₱1,000 for what the lender forgives, ₱50,000 for a loan paid out
 * (above the largest product most lenders start with), ₱10,000 for a loan written off and ₱10,000
 * of principal still owed for a new plan (decision 0110): set per lender by APPROVAL_THRESHOLDS.
 * A product change is compared by the product's largest principal (decision 0115): ₱50,000, the
 * disbursement's, so a product may only lend above what one operator may pay out once two admins
 * agree.
 */
export const defaultApprovalThresholds: Readonly<Record<ApprovalAction, number>> = Object.freeze({
  manual_repayment: 1_000_000,
  reversal: 1_000_000,
  waiver: 100_000,
  disbursement: 5_000_000,
  write_off: 1_000_000,
  restructuring: 1_000_000,
  product_change: 5_000_000,
});

export const approvalThresholdsSchema = z
  .partialRecord(z.enum(approvalActions), z.number().int().min(0).max(MAX_INT))
  .transform((given) => ({ ...defaultApprovalThresholds, ...given }));

/** The standard reports (decision 0110): the console's, the CSV's and `npm run report`'s names. */
export const standardReportNames = [
  'aging',
  'expected-repayments',
  'disbursements',
  'collections-by-collector',
  'payments-by-channel',
] as const;
export type StandardReportName = (typeof standardReportNames)[number];

/** How money outside a provider reached the lender. */
export const manualChannels = ['bank_deposit', 'bank_transfer', 'cash', 'check'] as const;
export type ManualChannel = (typeof manualChannels)[number];

export const referencePattern = /^[A-Za-z0-9][A-Za-z0-9 _./#-]{0,59}$/;

const amountField = z.number().int().min(1).max(MAX_INT);

/** Money received outside a provider, posted against an order. */
export const manualRepaymentRequest = z.object({
  orderId: z.number().int().positive(),
  amount: amountField,
  channel: z.enum(manualChannels),
  receivedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  reference: z.string().regex(referencePattern),
  note: z.string().max(500).default(''),
});

/** A paid repayment taken back. */
export const reversalRequest = z.object({
  paymentId: z.number().int().positive(),
  reason: z.string().trim().min(3).max(500),
});

/** Penalty or charges (interest and fees, as the plan lines carry them) forgone. */
export const waiverRequest = z.object({
  orderId: z.number().int().positive(),
  charge: z.enum(['penalty', 'charges']),
  amount: amountField,
  reason: z.string().trim().min(3).max(500),
  reference: z.string().regex(referencePattern),
});

/** An approved order paid out (its amount: the principal). */
export const disbursementRequest = z.object({
  orderId: z.number().int().positive(),
  reason: z.string().max(500).default(''),
});

/** A repaying order written off (its amount: everything it still owes). */
export const writeOffRequest = z.object({
  orderId: z.number().int().positive(),
  reason: z.string().max(500),
});

/** A new plan's terms as the domain's RestructureTerms take them (decision 0110). */
export const restructureTermsRequest = z.object({
  instalments: z.number().int().min(1).max(24),
  everyDays: z.number().int().min(1).max(62),
  firstDue: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Interest on the principal still owed, basis points per 30 days. */
  monthlyBps: z.number().int().min(0).max(10_000),
});

/** A new plan offered for a repaying order (its amount: the principal still owed). */
export const restructuringRequest = z.object({
  orderId: z.number().int().positive(),
  terms: restructureTermsRequest,
});
/** A product's terms as it keeps them (decision 0115): centavos, days and basis points. */
export const productTermsSchema = z.object({
  name: z.string().trim().min(1).max(60),
  minAmount: amountField,
  maxAmount: amountField,
  termDays: z.number().int().min(1).max(3650),
  periods: z.number().int().min(1).max(120),
  termRateBps: z.number().int().min(0).max(MAX_INT),
  term: z.object({ minDays: z.number().int().min(1).max(3650), maxDays: z.number().int().min(1).max(3650) }),
  fees: z
    .array(
      z.object({
        name: z.string().min(1).max(60),
        principalBps: z.number().int().min(0).max(10_000),
        fixedMinor: z.number().int().min(0).max(MAX_INT),
      }),
    )
    .max(10),
});
export type ProductTermsInput = z.infer<typeof productTermsSchema>;

/** What lending a product may change in one step: created, edited, paused, resumed or retired. */
export const productChangeOps = ['create', 'edit', 'pause', 'resume', 'retire'] as const;
export type ProductChangeOp = (typeof productChangeOps)[number];

/** A product created or edited (with its terms), or paused, resumed or retired (by its id). */
export const productChangeRequest = z.union([
  z.object({ op: z.literal('create'), terms: productTermsSchema }),
  z.object({ op: z.literal('edit'), productId: z.number().int().positive(), terms: productTermsSchema }),
  z.object({ op: z.enum(['pause', 'resume', 'retire']), productId: z.number().int().positive() }),
]);
export type ProductChange = z.infer<typeof productChangeRequest>;

export const moneyActionRequests = {
  manual_repayment: manualRepaymentRequest,
  reversal: reversalRequest,
  waiver: waiverRequest,
  disbursement: disbursementRequest,
  write_off: writeOffRequest,
  restructuring: restructuringRequest,
  product_change: productChangeRequest,
} as const satisfies Record<ApprovalAction, z.ZodType>;

export type MoneyActionPayload<A extends ApprovalAction> = z.input<(typeof moneyActionRequests)[A]>;
