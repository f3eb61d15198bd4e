import {
  contactRuleText,
  fillMessage,
  messages,
  type ContactOutcome,
  type OperatorRole,
} from '@kwarta/contract';
import {
  addDays,
  calendarDateAt,
  contactDecision,
  defaultContactRules,
  formatMoney,
  instantAt,
  formatLenderTime,
  type CalendarDate,
} from '@kwarta/domain';
import type { Operator } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import { Refusal } from '../../lib/refusal.ts';
import { lockBorrower } from '../borrowers/index.ts';
import { findOperatorByName } from '../operators/index.ts';
import { overdueAmong, overdueStanding } from '../orders/index.ts';
import { collectionSmsSince, queueSmsMessages } from '../sms/index.ts';
import { shownBrandName } from '../brand/index.ts';
import { assignedCollector, assignedCollectors } from './collection-records.ts';
import { findCollectionTemplate } from './collection-templates.ts';

/**
 * What a collector does on an order (decision 0098). Each use case runs on the caller's
 * transaction and answers its result with the audit entry the console records beside it.
 */
type CollectionDeps = Pick<Deps, 'db' | 'clock' | 'config'>;
type Actor = Pick<Operator, 'id' | 'name'> & { role: OperatorRole };

const subject = (orderId: number) => `order:${orderId}`;

function lenderToday(deps: CollectionDeps): CalendarDate {
  return calendarDateAt(deps.clock.now(), deps.config.lenderTimeZone);
}

async function requireStanding(deps: CollectionDeps, orderId: number) {
  const standing = await overdueStanding(deps.db, orderId, lenderToday(deps));
  if (!standing) throw Refusal.notFound();
  return standing;
}

/** Whether contact is allowed now for an order this many days past due, and the rule that says so. */
export function contactNow(deps: Pick<Deps, 'clock' | 'config'>, daysPastDue: number) {
  const rules = deps.config.compliance?.contact ?? defaultContactRules;
  const decision = contactDecision({
    at: deps.clock.now(),
    timeZone: deps.config.lenderTimeZone,
    rules,
    daysPastDue,
  });
  return { rule: contactRuleText(rules), decision };
}

