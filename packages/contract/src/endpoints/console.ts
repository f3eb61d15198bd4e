import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { routes } from '../routes.ts';
import { operatorRoles } from '../operators.ts';
import { idField, intField, textField } from '../form-fields.ts';
import { Limits } from '../constants.ts';

const role = z.enum(operatorRoles);
const operatorView = z.object({ name: z.string(), role, csrfToken: z.string(), menu: z.array(z.string()) });

export const consoleSignIn = defineEndpoint(routes.consoleSignIn, {
  request: z.object({
    name: textField(64).min(1),
    password: textField(256).min(1),
    totp: textField(12).default(''),
  }),
  data: operatorView,
});

export const consoleSignOut = defineEndpoint(routes.consoleSignOut, {
  request: z.object({}),
  data: z.null(),
});

export const consoleMe = defineEndpoint(routes.consoleMe, { request: z.object({}), data: operatorView });

export const consoleDashboard = defineEndpoint(routes.consoleDashboard, {
  request: z.object({}),
  data: z.object({
    byStatus: z.array(
      z.object({ status: z.number().int(), statusText: z.string(), count: z.number().int() }),
    ),
    dueToday: z.number().int(),
    overdue: z.number().int(),
    /** Unanswered complaints filed more than 3 weekdays ago. */
    complaintsPastLine: z.number().int(),
    /** Payments held for review: null until the repayment issue lands. */
    paymentsHeld: z.number().int().nullable(),
  }),
});

const pageFields = {
  page: intField('page')
    .refine((value) => value >= 1, 'page starts at 1')
    .default(1),
  pageSize: intField('pageSize')
    .refine((value) => value >= 1 && value <= 100, 'pageSize is 1-100')
    .default(20),
};

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

export const consoleOrders = defineEndpoint(routes.consoleOrders, {
  request: z.object({
    ...pageFields,
    status: z.union([z.literal(''), intField('status')]).default(''),
    /** An order number or a phone. */
    q: textField(64).default(''),
  }),
  data: z.object({
    items: z.array(queueItem),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Whether a further page exists (no count over the whole table per page). */
    hasMore: z.boolean(),
  }),
});

const money = z.number().int();

export const consoleOrder = defineEndpoint(routes.consoleOrder, {
  request: z.object({ orderId: idField('orderId') }),
  data: z.object({
    order: queueItem.extend({
      totalDue: money,
      paidAmount: money,
      penaltyAmount: money,
      termDays: z.number().int(),
      periods: z.number().int(),
      disbursedOn: z.string().nullable(),
      dueDate: z.string().nullable(),
      withdrawConfirmRequired: z.boolean(),
      withdrawConfirmedAt: z.string().nullable(),
    }),
    borrower: z.object({
      id: z.number().int(),
      name: z.string().nullable(),
      phone: z.string(),
      repeatClient: z.boolean(),
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
});

const orderAction = z.object({ orderId: idField('orderId'), reason: textField(500).default('') });
const orderAfter = z.object({ orderId: z.number().int(), status: z.number().int() });

export const consoleApproveOrder = defineEndpoint(routes.consoleApproveOrder, {
  request: orderAction,
  data: orderAfter,
});
export const consoleRejectOrder = defineEndpoint(routes.consoleRejectOrder, {
  request: orderAction,
  data: orderAfter,
});
export const consoleDisburseOrder = defineEndpoint(routes.consoleDisburseOrder, {
  request: orderAction,
  data: orderAfter,
});

export const consoleComplaints = defineEndpoint(routes.consoleComplaints, {
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
        images: z.array(z.string()),
        reply: z.string().nullable(),
        repliedBy: z.string().nullable(),
        repliedAt: z.string().nullable(),
      }),
    ),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
  }),
});

const replyImage = z
  .file({ message: 'images must be files' })
  .max(10 * 1024 * 1024)
  .optional();
export const consoleReplyComplaint = defineEndpoint(routes.consoleReplyComplaint, {
  request: z.object({
    problemId: idField('problemId'),
    text: textField(Limits.complaintTextMax * 10).default(''),
    // Multipart fields are one value each: three named slots rather than a repeated field.
    image1: replyImage,
    image2: replyImage,
    image3: replyImage,
  }),
  data: z.object({ problemId: z.number().int() }),
});

export const consoleFunnel = defineEndpoint(routes.consoleFunnel, {
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
});

const productView = z.object({
  id: z.number().int(),
  name: z.string(),
  minAmount: money,
  maxAmount: money,
  termDays: z.number().int(),
  periods: z.number().int(),
  termRateBps: z.number().int(),
  /** The loan rules as JSON (domain loanRulesSchema). */
  loanRules: z.string(),
});

export const consoleProducts = defineEndpoint(routes.consoleProducts, {
  request: z.object({}),
  data: z.array(productView),
});

const productEdit = {
  productId: idField('productId'),
  minAmount: intField('minAmount').optional(),
  maxAmount: intField('maxAmount').optional(),
  termDays: intField('termDays').optional(),
  termRateBps: intField('termRateBps').optional(),
  loanRules: textField(20_000).optional(),
};

export const consoleSaveProduct = defineEndpoint(routes.consoleSaveProduct, {
  request: z.object(productEdit),
  data: productView,
});

export const consolePlanPreview = defineEndpoint(routes.consolePlanPreview, {
  request: z.object({ ...productEdit, amount: intField('amount'), term: intField('term').optional() }),
  data: z.object({
    principal: money,
    charges: money,
    total: money,
    termDays: z.number().int(),
    lines: z.array(z.object({ seq: z.number().int(), dueDate: z.string(), amount: money })),
  }),
});

export const consoleAudit = defineEndpoint(routes.consoleAudit, {
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
});
