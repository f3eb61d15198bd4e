import { z } from '@kwarta/domain/zod';
import { defineEndpoints } from '../endpoint.ts';
import { idField } from '../form-fields.ts';
import { consoleRegulatoryRoutes } from '../console-regulatory-routes.ts';
import { csvStream } from './console-exports.ts';

const submission = z.object({
  id: z.number().int(),
  /** YYYY-MM. */
  month: z.string(),
  correction: z.boolean(),
  fileName: z.string(),
  sha256: z.string(),
  byteSize: z.number().int(),
  subjects: z.number().int(),
  contracts: z.number().int(),
  generatedBy: z.string(),
  generatedAt: z.string(),
  sentBy: z.string().nullable(),
  sentAt: z.string().nullable(),
});

const submissionId = idField('id');

export const consoleRegulatoryEndpoints = defineEndpoints(consoleRegulatoryRoutes, {
  consoleCicSubmissions: {
    request: z.object({}),
    data: z.object({
      /** Null until CIC_PROVIDER_CODE is set: the screen says so instead of offering to generate. */
      providerCode: z.string().nullable(),
      /** The last month that has ended, the one a regular file is made for now. */
      lastMonth: z.string(),
      submissions: z.array(submission),
    }),
  },
  consoleCicGenerate: {
    request: z.object({
      month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM'),
      /** '1' for a correction of a month already sent (submission type 1). */
      correction: z.enum(['0', '1']).default('0'),
    }),
    data: z.object({
      submission: submission.nullable(),
      /** Every error found (the first 1,000 listed); none when the file was written. */
      errorCount: z.number().int(),
      errors: z.array(
        z.object({
          line: z.number().int(),
          record: z.string(),
          field: z.string().nullable(),
          rule: z.string(),
          message: z.string(),
        }),
      ),
      subjects: z.number().int(),
      contracts: z.number().int(),
    }),
  },
  consoleCicMarkSent: {
    request: z.object({ id: submissionId }),
    data: submission,
  },
  consoleCicDownload: { request: z.object({ id: submissionId }), data: csvStream },
});
