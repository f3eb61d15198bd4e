import type { FastifyInstance } from 'fastify';
import { CSRF_HEADER, messages } from '@kwarta/contract';
import { ApiError } from '../../lib/api-error.ts';
import type { CallerKind } from '../../lib/callers.ts';
import { operatorSessionToken } from './operator-cookie.ts';
import { csrfTokenMatches, findLiveOperatorSession, touchOperatorSession } from './operator-repository.ts';

/**
 * `operator` calls (the console): a live session in the HttpOnly cookie (401 otherwise), the
 * session's CSRF token in the header on every write (403), and a role the route names (403;
 * admin may make every operator call). The borrower's session query is never looked at, so a
 * borrower session reaches no console call and a console session is no borrower session.
 */
export function operatorCaller(app: FastifyInstance): CallerKind {
  return {
    async identify({ request, endpoint }) {
      const token = operatorSessionToken(request);
      const now = app.clock.now();
      const live = token ? await findLiveOperatorSession(app.db, { token, now }) : null;
      if (!live) throw ApiError.sessionInvalid(messages.operatorSessionInvalid);
      // Every write is a POST; a GET changes nothing, so a link cannot act for the operator.
      const csrf = request.headers[CSRF_HEADER];
      if (endpoint.method !== 'GET' && !csrfTokenMatches(live, typeof csrf === 'string' ? csrf : undefined)) {
        throw ApiError.forbidden(messages.csrfRefused);
      }
      const role = live.operator.role;
      if (role !== 'admin' && !(endpoint.roles ?? []).some((allowed) => allowed === role)) {
        throw ApiError.forbidden(messages.operatorRoleRefused);
      }
      return {
        borrower: null,
        operator: live.operator,
        commit: () => touchOperatorSession(app.db, live.tokenHash, app.clock.now()),
      };
    },
  };
}
