import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/api-error.ts';
import { nothingToCommit, type CallerKind } from '../../lib/callers.ts';
import { findLiveSession, touchSession } from './session-repository.ts';

/** `borrower` calls (D1): the common session query's sessionId names a live session, else 401. */
export function borrowerCaller(app: FastifyInstance): CallerKind {
  return {
    async identify({ session }) {
      const token = session.sessionId;
      const now = app.clock.now();
      const live = token ? await findLiveSession(app.db, { token, now, policy: app.config.session }) : null;
      if (!live) throw ApiError.sessionInvalid();
      return {
        borrower: live.borrower,
        operator: null,
        // Most calls come within a minute of the last one and have nothing to record.
        commit: live.stale ? () => touchSession(app.db, live, app.clock.now()) : nothingToCommit,
      };
    },
  };
}
