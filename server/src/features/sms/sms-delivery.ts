import type { Kysely } from 'kysely';
import { calendarDateAt, contactDecision, defaultContactRules, type CalendarDate } from '@kwarta/domain';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import { SmsSendError } from './sms-gateway.ts';

type DeliveryDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'smsGateway' | 'log' | 'metrics'>;

/** Longer than any provider call takes (its timeout): a send still `sending` after this stopped. */
const STALE_SENDING_MS = 10 * 60_000;

/** Waits between tries of one message: 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

export interface DeliveryCounts {
  sent: number;
  retrying: number;
  failed: number;
  skipped: number;
  /** Due but held back for the lawful hours or the provider's rate. */
  deferred: number;
}

/**
 * An order's standing as of today, as the collections queue reads it (orders' `overdueStanding`,
 * handed in by the job registry: orders queue messages through this feature, so it cannot import them).
 */
export type OrderStandingAt = (
  db: Kysely<Database>,
  orderId: number,
  today: CalendarDate,
) => Promise<{ live: boolean; daysPastDue: number } | undefined>;

/**
 * The day's cap of collection messages per phone, kept by collections (decision 0103) and handed
 * in by the job registry: a slot is claimed atomically before a collection message is sent and
 * released when it is not, so overlapping passes never send one past the cap.
 */
export interface CollectionContactSlots {
  claim(db: Kysely<Database>, slot: { phone: string; day: CalendarDate; cap: number }): Promise<boolean>;
  release(db: Kysely<Database>, slot: { phone: string; day: CalendarDate }): Promise<void>;
}

/** Why a message due for delivery is not sent (decision 0103), or null when it may go now. */
type Verdict = { skip: string } | { waitUntil: Date } | null;

/**
 * One delivery pass over queued system messages (sms_messages): at most a minute's worth of the
 * provider's rate (SMS_RATE_PER_MINUTE), only inside the lawful contact hours unless a message may
 * go at any hour. Each message is claimed before it is sent (queued → sending, one row updated or
 * none), so two instances never send the same one; the record, not the retry, decides whether a
 * message went: a timeout is tried again under the same record, never as a second message.
 */
