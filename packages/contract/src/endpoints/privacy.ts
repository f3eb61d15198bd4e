import { z } from '@kwarta/domain/zod';
import { defineEndpoints } from '../endpoint.ts';
import { consolePrivacyRoutes } from '../console-privacy-routes.ts';
import { privacyRoutes } from '../privacy-routes.ts';
import { idField, textField } from '../form-fields.ts';

const requestView = z.object({
  id: z.number().int(),
  borrowerId: z.number().int(),
  kind: z.enum(['correction', 'erasure', 'block']),
  field: z.string().nullable(),
  requestedValue: z.string().nullable(),
  status: z.enum(['open', 'done', 'refused']),
  openedAt: z.string(),
  /** The lender's date by which it is answered. */
  dueOn: z.string(),
  workingDaysLeft: z.number().int(),
  closedAt: z.string().nullable(),
  outcome: z
    .object({
      erased: z.record(z.string(), z.number()).optional(),
      /** What is kept and until when (null: while the loan is open, or for ever for the ledger). */
      held: z
        .array(
          z.object({ hold: z.enum(['open-loan', 'identity-aml', 'ledger']), until: z.string().nullable() }),
        )
        .optional(),
      note: z.string().optional(),
    })
    .nullable(),
});

const token = z.object({
  token: textField(64).refine((value) => /^[A-Za-z0-9_-]{43}$/.test(value), 'unknown link'),
});

export const privacyEndpoints = defineEndpoints(privacyRoutes, {
  privacyStatus: {
    request: z.object({}),
    data: z.object({
      policy: z.object({
        version: z.string(),
        sha256: z.string(),
        effectiveOn: z.string(),
        summary: z.string(),
      }),
      mustAcknowledge: z.boolean(),
      requests: z.array(requestView),
    }),
  },
  privacyAcknowledge: {
    request: z.object({
      // Just-in-time notices are recorded by privacyJustInTimeNotice, under the current version.
      notice: z.enum(['policy']),
      /** The version the borrower was shown: a stale one is refused, so they see the current text. */
      version: textField(64),
      channel: z.enum(['registration', 'app', 'web']).default('app'),
    }),
    data: z.object({ version: z.string() }),
  },
  privacyJustInTimeNotice: {
    request: z.object({
      notice: z.enum(['identity-camera']),
      channel: z.enum(['app', 'web']).default('app'),
    }),
    data: z.object({ notice: z.string(), version: z.string() }),
  },
  privacyRequest: {
    request: z
      .object({
        kind: z.enum(['correction', 'erasure', 'block']),
        field: z.enum(['full_name', 'phone', 'address', 'other']).optional(),
        value: textField(200).optional(),
      })
      .refine((input) => input.kind !== 'correction' || (input.field && input.value?.trim()), {
        message: 'a correction names the field and its right value',
      }),
    data: requestView,
  },
  privacyExportLink: {
    request: z.object({}),
    data: z.object({ jsonUrl: z.string(), documentUrl: z.string(), expiresAt: z.string() }),
  },
  privacyExportJson: { request: token, data: z.string() },
  privacyExportDocument: { request: token, data: z.string() },
});

export const consolePrivacyEndpoints = defineEndpoints(consolePrivacyRoutes, {
  consolePrivacyRequests: { request: z.object({}), data: z.array(requestView) },
  consoleClosePrivacyRequest: {
    request: z.object({
      requestId: idField('requestId'),
      status: z.enum(['done', 'refused']),
      note: textField(500).refine((value) => value.trim() !== '', 'a note for the borrower is required'),
    }),
    data: requestView,
  },
  consoleAccessLog: {
    request: z.object({ borrowerId: z.union([z.literal(''), idField('borrowerId')]).optional() }),
    /** A file's download (a CIC submission file) names no one borrower: `borrowerId` is null. */
    data: z.array(
      z.object({
        operatorName: z.string(),
        borrowerId: z.number().int().nullable(),
        what: z.string(),
        at: z.string(),
      }),
    ),
  },
  consoleBreaches: {
    request: z.object({}),
    data: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        description: z.string(),
        discoveredAt: z.string(),
        notifyBy: z.string(),
        hoursLeft: z.number().int().nullable(),
        npcNotifiedAt: z.string().nullable(),
        recordedBy: z.string(),
      }),
    ),
  },
  consoleRecordBreach: {
    request: z.object({
      title: textField(200).refine((value) => value.trim() !== '', 'a title is required'),
      description: textField(4000),
      discoveredAt: z.iso.datetime({ offset: true }),
    }),
    data: z.object({ id: z.number().int() }),
  },
  consoleBreachNotified: {
    request: z.object({ breachId: idField('breachId') }),
    data: z.object({ breachId: z.number().int() }),
  },
});
