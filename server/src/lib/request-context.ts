import { AsyncLocalStorage } from 'node:async_hooks';
import { REQUEST_ID_HEADER } from './request-id.ts';

/**
 * What the work under way is traced by: the request's id (lib/request-id.ts), entered in an
 * onRequest hook (app.ts), or a job run's (`job:<name>:<run>`, jobs/run-job.ts). It follows the
 * work through every await, so a provider adapter deep inside a use case can name it on its call
 * without each use case passing it along.
 */
const current = new AsyncLocalStorage<string>();

/** Runs `work` (and everything it awaits) as part of the work `traceId` names. */
export function withTraceId<T>(traceId: string, work: () => T): T {
  return current.run(traceId, work);
}

/** The id of the request or job run under way, if any. */
export function currentTraceId(): string | undefined {
  return current.getStore();
}

/** A provider call's options, headers as a plain object (outboundHeaders adds to them). */
export type ProviderRequest = Omit<RequestInit, 'headers'> & { headers?: Record<string, string> };

/**
 * The headers of an outbound provider call (payments, payouts, SMS, the sandbox cashier's
 * postback): the adapter's own, plus X-Request-Id naming the request or job run that made it,
 * so the provider's logs and ours can be matched. The one place every adapter gets it from.
 */
export function outboundHeaders(headers: Record<string, string> = {}): Record<string, string> {
  const traceId = current.getStore();
  return traceId === undefined ? headers : { ...headers, [REQUEST_ID_HEADER]: traceId };
}
