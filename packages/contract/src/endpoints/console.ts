import { z } from '@kwarta/domain/zod';
import { defineEndpoints } from '../endpoint.ts';
import { consoleRoutes } from '../console-routes.ts';
import { operatorRoles } from '../operators.ts';
import { paymentKinds, paymentStatuses, payoutStatuses } from '../payment-statuses.ts';
import { idField, intField, textField } from '../form-fields.ts';
import { ratePeriods } from '@kwarta/domain/pricing';
import { Limits, replyImageFields, type ReplyImageField } from '../constants.ts';

const role = z.enum(operatorRoles);

/** Failed sign-in attempts on one operator over some span (decision 0091); null when there were none. */
export const signInFailureSummary = z
  .object({ count: z.number().int(), lastAt: z.string(), lastAddress: z.string() })
  .nullable();

/** A compliance profile (D16) as a verdict names it: its id, and the name an operator reads. */
export const complianceProfileView = z.object({ id: z.string(), name: z.string() }).nullable();

const operatorView = z.object({
  name: z.string(),
  role,
  csrfToken: z.string(),
  menu: z.array(z.string()),
  /** Failed attempts on this operator between their previous sign-in and this session's. */
  failedSignIns: signInFailureSummary,
});

/** A sortable list's direction; empty is the list's own default. */
export const sortDirection = z.enum(['', 'asc', 'desc']).default('');

/** The order queue's sortable columns, each served by an index (decision 0113). */
export const orderQueueSorts = ['applied', 'amount'] as const;

/** A paged list's request: the console's lists read one page (pageSize + 1 rows, no count). */
export const pageFields = {
  page: intField('page')
    .refine((value) => value >= 1, 'page starts at 1')
    .default(1),
  pageSize: intField('pageSize')
    .refine((value) => value >= 1 && value <= 100, 'pageSize is 1-100')
    .default(20),
};

/** A paged list's answer: one page of `item` and whether a further page exists. */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Whether a further page exists (no count over the whole table per page). */
    hasMore: z.boolean(),
  });

const queueItem = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  productName: z.string(),
  /** Masked (last four digits) unless the role calls borrowers. */
  phone: z.string(),
  principal: z.number().int(),
  appliedAt: z.string(),
});

const money = z.number().int();

export const paymentItem = z.object({
  id: z.number().int(),
  txnid: z.string(),
  orderId: z.number().int(),
  orderNo: z.string(),
  kind: z.enum(paymentKinds),
  provider: z.string(),
  channel: z.string(),
  /** What we asked for (the server's figure when the code was made). */
  expectedAmount: money,
  /** What the provider says arrived; null until something did. */
  receivedAmount: money.nullable(),
  status: z.enum(paymentStatuses),
  /** Why it is in that status: amount_mismatch, amount_unreadable, amount_out_of_range, accepted_by_operator, returned_by_operator. */
  statusReason: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});

const paymentAction = z.object({ paymentId: idField('paymentId') });

const orderAction = z.object({ orderId: idField('orderId'), reason: textField(500).default('') });

const orderAfter = z.object({ orderId: z.number().int(), status: z.number().int() });

/** Above its threshold a disbursement or write-off waits for a second operator (decision 0110): its request. */
const pendingRequestId = z.number().int().nullable();

const replyImage = z
  .file({ message: 'images must be files' })
  .max(10 * 1024 * 1024)
  .optional();

const replyImageSlots = Object.fromEntries(replyImageFields.map((name) => [name, replyImage])) as Record<
  ReplyImageField,
  typeof replyImage
>;

/** Where a product stands with borrowers: lent, shown as Coming soon, or gone (decision 0115). */
export const productStates = ['on_offer', 'coming_soon', 'retired'] as const;

const productView = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.enum(productStates),
  minAmount: money,
  maxAmount: money,
  termDays: z.number().int(),
  periods: z.number().int(),
  termRateBps: z.number().int(),
  minTermDays: z.number().int(),
  maxTermDays: z.number().int(),
  fees: z.array(z.object({ name: z.string(), principalBps: z.number().int(), fixedMinor: money })),
  /** The loan rules as JSON (domain loanRulesSchema): the penalties and notices the editor keeps. */
  loanRules: z.string(),
});

/**
 * A product's terms as the editor states them (decision 0115): amounts and percentages in the
 * market's writing ("1.500,50" in the spec's market), read by the domain's parseProductTerms on
 * the server; fees as a JSON list of {name, percent, fixed} (a form has no lists).
 */
const productTermsText = {
  productId: idField('productId').optional(),
  name: textField(60),
  minAmount: textField(30),
  maxAmount: textField(30),
  termDays: intField('termDays'),
  periods: intField('periods'),
  minTermDays: intField('minTermDays'),
  maxTermDays: intField('maxTermDays'),
  rate: textField(12),
  ratePer: z.enum(ratePeriods),
  fees: textField(4_000)
    .default('[]')
    .transform((text, context) => {
      try {
        const parsed = feesText.safeParse(JSON.parse(text || '[]'));
        if (parsed.success) return parsed.data;
      } catch {
        // answered below
      }
      context.addIssue({ code: 'custom', message: 'fees must list {name, percent, fixed}' });
      return z.NEVER;
    }),
};
const feesText = z
  .array(z.object({ name: z.string().max(60), percent: z.string().max(12), fixed: z.string().max(30) }))
  .max(10);

