import type { Insertable, Kysely } from 'kysely';
import type { Database, SmsMessageTable } from '../../db/schema.ts';

export type QueuedSms = Omit<
  Insertable<SmsMessageTable>,
  'id' | 'status' | 'attempts' | 'provider' | 'provider_message_id' | 'last_error' | 'sent_at'
>;

/**
 * Queues system messages for delivery (sms-delivery.ts); a message whose dedupe key is already
 * queued or sent is left alone. Resolves with how many were new.
 */
export async function queueSmsMessages(db: Kysely<Database>, rows: readonly QueuedSms[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto('sms_messages')
    .values(rows.map((row) => ({ ...row, status: 'queued' as const })))
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n);
}

/** The latest messages about an order, newest first: the console's order page. */
export function orderMessages(db: Kysely<Database>, orderId: number) {
  return db
    .selectFrom('sms_messages')
    .select(['created_at', 'purpose', 'status', 'attempts', 'sent_at', 'last_error', 'text'])
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

/**
 * Collection messages to one phone since `since` (the lender day's start): those sent, and with
 * `pending` those still queued or sending too. The daily cap of decision 0103 counts with it when
 * a collector queues a message (everything spoken for) and when the loop delivers one (what went).
 */
export async function collectionSmsSince(
  db: Kysely<Database>,
  input: { phone: string; since: Date; pending: boolean },
): Promise<number> {
  const since = input.since.toISOString();
  const row = await db
    .selectFrom('sms_messages')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('purpose', '=', 'collection')
    .where('phone', '=', input.phone)
    .where((eb) =>
      input.pending
        ? eb.or([
            eb.and([eb('status', '=', 'sent'), eb('sent_at', '>=', since)]),
            eb.and([eb('status', 'in', ['queued', 'sending']), eb('created_at', '>=', since)]),
          ])
        : eb.and([eb('status', '=', 'sent'), eb('sent_at', '>=', since)]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
