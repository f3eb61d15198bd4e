import { z } from '@kwarta/domain/zod';
import { defineEndpoints } from '../endpoint.ts';
import { consoleExportRoutes } from '../console-export-routes.ts';
import { dateField } from '../form-fields.ts';

/** A date, or nothing: an empty field of the console's export form is no bound. */
export const optionalDate = z
  .union([z.literal(''), dateField()])
  .optional()
  .transform((value) => value || undefined);

/** Records created from `from` to `to` (UTC calendar dates, both included); either may be left out. */
const dateRange = z
  .object({ from: optionalDate, to: optionalDate })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    message: 'from must not be after to',
  });

/** The stream the server sends (route.produces), not an envelope. */
export const csvStream = z.custom<NodeJS.ReadableStream>(() => true);

export const consoleExportEndpoints = defineEndpoints(consoleExportRoutes, {
  consoleExportOrders: { request: dateRange, data: csvStream },
  consoleExportPayments: { request: dateRange, data: csvStream },
  consoleExportJournal: { request: dateRange, data: csvStream },
  /** As of `date` (the lender's calendar, included); none is the lender's today. */
  consoleExportTrialBalance: { request: z.object({ date: optionalDate }), data: csvStream },
});