const productPlan = z.object({
  principal: money,
  charges: money,
  total: money,
  termDays: z.number().int(),
  fees: z.array(z.object({ name: z.string(), amount: money })),
  /** The effective interest rate, per month and per year, as fractions. */
  eirMonthly: z.number(),
  eirAnnual: z.number(),
  lines: z.array(z.object({ seq: z.number().int(), dueDate: z.string(), amount: money })),
});

/** Applied at once, or waiting for another admin as approval request `requestId`. */
const productChanged = z.object({
  status: z.enum(['applied', 'pending']),
  requestId: z.number().int().nullable(),
  productId: z.number().int().nullable(),
});

export const consoleEndpoints = defineEndpoints(consoleRoutes, {
  consoleSignIn: {
    request: z.object({
      name: textField(64).min(1),
      password: textField(256).min(1),
      totp: textField(12).default(''),
    }),
    data: operatorView,
  },
  consoleSignOut: {
    request: z.object({}),
    data: z.null(),
  },
  consoleMe: {
    request: z.object({}),
    data: operatorView,
  },
  consoleDashboard: {
    request: z.object({}),
    data: z.object({
      byStatus: z.array(
        z.object({ status: z.number().int(), statusText: z.string(), count: z.number().int() }),
      ),
      dueToday: z.number().int(),
      overdue: z.number().int(),
      /** Unanswered complaints filed more than 3 weekdays ago. */
      complaintsPastLine: z.number().int(),
      /** Payments held for review (paid, but not the amount asked). */
      paymentsHeld: z.number().int(),
    }),
  },
  consoleOrders: {
    request: z.object({
      ...pageFields,
      status: z.union([z.literal(''), intField('status')]).default(''),
      /** An order number or a phone. */
      q: textField(64).default(''),
      /** The column the queue is sorted by (default: applied, newest first). */
      sort: z.enum(['', ...orderQueueSorts]).default(''),
      dir: sortDirection,
    }),
    data: pageOf(queueItem),
  },
  consoleOrder: {
    request: z.object({ orderId: idField('orderId') }),
    data: z.object({
      order: queueItem.extend({
        totalDue: money,
        paidAmount: money,
        penaltyAmount: money,
        /** A repaying order's balance as its plan stands (null otherwise): what money actions state. */
        owed: z.object({ total: money, penalty: money, charges: money }).nullable(),
        termDays: z.number().int(),
        periods: z.number().int(),
        disbursedOn: z.string().nullable(),
        dueDate: z.string().nullable(),
        withdrawConfirmRequired: z.boolean(),
        withdrawConfirmedAt: z.string().nullable(),
        /** D16: the profile whose caps covered the order when taken, or null. */
        complianceProfile: complianceProfileView,
        /** D16: set when a legal cap held back the order's charges, '' otherwise. */
        chargesCapNotice: z.string(),
      }),
      /** What the borrower agreed to: each document's version and SHA-256, and when. */
      agreements: z.array(
        z.object({ document: z.string(), version: z.string(), sha256: z.string(), agreedAt: z.string() }),
      ),
      /** Messages the system sent the borrower about the order (reminders) and how each went. */
      messages: z.array(
        z.object({
          createdAt: z.string(),
          purpose: z.string(),
          status: z.string(),
          attempts: z.number().int(),
          sentAt: z.string().nullable(),
          lastError: z.string().nullable(),
          text: z.string(),
        }),
      ),
      borrower: z.object({
        id: z.number().int(),
        name: z.string().nullable(),
        phone: z.string(),
        repeatClient: z.boolean(),
        /** The default account payouts go to; its number whole for the roles that pay it, else masked. */
        payoutAccount: z
          .object({ institution: z.string(), holderName: z.string(), accountNumber: z.string() })
          .nullable(),
      }),
      plan: z.array(
        z.object({
          seq: z.number().int(),
          dueDate: z.string(),
          principal: money,
          interest: money,
          amount: money,
          paidAmount: money,
        }),
      ),
      /** New plans offered for the order, newest first, and what became of each (decision 0110). */
      restructurings: z.array(
        z.object({
          id: z.number().int(),
          status: z.enum(['offered', 'accepted', 'withdrawn']),
          principalOwed: money,
          instalments: z.array(z.object({ dueDate: z.string(), principal: money, interest: money })),
          offeredBy: z.string(),
          offeredAt: z.string(),
          acceptedAt: z.string().nullable(),
        }),
      ),
      /** Each payout attempt with the provider's reference once it has one (decision 0052). */
      payouts: z.array(
        z.object({
          amount: money,
          provider: z.string(),
          status: z.enum(payoutStatuses),
          reference: z.string().nullable(),
          failure: z.string().nullable(),
          at: z.string(),
        }),
      ),
      payments: z.array(paymentItem),
      history: z.array(
        z.object({
          from: z.number().int().nullable(),
          to: z.number().int(),
          actor: z.string(),
          reason: z.string().nullable(),
          at: z.string(),
        }),
      ),
      complaints: z.array(
        z.object({
          id: z.number().int(),
          content: z.string(),
          createdAt: z.string(),
          repliedAt: z.string().nullable(),
        }),
      ),
    }),
  },
  consoleApproveOrder: {
    request: orderAction,
    data: orderAfter,
  },
  consoleRejectOrder: {
    request: orderAction,
    data: orderAfter,
  },
  consoleDisburseOrder: {
    request: orderAction,
    data: orderAfter.extend({ pendingRequestId }),
  },
  consoleWriteOffOrder: {
    request: orderAction,
    data: z.object({
      orderId: z.number().int(),
      status: z.number().int(),
      /** What was written off: everything the order still owed (0 while it waits for approval). */
      writtenOff: money,
      pendingRequestId,
    }),
  },
  consolePayments: {
    request: z.object({
      ...pageFields,
      status: z.union([z.literal(''), z.enum(paymentStatuses)]).default(''),
      provider: textField(40).default(''),
    }),
    data: pageOf(paymentItem),
  },
  consoleAcceptPayment: {
    request: paymentAction,
    data: z.object({
      paymentId: z.number().int(),
      status: z.enum(paymentStatuses),
      /** Applied to what the order owed. */
      allocated: money,
      /** Beyond what was owed: the borrower's credit. */
      credit: money,
      orderStatus: z.number().int(),
    }),
  },
  consoleReturnPayment: {
    request: paymentAction,
    data: z.object({
      paymentId: z.number().int(),
      status: z.enum(paymentStatuses),
      /** The account it went to, masked. */
      account: z.string(),
    }),
  },
  consoleComplaints: {
    request: z.object({ ...pageFields, answered: z.enum(['0', '1']).default('0') }),
    data: z.object({
      items: z.array(
        z.object({
          id: z.number().int(),
          type: z.string(),
          content: z.string(),
          orderNo: z.string().nullable(),
          phone: z.string(),
          createdAt: z.string(),
          /** Filed more than 3 weekdays ago and still unanswered. */
          pastLine: z.boolean(),
          /** The borrower's evidence (public ids; consoleComplaintImage serves them). */
          images: z.array(z.string()),
          reply: z.string().nullable(),
          /** The images sent with the reply. */
          replyImages: z.array(z.string()),
          repliedBy: z.string().nullable(),
          repliedAt: z.string().nullable(),
        }),
      ),
      page: z.number().int(),
      pageSize: z.number().int(),
      hasMore: z.boolean(),
    }),
  },
  consoleReplyComplaint: {
    request: z.object({
      problemId: idField('problemId'),
      text: textField(Limits.complaintTextMax * 10).default(''),
      ...replyImageSlots,
    }),
    data: z.object({ problemId: z.number().int() }),
  },
  consoleFunnel: {
    request: z.object({ from: textField(40).default(''), to: textField(40).default('') }),
    data: z.array(
      z.object({
        utmTag: z.string().nullable(),
        appFrom: z.string().nullable(),
        userFrom: z.string().nullable(),
        visits: z.number().int(),
        clicks: z.number().int(),
        smsSent: z.number().int(),
        registrations: z.number().int(),
        /** Registrations per visit, 0-1 (0 without visits). */
        conversion: z.number(),
      }),
    ),
  },
  consoleProducts: {
    request: z.object({}),
    data: z.array(productView),
  },
  consoleProductPreview: {
    request: z.object(productTermsText),
    data: z.object({
      /** The plans for the smallest and the largest amount, over the product's term. */
      plans: z.array(productPlan),
      /** The compliance profile applied, or null (the spec's market applies none). */
      profile: complianceProfileView,
      /** Every cap a covered offer would break, described; empty when the product complies. */
      breaches: z.array(z.string()),
    }),
  },
  consoleSaveProduct: {
    request: z.object(productTermsText),
    data: productChanged,
  },
  consoleProductState: {
    request: z.object({ productId: idField('productId'), op: z.enum(['pause', 'resume', 'retire']) }),
    data: productChanged,
  },
  consoleAudit: {
    request: z.object({ ...pageFields, subject: textField(80).default('') }),
    data: z.object({
      items: z.array(
        z.object({
          id: z.number().int(),
          operator: z.string(),
          action: z.string(),
          subject: z.string(),
          before: z.string().nullable(),
          after: z.string().nullable(),
          at: z.string(),
        }),
      ),
      page: z.number().int(),
      pageSize: z.number().int(),
      hasMore: z.boolean(),
    }),
  },
});
