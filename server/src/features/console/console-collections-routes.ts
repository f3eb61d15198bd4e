import type { FastifyInstance } from 'fastify';
import { endpoints, type OperatorRole } from '@kwarta/contract';
import type { Operator } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { registerEndpoint } from '../../lib/contract-route.ts';
import {
  approveCollectionTemplate,
  assignCollector,
  assignCollectorBulk,
  collectionPanel,
  collectionQueue,
  ContactRefused,
  listCollectionTemplates,
  recordContact,
  saveCollectionTemplate,
  sendCollectionSms,
  templateView,
} from '../collections/index.ts';
import { activeCollectorNames, audited } from '../operators/index.ts';
import { registerPersonalDataRead } from '../data-privacy/index.ts';
import { phoneFor } from './console-orders.ts';
import { withDb } from '../../lib/with-db.ts';

/**
 * The collections screens' calls (decision 0098): the queue (phones as the role may see them),
 * an order's panel, and the collector's writes, each a use case of features/collections audited
 * in its transaction. A manual SMS refused by the contact hours is audited as an attempt.
 */
export function consoleCollectionsCalls(app: FastifyInstance): void {
  const actor = (operator: Operator) => ({ ...operator, role: operator.role as OperatorRole });

  registerPersonalDataRead(app, endpoints.consoleCollections, {
    what: 'collections queue',
    read: async (input, { operator }) => {
      const page = await collectionQueue(app, input);
      const role = operator.role as OperatorRole;
      return { ...page, items: page.items.map((item) => ({ ...item, phone: phoneFor(role, item.phone) })) };
    },
    subjects: (page) => ({ orderIds: page.items.map((item) => item.orderId) }),
  });

  registerPersonalDataRead(app, endpoints.consoleCollectionsOrder, {
    what: 'collections case',
    read: async (input) => {
      const panel = await collectionPanel(app, input.orderId);
      if (!panel) throw ApiError.notFound();
      return { ...panel, collectors: await activeCollectorNames(app.db) };
    },
    subjects: (_panel, input) => ({ orderIds: [input.orderId] }),
  });

  registerEndpoint(app, endpoints.consoleRecordContact, (input, { operator }) =>
    audited(app, operator, (trx) => recordContact(withDb(app, trx), actor(operator), input)),
  );

  registerEndpoint(app, endpoints.consoleAssignCollector, (input, { operator }) =>
    audited(app, operator, (trx) => assignCollector(withDb(app, trx), actor(operator), input)),
  );

  // Admin only (the route's roles): all or none, in one transaction with its audit entry.
  registerEndpoint(app, endpoints.consoleAssignCollectorBulk, (input, { operator }) =>
    audited(app, operator, (trx) => assignCollectorBulk(withDb(app, trx), actor(operator), input)),
  );

  registerEndpoint(app, endpoints.consoleSendCollectionSms, async (input, { operator }) => {
    try {
      return await audited(app, operator, (trx) =>
        sendCollectionSms(withDb(app, trx), actor(operator), input),
      );
    } catch (error) {
      if (error instanceof ContactRefused) {
        await audited(app, operator, async () => ({
          result: null,
          audit: {
            action: 'collection.sms.refused',
            subject: `order:${input.orderId}`,
            before: undefined,
            after: { templateId: input.templateId, refusal: error.message },
          },
        }));
      }
      throw error;
    }
  });

  registerEndpoint(app, endpoints.consoleCollectionTemplates, async () =>
    (await listCollectionTemplates(app.db)).map(templateView),
  );

  registerEndpoint(app, endpoints.consoleSaveCollectionTemplate, (input, { operator }) =>
    audited(app, operator, async (trx) => {
      const { before, saved } = await saveCollectionTemplate(trx, {
        ...input,
        by: operator.name,
        now: app.clock.now(),
      });
      return {
        result: templateView(saved),
        audit: {
          action: 'collection.template.save',
          subject: `collection-template:${saved.id}`,
          before: before ? templateView(before) : undefined,
          after: templateView(saved),
        },
      };
    }),
  );

  registerEndpoint(app, endpoints.consoleApproveCollectionTemplate, (input, { operator }) =>
    audited(app, operator, async (trx) => {
      const { before, saved } = await approveCollectionTemplate(trx, {
        ...input,
        by: operator.name,
        now: app.clock.now(),
      });
      return {
        result: templateView(saved),
        audit: {
          action: 'collection.template.approve',
          subject: `collection-template:${saved.id}`,
          before: templateView(before),
          after: templateView(saved),
        },
      };
    }),
  );
}
