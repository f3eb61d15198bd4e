import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';

/** A callback exactly as it arrived: the bytes a signature is computed over. */
export interface RawCallback {
  body: Buffer;
  /** The query string as sent (after the '?'), undecoded. */
  rawQuery: string;
  headers: FastifyRequest['headers'];
}

export type CallbackRefusal = 'signature' | 'malformed';

/**
 * One payment provider's callback (D8): how it is verified, read and answered. The provider's
 * own rules live in its adapter (payments feature); this is the part every provider shares.
 */
export interface ProviderCallback<Event> {
  /** Stored with each event; (provider, eventId) is unique. */
  provider: string;
  method: 'GET' | 'POST';
  path: string;
  /** The signature check over the raw request, before anything is parsed or stored. */
  verify(raw: RawCallback): boolean;
  /**
   * The verified request as an event with the provider's unique id for it (txnid, event id), or
   * null. It may ask the provider first (a status re-query): that happens here, before and
   * outside the transaction; if it throws, nothing is stored and the answer is `failed`.
   */
  parse(
    raw: RawCallback,
  ): { eventId: string; event: Event } | null | Promise<{ eventId: string; event: Event } | null>;
  /**
   * Acts on an event seen for the first time, inside the transaction that stores it: both commit
   * or neither does (a failure leaves the event unstored, so the provider's retry is acted on).
   */
  handle(event: Event, trx: Kysely<Database>): Promise<void>;
  /** The provider's own answers: accepted (also for a replay), refused (nothing stored), failed (retry later). */
  reply: {
    accepted(reply: FastifyReply): FastifyReply;
    refused(reply: FastifyReply, why: CallbackRefusal): FastifyReply;
    failed(reply: FastifyReply): FastifyReply;
  };
}

export type CallbackOutcome = 'handled' | 'duplicate';

/**
 * Stores a verified event once per (provider, eventId) and acts on it in the same transaction.
 * A replay, sequential or concurrent, finds the row (PostgreSQL waits on the first inserter's
 * unique key and then sees it committed) and does nothing.
 */
export async function acceptProviderEvent<Event>(
  db: Kysely<Database>,
  callback: Pick<ProviderCallback<Event>, 'provider' | 'handle'>,
  input: { eventId: string; event: Event; payload: string; now: Date },
): Promise<CallbackOutcome> {
  return inTransaction(db, async (trx) => {
    const stored = await trx
      .insertInto('provider_events')
      .values({
        provider: callback.provider,
        event_id: input.eventId,
        payload: input.payload,
        received_at: input.now.toISOString(),
      })
      .onConflict((conflict) => conflict.columns(['provider', 'event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!stored) return 'duplicate';
    await callback.handle(input.event, trx);
    return 'handled';
  });
}

const carriesNul = (raw: RawCallback) =>
  raw.body.includes(0) || /%00/i.test(raw.rawQuery) || /%00/i.test(raw.body.toString('latin1'));

/**
 * Registers a provider's callback route. Its own plugin scope takes every body as raw bytes
 * (nothing is parsed before the signature is checked), and every answer is the provider's
 * format, never our envelope.
 */
export async function registerProviderCallback<Event>(
  app: FastifyInstance,
  callback: ProviderCallback<Event>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.route({
      method: callback.method,
      url: callback.path,
      config: { caller: 'provider' },
      handler: async (request, reply) => {
        const queryAt = request.url.indexOf('?');
        const raw: RawCallback = {
          body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          rawQuery: queryAt === -1 ? '' : request.url.slice(queryAt + 1),
          headers: request.headers,
        };
        // NUL is never part of a provider's field, and PostgreSQL cannot store it in text: a 400
        // tells the provider not to retry, where a failure (5xx) would make it retry for ever.
        if (carriesNul(raw)) return callback.reply.refused(reply, 'malformed');
        if (!callback.verify(raw)) {
          request.log.warn({ provider: callback.provider }, 'provider callback refused: bad signature');
          return callback.reply.refused(reply, 'signature');
        }
        try {
          const parsed = await callback.parse(raw);
          if (!parsed) return callback.reply.refused(reply, 'malformed');
          const outcome = await acceptProviderEvent(app.db, callback, {
            ...parsed,
            payload: raw.body.length ? raw.body.toString('utf8') : raw.rawQuery,
            now: app.clock.now(),
          });
          request.log.info(
            { provider: callback.provider, eventId: parsed.eventId, outcome },
            'provider callback',
          );
          return callback.reply.accepted(reply);
        } catch (error) {
          request.log.error({ err: error, provider: callback.provider }, 'provider callback failed');
          return callback.reply.failed(reply);
        }
      },
    });
  });
}
