import { z } from 'zod';
import { isCalendarDate } from '@kwarta/domain/calendar-date';
import { periods } from '@kwarta/domain/portfolio';
import { reconciliationProblems } from '@kwarta/domain/reconciliation';
import { defineEndpoints } from '../endpoint.ts';
import { consoleReportRoutes } from '../console-report-routes.ts';
import { textField } from '../form-fields.ts';

const money = z.number().int();
const ratio = z.number().min(0);
/** An empty form field is no filter. */
const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .optional()
    .transform((value) => (value === '' ? undefined : (value as z.output<T> | undefined)));

const parBucket = z.object({ amount: money, ratio });

export const consoleReportEndpoints = defineEndpoints(consoleReportRoutes, {
  consolePortfolio: {
    request: z.object({
      period: z.enum(periods as ['day', 'week', 'month']).default('month'),
      /** The first day of the series; default a year before the lender's today. */
      from: blankAsAbsent(
        textField(10).refine(isCalendarDate, { message: 'from must be a date (YYYY-MM-DD)' }),
      ),
      productId: blankAsAbsent(z.coerce.number().int().positive()),
      utmTag: blankAsAbsent(textField(64)),
    }),
    data: z.object({
      today: z.string(),
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
  consoleReconciliation: {
    request: z.object({
      /** The lender's day; default yesterday (a day whose postbacks are in). */
      date: blankAsAbsent(
        textField(10).refine(isCalendarDate, { message: 'date must be a date (YYYY-MM-DD)' }),
      ),
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
});
