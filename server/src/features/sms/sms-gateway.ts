import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SmsGateway } from '../../lib/ports/sms-gateway.ts';
import { outboundHeaders } from '../../lib/request-context.ts';

export type { SmsGateway, SmsMessage } from '../../lib/ports/sms-gateway.ts';

/**
 * A provider did not take a message. `permanent` ones (a refused number, a bad key) are not tried
 * again; the rest (unreachable, timeout, 5xx, 429) may be, after `retryAfterMs` when it said.
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly detail: { permanent?: boolean; retryAfterMs?: number | undefined; cause?: unknown } = {},
  ) {
    super(message, { cause: detail.cause });
  }

  get permanent(): boolean {
    return this.detail.permanent ?? false;
  }
}

/** HTTP statuses a retry may cure: the provider's own trouble or its rate limit. */
export function retryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** Retry-After in seconds (the form providers use) as milliseconds, or undefined. */
export function retryAfterMs(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

/** Default adapter: messages are stored, and readable in development/sandbox at /dev/sms-outbox. */
export function outboxGateway(db: Kysely<Database>, clock: Clock): SmsGateway {
  return {
    name: 'outbox',
    async send(message) {
      await db
        .insertInto('sms_outbox')
        .values({ phone: message.phone, text: message.text, created_at: clock.now().toISOString() })
        .execute();
      return { providerMessageId: null };
    },
  };
}

/**
 * A real provider over HTTP: POST {"to", "text"} as JSON with a bearer token. Most providers
 * take this shape or need only a small proxy; the timeout keeps a slow provider from holding
 * requests (DESIGN §3).
 */
export function httpGateway(
  options: { url: string; token?: string | undefined; timeoutMs: number },
  fetchImpl: typeof fetch = fetch,
): SmsGateway {
  return {
    name: 'http',
    async send(message) {
      let response: Response;
      try {
        response = await fetchImpl(options.url, {
          method: 'POST',
          headers: outboundHeaders({
            'content-type': 'application/json',
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          }),
          body: JSON.stringify({ to: message.phone, text: message.text }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new SmsSendError(`SMS provider unreachable: ${error instanceof Error ? error.name : 'error'}`, {
          cause: error,
        });
      }
      if (!response.ok) {
        throw new SmsSendError(`SMS provider answered HTTP ${response.status}`, {
          permanent: !retryableStatus(response.status),
          retryAfterMs: retryAfterMs(response),
        });
      }
      const body = (await response.json().catch(() => null)) as { id?: unknown } | null;
      return { providerMessageId: body && body.id !== undefined ? String(body.id) : null };
    },
  };
}

export function latestOutboxMessages(db: Kysely<Database>, phone: string, limit = 10) {
  return db
    .selectFrom('sms_outbox')
    .select(['phone', 'text', 'created_at as createdAt'])
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
