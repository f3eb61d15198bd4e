import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SmsGateway } from '../../lib/ports/sms-gateway.ts';

export type { SmsGateway, SmsMessage } from '../../lib/ports/sms-gateway.ts';

export class SmsSendError extends Error {}

/** Default adapter: messages are stored, and readable in development/sandbox at /dev/sms-outbox. */
export function outboxGateway(db: Kysely<Database>, clock: Clock): SmsGateway {
  return {
    name: 'outbox',
    async send(message) {
      await db
        .insertInto('sms_outbox')
        .values({ phone: message.phone, text: message.text, created_at: clock.now().toISOString() })
        .execute();
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
          headers: {
            'content-type': 'application/json',
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
          body: JSON.stringify({ to: message.phone, text: message.text }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new SmsSendError(`SMS provider unreachable: ${error instanceof Error ? error.name : 'error'}`, {
          cause: error,
        });
      }
      if (!response.ok) throw new SmsSendError(`SMS provider answered HTTP ${response.status}`);
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
