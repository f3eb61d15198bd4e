import type { FastifyInstance } from 'fastify';
import { consoleMenu, type OperatorRole } from '@kwarta/contract';
import { csrfTokenFor, failureSummaries, type LiveOperatorSession } from '../operators/index.ts';

/**
 * What the console is handed about its operator, the same from sign-in, consoleMe and the page's
 * embedded block: name, role, the session's CSRF token, the role's menu, and the failed sign-in
 * attempts on this operator between their previous sign-in and this session's (decision 0091).
 */
export async function operatorView(app: FastifyInstance, live: LiveOperatorSession) {
  const failures = await failureSummaries(app.db, {
    operatorIds: [live.operator.id],
    // No earlier sign-in recorded: every failure kept counts.
    after: live.previousSignInAt ?? '',
    upTo: live.signedInAt,
  });
  return {
    name: live.operator.name,
    role: live.operator.role as OperatorRole,
    csrfToken: csrfTokenFor(live.token),
    menu: consoleMenu(live.operator.role as OperatorRole),
    failedSignIns: failures.get(live.operator.id) ?? null,
  };
}
