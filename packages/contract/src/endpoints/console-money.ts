import { z } from '@kwarta/domain/zod';
import { defineEndpoints } from '../endpoint.ts';
import { consoleMoneyRoutes } from '../console-money-routes.ts';
import { complianceProfileView } from './console.ts';
import { dateField, idField, intField, textField } from '../form-fields.ts';
import { approvalActions, manualChannels, referencePattern, standardReportNames } from '../money-actions.ts';

const amount = intField('amount');
const reference = textField(60).pipe(
  z.string().regex(referencePattern, 'reference: 1-60 letters, digits, spaces, - _ . / #'),
);
const reason = textField(500);

/** What proposing a money action answered: applied now, or waiting as request `requestId`. */
const proposed = z.object({
  status: z.enum(['applied', 'pending']),
  requestId: z.number().int().nullable(),
  /** The order's status after it (applied), or as it is (pending). */
  orderStatus: z.number().int().nullable(),
  /** False when the same reference was posted before: nothing new was applied. */
  applied: z.boolean(),
});

const approvalItem = z.object({
  id: z.number().int(),
  action: z.enum(approvalActions),
  /** The request's key: `order:<id>`, `product:<id>` or `product:new`. */
  subject: z.string(),
  /** What it is about in words: "Order 12", "Product Kwarta Flex", "New product Kwarta Max". */
  subjectName: z.string(),
  amount: z.number().int(),
  payload: z.record(z.string(), z.unknown()),
  status: z.enum(['pending', 'applied', 'rejected', 'refused']),
  proposedBy: z.string(),
  proposedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  outcome: z.string(),
});

/** A new plan's terms, in the form's fields (RestructureTerms). */
const restructureTerms = z.object({
  orderId: idField('orderId'),
  instalments: intField('instalments'),
  everyDays: intField('everyDays'),
  firstDue: dateField(),
  monthlyBps: intField('monthlyBps'),
});

const newInstalment = z.object({
  dueDate: z.string(),
  principal: z.number().int(),
  interest: z.number().int(),
});

const standardReportRequest = z.object({
  name: z.enum(standardReportNames),
  from: z.union([z.literal(''), dateField()]).default(''),
  to: z.union([z.literal(''), dateField()]).default(''),
});

export const consoleMoneyEndpoints = defineEndpoints(consoleMoneyRoutes, {
  consoleManualRepayment: {
    request: z.object({
      orderId: idField('orderId'),
      amount,
      channel: z.enum(manualChannels),
      receivedOn: textField(10),
      reference,
      note: textField(500).default(''),
    }),
    data: proposed,
  },
  consoleReversePayment: {
    request: z.object({ paymentId: idField('paymentId'), reason }),
    data: proposed,
  },
  consoleWaiveCharge: {
    request: z.object({
      orderId: idField('orderId'),
      charge: z.enum(['penalty', 'charges']),
      amount,
      reason,
      reference,
    }),
    data: proposed,
  },
  consoleRestructurePreview: {
    request: restructureTerms,
    data: z.object({
      /** What the new instalments carry: the principal still owed, nothing more. */
      principalOwed: z.number().int(),
      /** Everything the order owes now under its current plan (principal, charges, penalty). */
      owedNow: z.number().int(),
      instalments: z.array(newInstalment),
      /** The new plan's interest, and what the borrower repays over it. */
      interest: z.number().int(),
      total: z.number().int(),
      /** The compliance profile the order was made under, or null when none covered it. */
      profile: complianceProfileView,
      /** Each cap the plan breaks, in words; none: the plan may be offered. */
      breaches: z.array(z.string()),
      /** Above the threshold, the offer waits for a second operator. */
      needsApproval: z.boolean(),
    }),
  },
  consoleOfferRestructuring: {
    request: restructureTerms,
    data: proposed,
  },
  consoleApprovals: {
    request: z.object({ status: z.enum(['pending', 'decided']).default('pending') }),
    data: z.object({ items: z.array(approvalItem) }),
  },
  consoleApprovalCount: {
    request: z.object({}),
    data: z.object({ pending: z.number().int() }),
  },
  consoleApproveRequest: {
    request: z.object({ requestId: idField('requestId') }),
    data: z.object({ requestId: z.number().int(), status: z.literal('applied') }),
  },
  consoleStandardReport: {
    request: standardReportRequest,
    data: z.object({
      header: z.object({
        report: z.enum(standardReportNames),
        timeZone: z.string(),
        computedAt: z.string(),
        from: z.string(),
        to: z.string(),
      }),
      columns: z.array(z.string()),
      /** The columns that are amounts: centavos in the rows, money on screen and in the CLI. */
      money: z.array(z.string()),
      rows: z.array(z.array(z.union([z.string(), z.number()]))),
    }),
  },
  consoleExportStandardReport: {
    request: standardReportRequest,
    /** The CSV text itself (route.produces), not an envelope. */
    data: z.string(),
  },
  consoleRejectRequest: {
    request: z.object({ requestId: idField('requestId'), reason: textField(500).default('') }),
    data: z.object({ requestId: z.number().int(), status: z.literal('rejected') }),
  },
});