/** A call or message the collector made, with its outcome and, when one was made, a promise to pay. */
export async function recordContact(
  deps: CollectionDeps,
  actor: Actor,
  input: {
    orderId: number;
    kind: 'call' | 'message';
    outcome: Exclude<ContactOutcome, 'queued'>;
    note: string;
    promiseAmount?: number | undefined;
    promiseDate?: string | undefined;
  },
) {
  await requireStanding(deps, input.orderId);
  const now = deps.clock.now().toISOString();
  if (input.promiseDate !== undefined && input.promiseDate < lenderToday(deps))
    throw Refusal.invalid(messages.collectionPromiseInPast);
  const contact = await deps.db
    .insertInto('collection_contacts')
    .values({
      order_id: input.orderId,
      operator_id: actor.id,
      kind: input.kind,
      outcome: input.outcome,
      note: input.note,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const promise =
    input.promiseAmount !== undefined && input.promiseDate !== undefined
      ? await deps.db
          .insertInto('collection_promises')
          .values({
            order_id: input.orderId,
            contact_id: contact.id,
            amount: input.promiseAmount,
            promised_on: input.promiseDate,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      : undefined;
  return {
    result: { contactId: contact.id, promiseId: promise?.id ?? null },
    audit: {
      action: promise ? 'collection.contact.promise' : 'collection.contact',
      subject: subject(input.orderId),
      before: undefined,
      after: {
        kind: input.kind,
        outcome: input.outcome,
        note: input.note,
        ...(promise ? { promise: { amount: input.promiseAmount, date: input.promiseDate } } : {}),
      },
    },
  };
}

/**
 * Assigns an order: an admin to any enabled collector (reassigning if need be); a collector only
 * themselves, and only to an order nobody has, so two collectors never work one borrower unaware.
 */
export async function assignCollector(
  deps: CollectionDeps,
  actor: Actor,
  input: { orderId: number; collector: string },
) {
  await requireStanding(deps, input.orderId);
  const before = await assignedCollector(deps.db, input.orderId);
  let collector: Pick<Operator, 'id' | 'name'>;
  if (actor.role === 'admin' && input.collector !== '') {
    const found = await findOperatorByName(deps.db, input.collector);
    if (!found || found.role !== 'collector' || found.disabled === 1)
      throw Refusal.invalid(fillMessage(messages.collectionNotACollector, { name: input.collector }));
    collector = found;
  } else {
    if (input.collector !== '' && input.collector !== actor.name)
      throw Refusal.refused(messages.operatorRoleRefused);
    if (before && before.id !== actor.id)
      throw Refusal.refused(
        fillMessage(messages.collectionAlreadyAssigned, { orderId: input.orderId, collector: before.name }),
      );
    collector = actor;
  }
  await deps.db
    .insertInto('collection_assignments')
    .values({
      order_id: input.orderId,
      operator_id: collector.id,
      assigned_by: actor.name,
      assigned_at: deps.clock.now().toISOString(),
    })
    .onConflict((conflict) =>
      conflict.column('order_id').doUpdateSet({
        operator_id: collector.id,
        assigned_by: actor.name,
        assigned_at: deps.clock.now().toISOString(),
      }),
    )
    .execute();
  return {
    result: { orderId: input.orderId, assignedTo: collector.name },
    audit: {
      action: 'collection.assign',
      subject: subject(input.orderId),
      before: { assignedTo: before?.name ?? null },
      after: { assignedTo: collector.name },
    },
  };
}

/**
 * Assigns many overdue orders to one collector at once (an admin's morning split of the queue):
 * all or none. Every order must be in collection today (the queue's definition); otherwise nothing
 * is assigned and the refusal names each order that is not, so the admin can drop them and retry.
 * One upsert in the caller's transaction; one audit entry lists the orders and who had each before.
 */
export async function assignCollectorBulk(
  deps: CollectionDeps,
  actor: Actor,
  input: { orderIds: readonly number[]; collector: string },
) {
  const found = await findOperatorByName(deps.db, input.collector);
  if (!found || found.role !== 'collector' || found.disabled === 1)
    throw Refusal.invalid(fillMessage(messages.collectionNotACollector, { name: input.collector }));
  const overdue = await overdueAmong(deps.db, input.orderIds, lenderToday(deps));
  const refused = input.orderIds.filter((orderId) => !overdue.has(orderId));
  if (refused.length > 0)
    throw Refusal.refused(fillMessage(messages.collectionBulkNotOverdue, { orders: refused.join(', ') }));
  const before = await assignedCollectors(deps.db, input.orderIds);
  const now = deps.clock.now().toISOString();
  await deps.db
    .insertInto('collection_assignments')
    .values(
      input.orderIds.map((orderId) => ({
        order_id: orderId,
        operator_id: found.id,
        assigned_by: actor.name,
        assigned_at: now,
      })),
    )
    .onConflict((conflict) =>
      conflict.column('order_id').doUpdateSet((eb) => ({
        operator_id: eb.ref('excluded.operator_id'),
        assigned_by: eb.ref('excluded.assigned_by'),
        assigned_at: eb.ref('excluded.assigned_at'),
      })),
    )
    .execute();
  return {
    result: { assigned: input.orderIds.length, assignedTo: found.name },
    audit: {
      action: 'collection.assign.bulk',
      subject: `collector:${found.name}`,
      before: Object.fromEntries(input.orderIds.map((orderId) => [orderId, before.get(orderId) ?? null])),
      after: { orderIds: input.orderIds, assignedTo: found.name },
    },
  };
}

/**
 * Queues an approved template to the order's borrower (the phone on the order, never one typed
 * in), inside the lawful contact hours unless the order is past the profile's exception, by the
 * order's collector or an admin, and within the borrower's daily cap (decision 0103). The delivery
 * loop sends it like a reminder, checking all of it again; the contact log records it as an `sms`.
 */
export async function sendCollectionSms(
  deps: CollectionDeps,
  actor: Actor,
  input: { orderId: number; templateId: number },
) {
  const standing = await requireStanding(deps, input.orderId);
  if (standing.daysPastDue === 0)
    throw Refusal.refused(fillMessage(messages.collectionNotOverdue, { orderId: input.orderId }));
  const template = await findCollectionTemplate(deps.db, input.templateId);
  if (!template || template.approved_by === null)
    throw Refusal.refused(messages.collectionTemplateNotApproved);
  const assigned = await assignedCollector(deps.db, input.orderId);
  if (actor.role !== 'admin' && assigned && assigned.id !== actor.id)
    throw new ContactRefused(
      fillMessage(messages.collectionNotAssignee, { orderId: input.orderId, collector: assigned.name }),
    );
  const { rule, decision } = contactNow(deps, standing.daysPastDue);
  if (!decision.allowed)
    throw new ContactRefused(
      fillMessage(messages.collectionContactRefused, {
        rule,
        days: standing.daysPastDue,
        next: formatLenderTime(decision.nextAllowedAt, deps.config.lenderTimeZone),
      }),
    );
  await refuseOverDailyCap(deps, standing);
  const now = deps.clock.now().toISOString();
  const text = fillMessage(template.text, {
    name: standing.borrowerName ?? '',
    amount: formatMoney(standing.amountDueNow, deps.config.market.money),
    dueDate: standing.dueDate ?? '',
    brand: await shownBrandName(deps),
  });
  const contact = await deps.db
    .insertInto('collection_contacts')
    .values({
      order_id: input.orderId,
      operator_id: actor.id,
      kind: 'sms',
      outcome: 'queued',
      note: template.name,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await queueSmsMessages(deps.db, [
    {
      dedupe_key: `collection:${contact.id}`,
      purpose: 'collection',
      order_id: input.orderId,
      plan_line_id: null,
      phone: standing.phone,
      text,
      // Past the exception it may go at any hour; inside the window it goes now. Queued at 21:59
      // and not sent by 22:00, it waits for the morning like a reminder.
      any_hour: decision.by === 'past-due-exception' ? 1 : 0,
      next_attempt_at: now,
      created_at: now,
    },
  ]);
  return {
    result: { contactId: contact.id, text },
    audit: {
      action: 'collection.sms',
      subject: subject(input.orderId),
      before: undefined,
      after: { templateId: template.id, template: template.name, text, allowedBy: decision.by },
    },
  };
}

/**
 * The borrower's collection messages of the lender day, sent or still to go, against the cap. The
 * borrower's row lock (PostgreSQL) makes two collectors' sends count one after the other.
 */
async function refuseOverDailyCap(deps: CollectionDeps, standing: { borrowerId: number; phone: string }) {
  await lockBorrower(deps.db, standing.borrowerId);
  const { lenderTimeZone } = deps.config;
  const today = lenderToday(deps);
  const cap = deps.config.sms.collectionPerBorrowerDay;
  const since = instantAt(today, 0, lenderTimeZone);
  if ((await collectionSmsSince(deps.db, { phone: standing.phone, since, pending: true })) < cap) return;
  const rules = deps.config.compliance?.contact ?? defaultContactRules;
  throw new ContactRefused(
    fillMessage(messages.collectionDailyCap, {
      cap,
      next: formatLenderTime(instantAt(addDays(today, 1), rules.startHour, lenderTimeZone), lenderTimeZone),
    }),
  );
}

/** A manual SMS refused by a rule of conduct (hours, cap, assignee): audited as an attempt. */
export class ContactRefused extends Refusal {
  constructor(message: string) {
    super('refused', message);
  }
}
