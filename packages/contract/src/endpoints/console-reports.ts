import { z } from '@kwarta/domain/zod';
import { periods } from '@kwarta/domain/portfolio';
import { reconciliationProblems } from '@kwarta/domain/reconciliation';
import { defineEndpoints } from '../endpoint.ts';
import { consoleReportRoutes } from '../console-report-routes.ts';
import { dateField, textField } from '../form-fields.ts';
import { csvStream, optionalDate } from './console-exports.ts';

const money = z.number().int();
const ratio = z.number().min(0);
/** An empty form field is no filter. */
const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .optional()
    .transform((value) => (value === '' ? undefined : (value as z.output<T> | undefined)));

const parBucket = z.object({ amount: money, ratio });

/** The portfolio's filter: the screen's and its CSV's. */
const portfolioRequest = z.object({
  period: z.enum(periods as ['day', 'week', 'month']).default('month'),
  /** The first day of the series; default a year before the lender's today. */
  from: blankAsAbsent(dateField()),
  productId: blankAsAbsent(z.coerce.number().int().positive()),
  utmTag: blankAsAbsent(textField(64)),
});

/** Which loan's statement: the screen's and its CSV's. */
const statementRequest = z.object({
  /** The order's id or its order number (KW…), as an operator has either at hand. */
  order: textField(40)
    .transform((value) => value.trim())
    .refine((value) => value !== '', { message: 'order must be an order number or id' }),
});

export const consoleReportEndpoints = defineEndpoints(consoleReportRoutes, {
  consolePortfolio: {
    request: portfolioRequest,
    data: z.object({
      today: z.string(),
      /** When these figures were read (ISO instant): from the summaries, as of the last committed money event. */
      computedAt: z.string(),
      period: z.enum(periods as ['day', 'week', 'month']),
      from: z.string(),
      atRisk: z.object({
        outstandingPrincipal: money,
        par: z.object({ 1: parBucket, 7: parBucket, 30: parBucket, 90: parBucket }),
      }),
      flows: z.array(z.object({ start: z.string(), disbursed: money, collected: money })),
      collection: z.object({ due: money, paid: money, rate: ratio }),
      firstPaymentDefault: z.object({
        days: z.number().int(),
        loans: z.number().int(),
        defaulted: z.number().int(),
        rate: ratio,
      }),
      cohorts: z.array(z.object({ cohort: z.string(), due: money, collected: z.array(ratio) })),
      /** The products to filter by. */
      products: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  },
  consoleTrialBalance: {
    /** As of `date` (the lender's calendar, included); none is the lender's today. */
    request: z.object({ date: optionalDate }),
    data: z.object({
      date: z.string(),
      rows: z.array(
        z.object({
          /** The ledger's own account key (e.g. receivable:principal), named with the lender's code. */
          account: z.string(),
          code: z.string(),
          name: z.string(),
          /** One of the two is the account's balance, the other 0. */
          debit: money,
          credit: money,
        }),
      ),
      totalDebits: money,
      totalCredits: money,
    }),
  },
  consoleOrderStatement: {
    request: statementRequest,
    data: z.object({
      orderId: z.number().int(),
      orderNo: z.string(),
      status: z.number().int(),
      statusText: z.string(),
      /** When the loan was written off (decision 0103): what it owed then went to the write-off expense. */
      writtenOffAt: z.string().nullable(),
      lines: z.array(
        z.object({
          entryId: z.number().int(),
          entryDate: z.string(),
          kind: z.string(),
          memo: z.string(),
          account: z.string(),
          /** The account's name in the lender's chart. */
          accountName: z.string(),
          debit: money,
          credit: money,
          /** What the loan owes after this line: the running sum of its receivables. */
          owed: money,
        }),
      ),
    }),
  },
  consoleReconciliation: {
    request: z.object({
      /** The lender's day; default yesterday (a day whose postbacks are in). */
      date: optionalDate,
    }),
    data: z.object({
      date: z.string(),
      providers: z.array(
        z.object({
          provider: z.string(),
          payments: z.number().int(),
          providerTotal: money,
          bookedTotal: money,
          difference: money,
        }),
      ),
      mismatches: z.array(
        z.object({
          problem: z.enum(reconciliationProblems),
          paymentId: z.number().int(),
          provider: z.string(),
          orderId: z.number().int().nullable(),
          txnid: z.string().nullable(),
          refNo: z.string().nullable(),
          providerAmount: money,
          bookedAmount: money,
          otherDate: z.string().nullable(),
        }),
      ),
    }),
  },
  consoleExportReconciliation: { request: z.object({ date: optionalDate }), data: csvStream },
  consoleExportStatement: { request: statementRequest, data: csvStream },
  consoleExportPortfolio: { request: portfolioRequest, data: csvStream },
});
