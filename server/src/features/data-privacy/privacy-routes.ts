import type { FastifyInstance } from 'fastify';
import { endpoints, messages } from '@kwarta/contract';
import { ApiError } from '../../lib/api-error.ts';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { audited } from '../operators/index.ts';
import { siteInfo } from '../static-pages/index.ts';
import { listAccessLog } from './access-log.ts';
import { registerPersonalDataRead } from './personal-data-reads.ts';
import { listBreaches, markBreachNotified, recordBreach } from './breach-register.ts';
import { buildDataExport, createExportLink, dataExportHtml, exportLinkOwner } from './data-export.ts';
import {
  acknowledgeNotice,
  currentPolicyVersion,
  hasAcknowledged,
  recordJustInTimeNotice,
} from './privacy-policy.ts';
import { closeSubjectRequest, listSubjectRequests, openSubjectRequest } from './subject-requests.ts';

/** The borrower's privacy calls and the DPO's desk (decision 0107). */
export async function privacyRoutes(app: FastifyInstance): Promise<void> {
  const requestDeps = () => ({
    db: app.db,
    storage: app.storage,
    retention: app.config.retention,
    timeZone: app.config.lenderTimeZone,
  });
  const policyNow = () =>
    currentPolicyVersion(app.db, {
      site: siteInfo(app.config),
      now: app.clock.now(),
      timeZone: app.config.lenderTimeZone,
    });

  registerEndpoint(app, endpoints.privacyStatus, async (_input, { borrower }) => {
    const policy = await policyNow();
    const acknowledged = await hasAcknowledged(app.db, {
      borrowerId: borrower.id,
      notice: 'policy',
      version: policy.version,
    });
    const requests = await listSubjectRequests(requestDeps(), {
      borrowerId: borrower.id,
      now: app.clock.now(),
    });
    return { policy, mustAcknowledge: !acknowledged, requests };
  });

  registerEndpoint(app, endpoints.privacyAcknowledge, async (input, { borrower }) => {
    const policy = await policyNow();
    // A notice acknowledged is the one shown now: an old page's version is refused, not recorded.
    if (input.version !== policy.version) throw ApiError.badRequest(messages.privacyPolicyChanged);
    await acknowledgeNotice(app.db, {
      borrowerId: borrower.id,
      notice: input.notice,
      version: policy,
      channel: input.channel,
      now: app.clock.now(),
    });
    return { version: policy.version };
  });

  registerEndpoint(app, endpoints.privacyJustInTimeNotice, async (input, { borrower }) => {
    const version = await recordJustInTimeNotice(
      { db: app.db, site: siteInfo(app.config), timeZone: app.config.lenderTimeZone },
      { borrowerId: borrower.id, notice: input.notice, channel: input.channel, now: app.clock.now() },
    );
    return { notice: input.notice, version: version.version };
  });

  registerEndpoint(app, endpoints.privacyRequest, (input, { borrower }) =>
    openSubjectRequest(requestDeps(), {
      borrowerId: borrower.id,
      kind: input.kind,
      ...(input.field ? { field: input.field } : {}),
      ...(input.value ? { value: input.value.trim() } : {}),
      now: app.clock.now(),
    }),
  );

  registerEndpoint(app, endpoints.privacyExportLink, async (_input, { borrower }) => {
    const link = await createExportLink(app.db, { borrowerId: borrower.id, now: app.clock.now() });
    const query = `?token=${link.token}`;
    return {
      jsonUrl: `${endpoints.privacyExportJson.path}${query}`,
      documentUrl: `${endpoints.privacyExportDocument.path}${query}`,
      expiresAt: link.expiresAt,
    };
  });

  /** The export behind a live link; an unknown, expired or foreign token is the same 404. */
  const exportOf = async (token: string) => {
    const now = app.clock.now();
    const borrowerId = await exportLinkOwner(app.db, { token, now });
    const data = borrowerId === null ? null : await buildDataExport(app.db, { borrowerId, now });
    if (!data) throw ApiError.notFound();
    return data;
  };

  registerEndpoint(app, endpoints.privacyExportJson, async (input, { reply }) => {
    const data = await exportOf(input.token);
    reply
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', `attachment; filename="my-data-${data.generatedAt.slice(0, 10)}.json"`);
    return JSON.stringify(data, null, 2);
  });

  registerEndpoint(app, endpoints.privacyExportDocument, async (input, { reply }) => {
    const data = await exportOf(input.token);
    reply.header('Cache-Control', 'private, no-store');
    return dataExportHtml(data, siteInfo(app.config).brandName);
  });

  // A correction carries the right value (a name, an address): the queue is personal data too.
  registerPersonalDataRead(app, endpoints.consolePrivacyRequests, {
    what: 'privacy requests',
    read: () => listSubjectRequests(requestDeps(), { now: app.clock.now() }),
    subjects: (requests) => ({ borrowerIds: requests.map((request) => request.borrowerId) }),
  });

  // The DPO's answers and the breach register are audited like every operator's write.
  registerEndpoint(app, endpoints.consoleClosePrivacyRequest, async (input, { operator }) => {
    const closed = await audited(app, operator, async (trx) => {
      const answer = await closeSubjectRequest(
        { ...requestDeps(), db: trx },
        { ...input, note: input.note.trim(), now: app.clock.now() },
      );
      return {
        result: answer,
        audit: {
          action: 'privacy.request.close',
          subject: `privacy-request:${input.requestId}`,
          before: null,
          after: { status: answer?.status ?? null, note: input.note.trim() },
        },
      };
    });
    if (!closed) throw ApiError.notFound();
    return closed;
  });

  registerEndpoint(app, endpoints.consoleAccessLog, (input) =>
    listAccessLog(app.db, input.borrowerId ? { borrowerId: input.borrowerId } : {}),
  );

  registerEndpoint(app, endpoints.consoleBreaches, () => listBreaches(app.db, app.clock.now()));

  registerEndpoint(app, endpoints.consoleRecordBreach, (input, { operator }) => {
    // The 72-hour clock runs from discovery: a discovery still to come would give it hours it has not.
    if (new Date(input.discoveredAt) > app.clock.now())
      throw ApiError.badRequest(messages.privacyBreachDiscoveredLater);
    return audited(app, operator, async (trx) => {
      const id = await recordBreach(trx, {
        title: input.title.trim(),
        description: input.description,
        discoveredAt: new Date(input.discoveredAt),
        operator,
        now: app.clock.now(),
      });
      return {
        result: { id },
        audit: { action: 'privacy.breach.record', subject: `breach:${id}`, before: null, after: input },
      };
    });
  });

  registerEndpoint(app, endpoints.consoleBreachNotified, async (input, { operator }) => {
    const found = await audited(app, operator, async (trx) => ({
      result: await markBreachNotified(trx, { breachId: input.breachId, now: app.clock.now() }),
      audit: {
        action: 'privacy.breach.npc-notified',
        subject: `breach:${input.breachId}`,
        before: null,
        after: { notifiedAt: app.clock.now().toISOString() },
      },
    }));
    if (!found) throw ApiError.notFound();
    return { breachId: input.breachId };
  });
}
