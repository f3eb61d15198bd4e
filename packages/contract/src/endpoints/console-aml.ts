import { z } from '@kwarta/domain/zod';
import { defineEndpoints } from '../endpoint.ts';
import { consoleAmlRoutes } from '../console-aml-routes.ts';
import { dateField, idField, textField } from '../form-fields.ts';
import { csvStream } from './console-exports.ts';

const kind = z.enum(['suspicious', 'covered']);

/** The register's filters: empty fields of the console's form are no filter. */
const filter = z.object({
  status: z.enum(['', 'open', 'reported']).default(''),
  kind: z.enum(['', 'suspicious', 'covered']).default(''),
});

/** An optional id of a form: empty is none. */
const optionalId = (name: string) =>
  z
    .union([z.literal(''), idField(name)])
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value));

export const amlRecordView = z.object({
  id: z.number().int(),
  kind,
  borrowerId: z.number().int(),
  orderId: z.number().int().nullable(),
  paymentId: z.number().int().nullable(),
  /** Minor units; null for a suspicious flag. */
  amount: z.number().int().nullable(),
  narrative: z.string(),
  determinedOn: z.string(),
  /** The lender's date by which the AMLC is told: 5 Philippine working days after determinedOn. */
  dueOn: z.string(),
  workingDaysLeft: z.number().int().nullable(),
  overdue: z.boolean(),
  flaggedBy: z.string(),
  flaggedAt: z.string(),
  report: z.object({ by: z.string(), at: z.string(), reference: z.string() }).nullable(),
});

export const consoleAmlEndpoints = defineEndpoints(consoleAmlRoutes, {
  consoleAmlRecords: { request: filter, data: z.object({ rows: z.array(amlRecordView) }) },
  consoleAmlFlag: {
    request: z.object({
      borrowerId: idField('borrowerId'),
      orderId: optionalId('orderId'),
      paymentId: optionalId('paymentId'),
      narrative: textField(4000),
      determinedOn: dateField(),
    }),
    data: amlRecordView,
  },
  consoleAmlReported: {
    request: z.object({ recordId: idField('recordId'), reference: textField(100) }),
    data: amlRecordView,
  },
  consoleAmlExport: { request: filter, data: csvStream },
});
