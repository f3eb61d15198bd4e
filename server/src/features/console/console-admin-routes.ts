import type { FastifyInstance } from 'fastify';
import { endpoints } from '@kwarta/contract';
import { ApiError } from '../../lib/api-error.ts';
import { registerEndpoint } from '../../lib/contract-route.ts';
import {
  audited,
  changeOperatorAudited,
  createOperatorAudited,
  listOperators,
  newPasswordHash,
  resetOperatorPasswordAudited,
} from '../operators/index.ts';
import { listTemplates, saveTemplate } from '../promotion/index.ts';
import { getServiceContacts, saveServiceContacts } from '../customer-service/index.ts';
import { findComplaintImage, sendProblemImage } from '../complaints/index.ts';
import { registerPersonalDataRead } from '../data-privacy/index.ts';

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

  // Each hashes the password before its transaction opens: scrypt takes a few hundred ms.
  registerEndpoint(app, endpoints.consoleCreateOperator, async (input, { operator }) =>
    createOperatorAudited(app, operator, {
      name: input.name,
      role: input.role,
      passwordHash: await newPasswordHash(input.password),
    }),
  );

  registerEndpoint(app, endpoints.consoleChangeOperator, (input, { operator }) =>
    changeOperatorAudited(app, operator, {
      operatorId: input.operatorId,
      ...(input.role ? { role: input.role } : {}),
      ...(input.disabled ? { disabled: input.disabled === '1' } : {}),
    }),
  );

  registerEndpoint(app, endpoints.consoleResetOperatorPassword, async (input, { operator }) =>
    resetOperatorPasswordAudited(app, operator, {
      operatorId: input.operatorId,
      passwordHash: await newPasswordHash(input.password),
    }),
  );

  // Operators read any filed complaint's images; the same bytes and headers as the borrower's route.
  registerPersonalDataRead(app, endpoints.consoleComplaintImage, {
    what: 'complaint image',
    read: ({ id }) => findComplaintImage(app.db, id),
    subjects: (image) => ({ borrowerIds: image ? [image.borrower_id] : [] }),
    respond: (image, { reply }) => sendProblemImage(app, reply, image),
  });
}
