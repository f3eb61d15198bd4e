import { z } from '@kwarta/domain/zod';
import { collectionBucketKeys } from '@kwarta/domain/collections';
import { defineEndpoints } from '../endpoint.ts';
import { consoleCollectionsRoutes } from '../console-collections-routes.ts';
import { contactKinds, contactOutcomes, recordedContactKinds } from '../collections.ts';
import { messages } from '../messages.ts';
import { dateField, idField, intField, MAX_INT, textField } from '../form-fields.ts';
import { pageFields, pageOf, sortDirection } from './console.ts';

/** The most orders one bulk assignment takes: one transaction an admin can wait for. */
export const BULK_ASSIGN_MAX = 500;

const money = z.number().int();
const promiseStates = ['kept', 'broken', 'pending'] as const;
const bucket = z.enum(collectionBucketKeys);

const promiseView = z.object({
  id: z.number().int(),
  amount: money,
  promisedOn: z.string(),
  state: z.enum(promiseStates),
  madeBy: z.string(),
  madeAt: z.string(),
});

const queueRow = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  borrowerName: z.string().nullable(),
  /** Masked (last four digits) unless the role calls borrowers. */
  phone: z.string(),
  daysPastDue: z.number().int(),
  bucket,
  /** Unpaid instalments due by today plus unpaid penalty. */
  amountDueNow: money,
  lastContactAt: z.string().nullable(),
  /** The latest promise to pay, with its state today. */
  promise: promiseView.nullable(),
  assignedTo: z.string().nullable(),
});

const contactView = z.object({
  id: z.number().int(),
  kind: z.enum(contactKinds),
  outcome: z.enum(contactOutcomes),
  note: z.string(),
  operator: z.string(),
  at: z.string(),
});

const templateView = z.object({
  id: z.number().int(),
  name: z.string(),
  text: z.string(),
  approved: z.boolean(),
  approvedBy: z.string().nullable(),
  updatedAt: z.string(),
});

/** Text an admin or collector must fill in: trimmed, not empty, bounded. */
const required = (max: number) => textField(max).trim().min(1, { message: 'is required' });

export const consoleCollectionsEndpoints = defineEndpoints(consoleCollectionsRoutes, {
  consoleCollections: {
    request: z.object({
      bucket: z.union([bucket, z.literal('')]).default(''),
      /** unassigned, or a collector's name; empty: everyone's. */
      collector: textField(64).trim().default(''),
      /** Days past due (default, longest first) or the amount due now. */
      sort: z.enum(['', 'daysPastDue', 'amountDueNow']).default(''),
      dir: sortDirection,
      ...pageFields,
    }),
    data: pageOf(queueRow).extend({
      counts: z.array(z.object({ bucket, count: z.number().int() })),
      /** The enabled collectors: the filter's and the bulk assignment's choices. */
      collectors: z.array(z.string()),
    }),
  },
  consoleCollectionsOrder: {
    request: z.object({ orderId: idField('orderId') }),
    data: z.object({
      orderId: z.number().int(),
      daysPastDue: z.number().int(),
      bucket: bucket.nullable(),
      amountDueNow: money,
      assignedTo: z.string().nullable(),
      /** The enabled collectors' names: the admin's assign form chooses among them. */
      collectors: z.array(z.string()),
      contacts: z.array(contactView),
      promises: z.array(promiseView),
      /** Approved templates, for the collector's SMS form. */
      templates: z.array(templateView.pick({ id: true, name: true, text: true })),
      /** The contact rule, and whether contact is allowed now (else when it next is, the lender's wall clock). */
      contactRule: z.string(),
      contactAllowedNow: z.boolean(),
      nextAllowedAt: z.string().nullable(),
    }),
  },
  consoleRecordContact: {
    request: z
      .object({
        orderId: idField('orderId'),
        kind: z.enum(recordedContactKinds),
        outcome: z.enum(contactOutcomes).exclude(['queued']),
        note: textField(1_000).trim().default(''),
        /** Both or neither: a promise to pay made on this contact. */
        promiseAmount: intField('promiseAmount')
          .refine((value) => value > 0, 'promiseAmount must be positive')
          .optional(),
        promiseDate: dateField().optional(),
      })
      .refine((input) => (input.promiseAmount === undefined) === (input.promiseDate === undefined), {
        message: messages.collectionPromiseIncomplete,
        path: ['promiseDate'],
      }),
    data: z.object({ contactId: z.number().int(), promiseId: z.number().int().nullable() }),
  },
  consoleAssignCollector: {
    request: z.object({
      orderId: idField('orderId'),
      /** The collector's name (admin); empty: take it yourself (a collector, unassigned orders only). */
      collector: textField(64).trim().default(''),
    }),
    data: z.object({ orderId: z.number().int(), assignedTo: z.string() }),
  },
  consoleAssignCollectorBulk: {
    request: z.object({
      /** Order ids, comma-separated: 1 to 500, each once. */
      orderIds: textField(6_000).transform((value, context) => {
        const parts = value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
        const ids = parts.map(Number);
        if (parts.length === 0 || parts.length > BULK_ASSIGN_MAX)
          context.addIssue({ code: 'custom', message: `orderIds names 1 to ${BULK_ASSIGN_MAX} orders` });
        else if (parts.some((part) => !/^\d{1,10}$/.test(part)) || ids.some((id) => id < 1 || id > MAX_INT))
          context.addIssue({ code: 'custom', message: 'orderIds must be order ids separated by commas' });
        else if (new Set(ids).size !== ids.length)
          context.addIssue({ code: 'custom', message: 'orderIds names an order twice' });
        return ids;
      }),
      collector: required(64),
    }),
    data: z.object({ assigned: z.number().int(), assignedTo: z.string() }),
  },
  consoleSendCollectionSms: {
    request: z.object({ orderId: idField('orderId'), templateId: idField('templateId') }),
    data: z.object({ contactId: z.number().int(), text: z.string() }),
  },
  consoleCollectionTemplates: {
    request: z.object({}),
    data: z.array(templateView),
  },
  consoleSaveCollectionTemplate: {
    request: z.object({
      /** Absent: a new template. */
      templateId: idField('templateId').optional(),
      name: required(80),
      text: required(320),
    }),
    data: templateView,
  },
  consoleApproveCollectionTemplate: {
    request: z.object({ templateId: idField('templateId') }),
    data: templateView,
  },
});
