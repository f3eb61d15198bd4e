import type { FastifyInstance } from 'fastify';
import { endpoints } from '@kwarta/contract';
import { ApiError } from '../../lib/api-error.ts';
import { registerEndpoint } from '../../lib/contract-route.ts';
import {
  audited,
  changeOperator,
  createOperatorAccount,
  listOperators,
  newPasswordHash,
  operatorSummary,
  resetOperatorPassword,
} from '../operators/index.ts';
import { listTemplates, saveTemplate } from '../promotion/index.ts';
import { getServiceContacts, saveServiceContacts } from '../customer-service/index.ts';
import { findComplaintImage, sendProblemImage } from '../complaints/index.ts';

/**
 * The console's admin screens (channel templates, service contacts, operators) and the complaint
 * images operators read. Thin handlers like consoleRoutes: the contract parses, one use case
 * acts, and every write runs inside `audited` with the values before and after.
 */
export async function consoleAdminRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, endpoints.consoleTemplates, (input) => listTemplates(app.db, input));

  registerEndpoint(
    app,
    endpoints.consoleSaveTemplate,
    ({ templateId, name, active, ...config }, { operator }) =>
      audited(app, operator, async (trx) => {
        const saved = await saveTemplate(
          trx,
          { templateId, name, active: active === '1', config },
          app.clock.now(),
        );
        if (!saved) throw ApiError.notFound();
        return {
          result: saved.after,
          audit: {
            action: saved.before ? 'template.save' : 'template.create',
            subject: `template:${saved.after.id}`,
            before: saved.before,
            after: saved.after,
          },
        };
      }),
  );

  // Read past the lender-wide cache: the admin sees what is stored, borrowers within seconds.
  registerEndpoint(app, endpoints.consoleServiceContacts, async () => ({
    shown: await getServiceContacts(app.db, app.config.defaultSupport),
    defaults: app.config.defaultSupport,
  }));

  registerEndpoint(app, endpoints.consoleSaveServiceContacts, (contacts, { operator }) =>
    audited(app, operator, async (trx) => {
      const before = await getServiceContacts(trx, app.config.defaultSupport);
      await saveServiceContacts(trx, contacts, app.clock.now());
      return {
        result: contacts,
        audit: { action: 'service-contacts.save', subject: 'settings:service', before, after: contacts },
      };
    }),
  );

  registerEndpoint(app, endpoints.consoleOperators, (input) => listOperators(app.db, input, app.clock.now()));

  registerEndpoint(app, endpoints.consoleCreateOperator, async (input, { operator }) => {
    // Hashed before the transaction opens: scrypt takes a few hundred ms.
    const passwordHash = await newPasswordHash(input.password);
    return audited(app, operator, async (trx) => {
      const created = operatorSummary(
        await createOperatorAccount(trx, { ...input, passwordHash, now: app.clock.now() }),
      );
      return {
        result: created,
        audit: {
          action: 'operator.create',
          subject: `operator:${created.id}`,
          before: null,
          after: created,
        },
      };
    });
  });

  registerEndpoint(app, endpoints.consoleChangeOperator, (input, { operator }) =>
    audited(app, operator, async (trx) => {
      const { before, after } = await changeOperator(trx, {
        operatorId: input.operatorId,
        actorId: operator.id,
        ...(input.role ? { role: input.role } : {}),
        ...(input.disabled ? { disabled: input.disabled === '1' } : {}),
      });
      return {
        result: operatorSummary(after),
        audit: {
          action: 'operator.change',
          subject: `operator:${after.id}`,
          before: operatorSummary(before),
          after: operatorSummary(after),
        },
      };
    }),
  );

  registerEndpoint(app, endpoints.consoleResetOperatorPassword, async (input, { operator }) => {
    const passwordHash = await newPasswordHash(input.password);
    return audited(app, operator, async (trx) => {
      const changed = operatorSummary(
        await resetOperatorPassword(trx, { operatorId: input.operatorId, passwordHash }),
      );
      return {
        result: changed,
        // The log says that the password changed, never what to.
        audit: {
          action: 'operator.password',
          subject: `operator:${changed.id}`,
          before: changed,
          after: { ...changed, passwordReset: true, sessionsEnded: true },
        },
      };
    });
  });

  // Operators read any filed complaint's images; the same bytes and headers as the borrower's route.
  registerEndpoint(app, endpoints.consoleComplaintImage, async ({ id }, { reply }) =>
    sendProblemImage(app, reply, await findComplaintImage(app.db, id)),
  );
}