export async function deliverQueuedSms(
  deps: DeliveryDeps,
  standingOf: OrderStandingAt,
  contactSlots: CollectionContactSlots,
): Promise<DeliveryCounts> {
  const { db, config, smsGateway, metrics } = deps;
  const counts: DeliveryCounts = { sent: 0, retrying: 0, failed: 0, skipped: 0, deferred: 0 };
  const now = deps.clock.now();
  const rules = config.compliance?.contact ?? defaultContactRules;
  const window = contactDecision({ at: now, timeZone: config.lenderTimeZone, rules, daysPastDue: 0 });
  // A send a crash interrupted may have reached the borrower: it is recorded failed, never sent again.
  await db
    .updateTable('sms_messages')
    .set({ status: 'failed', last_error: 'stopped while sending: outcome unknown, not sent again' })
    .where('status', '=', 'sending')
    .where('next_attempt_at', '<', new Date(now.getTime() - STALE_SENDING_MS).toISOString())
    .execute();
  let query = db
    .selectFrom('sms_messages')
    .leftJoin('order_plan_lines', 'order_plan_lines.id', 'sms_messages.plan_line_id')
    .select([
      'sms_messages.id',
      'sms_messages.purpose',
      'sms_messages.phone',
      'sms_messages.text',
      'sms_messages.attempts',
      'sms_messages.dedupe_key',
      'sms_messages.order_id',
      'order_plan_lines.amount as line_amount',
      'order_plan_lines.paid_amount as line_paid',
      'order_plan_lines.due_date as line_due_date',
    ])
    .where('sms_messages.status', '=', 'queued')
    .where('sms_messages.next_attempt_at', '<=', now.toISOString());
  // Outside the hours only messages that may go at any hour are due; the rest wait for 06:00.
  if (!window.allowed) query = query.where('sms_messages.any_hour', '=', 1);
  const due = await query.orderBy('sms_messages.id').limit(config.sms.ratePerMinute).execute();

  const today = calendarDateAt(now, config.lenderTimeZone);
  const capped = `the borrower had ${config.sms.collectionPerBorrowerDay} collection messages today`;

  // What was true when a message was queued may not be now (decision 0103): the borrower paid, the
  // order was written off, the past-due exception no longer holds (the day's cap: a slot, below).
  async function verdict(message: (typeof due)[number]): Promise<Verdict> {
    // A reminder of a line paid (or moved by an extension) since it was queued says nothing true.
    if (
      message.line_amount !== null &&
      (message.line_paid! >= message.line_amount || !message.dedupe_key.endsWith(`:${message.line_due_date}`))
    )
      return { skip: 'the instalment was paid or moved since it was queued' };
    if (message.order_id === null) return null;
    const standing = await standingOf(db, message.order_id, today);
    if (!standing?.live) return { skip: 'the order no longer owes (settled or written off)' };
    if (message.purpose === 'collection' && standing.daysPastDue === 0)
      return { skip: 'nothing is past due any more' };
    const decision = contactDecision({
      at: now,
      timeZone: config.lenderTimeZone,
      rules,
      daysPastDue: standing.daysPastDue,
    });
    if (!decision.allowed) return { waitUntil: decision.nextAllowedAt };
    return null;
  }

  for (const message of due) {
    const at = deps.clock.now().toISOString();
    const found = await verdict(message);
    if (found && 'waitUntil' in found) {
      await db
        .updateTable('sms_messages')
        .set({ next_attempt_at: found.waitUntil.toISOString() })
        .where('id', '=', message.id)
        .where('status', '=', 'queued')
        .execute();
      counts.deferred += 1;
      continue;
    }
    const stale = found !== null;
    const claimed = await db
      .updateTable('sms_messages')
      .set(
        found
          ? { status: 'skipped', last_error: found.skip }
          : {
              status: 'sending',
              attempts: message.attempts + 1,
              provider: smsGateway.name,
              next_attempt_at: at,
            },
      )
      .where('id', '=', message.id)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    if (claimed.numUpdatedRows === 0n) continue;
    if (stale) {
      counts.skipped += 1;
      continue;
    }
    // The message is this pass's: a collection message then takes one of the phone's slots of the
    // day, or is skipped. Claimed after the message, so no pass holds a slot for a message another
    // pass sends.
    const slot = message.purpose === 'collection' ? { phone: message.phone, day: today } : null;
    if (slot && !(await contactSlots.claim(db, { ...slot, cap: config.sms.collectionPerBorrowerDay }))) {
      await db
        .updateTable('sms_messages')
        .set({ status: 'skipped', last_error: capped, attempts: message.attempts })
        .where('id', '=', message.id)
        .execute();
      counts.skipped += 1;
      continue;
    }
    const attempts = message.attempts + 1;
    try {
      const receipt = await smsGateway.send({ phone: message.phone, text: message.text });
      await db
        .updateTable('sms_messages')
        .set({
          status: 'sent',
          provider_message_id: receipt.providerMessageId,
          sent_at: at,
          last_error: null,
        })
        .where('id', '=', message.id)
        .execute();
      counts.sent += 1;
      metrics.sms(smsGateway.name, message.purpose, 'sent');
      if (message.purpose === 'reminder') metrics.reminder('sent');
    } catch (error) {
      // Not sent: the slot goes back to a message that will reach the borrower.
      if (slot) await contactSlots.release(db, slot);
      if (!(error instanceof SmsSendError)) {
        // Not the provider's answer (our own fault): back in the queue as it was, and say so.
        await db
          .updateTable('sms_messages')
          .set({ status: 'queued', attempts: message.attempts })
          .where('id', '=', message.id)
          .execute();
        throw error;
      }
      // Every refused try counts, retried or not: that rate is the provider's health.
      metrics.sms(smsGateway.name, message.purpose, 'failed');
      const giveUp = error.permanent || attempts >= config.sms.maxAttempts;
      const wait = Math.max(retryDelayMs(attempts), error.detail.retryAfterMs ?? 0);
      await db
        .updateTable('sms_messages')
        .set({
          status: giveUp ? 'failed' : 'queued',
          last_error: error.message,
          next_attempt_at: new Date(deps.clock.now().getTime() + wait).toISOString(),
        })
        .where('id', '=', message.id)
        .execute();
      if (giveUp) {
        counts.failed += 1;
        deps.log.warn({ messageId: message.id, err: error }, 'SMS given up');
      } else {
        counts.retrying += 1;
      }
      // The provider asked us to slow down: the rest of this pass waits for the next one.
      if (error.detail.retryAfterMs !== undefined) break;
    }
  }
  if (!window.allowed) {
    counts.deferred += Number(
      (
        await db
          .selectFrom('sms_messages')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('status', '=', 'queued')
          .where('any_hour', '=', 0)
          .where('next_attempt_at', '<=', now.toISOString())
          .executeTakeFirstOrThrow()
      ).count,
    );
  }
  return counts;
}
