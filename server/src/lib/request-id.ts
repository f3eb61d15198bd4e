import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a proxy (nginx's $request_id) or a caller sets, and every response carries back. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Ids a proxy or a client may hand us: short, printable, no spaces. Anything else (a log line
 * forged into the header, a megabyte of it) is replaced, never echoed.
 */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The namespace of job runs' trace ids (`job:<name>:<run>`, jobs/run-job.ts). It is ours alone: an
 * id a caller sends in it (`job:resume-refunds:999`) is replaced, so no request reaches a provider's
 * log posing as a job run. Compared without case, as a provider's log search would.
 */
export const JOB_TRACE_PREFIX = 'job:';

/**
 * The request's id (Fastify's genReqId): the one it came with when acceptable (and not in the
 * jobs' namespace), so a request keeps
 * one id from the proxy through every instance's log lines; otherwise a new UUID, unique across
 * the fleet (Fastify's own counter restarts at req-1 on every instance).
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' &&
    ACCEPTED_ID.test(given) &&
    !given.toLowerCase().startsWith(JOB_TRACE_PREFIX)
    ? given
    : randomUUID();
}
