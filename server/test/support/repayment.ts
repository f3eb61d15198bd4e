import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../../src/config.ts';
import type { Database } from '../../src/db/schema.ts';
import { createSession } from '../../src/features/sessions/session-repository.ts';
import { addDays } from '@kwarta/domain';

/** What these helpers need of an app (the e2e's scripts pass a bare database and config). */
export interface RepayApp {
  db: Kysely<Database>;
  clock: { now(): Date };
  config: Pick<Config, 'session' | 'lenderTimeZone' | 'amlCoveredThreshold'>;
}

/**
 * Phones for test borrowers: consecutive from a random start, so one process never draws the same
 * one twice (a test that makes a thousand orders drew a duplicate of eight random digits about
 * once in two hundred runs), while processes sharing a database (e2e scripts) still start apart.
 */
let phoneSerial = randomInt(0, 100_000_000);
function nextTestPhone(): string {
  phoneSerial = (phoneSerial + 1) % 100_000_000;
  return `137${String(phoneSerial).padStart(8, '0')}`;
}

/**
 * A borrower of their own with one disbursed order (status given) and a live session: lines of
 * 100,000.00 principal and 5,000.00 interest each, 30 days apart from `firstDue`, the first
 * `paidLines` of them paid. Product: the seeded one named (default Kwarta Flex, which allows
 * extensions).
 */
export async function repayableOrder(
  app: RepayApp,
  options: { status?: number; lines?: number; paidLines?: number; product?: string; firstDue?: string } = {},
) {
  const { status = 170, lines = 1, paidLines = 0, product = 'Kwarta Flex' } = options;
  const now = app.clock.now().toISOString();
  const phone = nextTestPhone();
  const { id: borrowerId } = await app.db
    .insertInto('borrowers')
    .values({
      phone,
      full_name: 'Ana Reyes',
      is_repeat_client: 0,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const session = {
    sessionId: await createSession(app.db, { borrowerId, now: app.clock.now(), policy: app.config.session }),
  };
  const firstDue = options.firstDue ?? addDays(now.slice(0, 10), 10);
  const { id: productId } = await app.db
    .selectFrom('products')
    .select('id')
    .where('name', '=', product)
    .executeTakeFirstOrThrow();
  const line = { principal: 10_000_000, interest: 500_000 };
  const order = await app.db
    .insertInto('orders')
    .values({
      order_no: `KWTEST${borrowerId}`,
      borrower_id: borrowerId,
      product_id: productId,
      status,
      principal: line.principal * lines,
      total_due: (line.principal + line.interest) * lines,
      paid_amount: (line.principal + line.interest) * paidLines,
      term_days: 30 * lines,
      periods: lines,
      collection_complaints_allowed: 1,
      applied_at: now,
      disbursed_on: addDays(firstDue, -30),
      due_date: addDays(firstDue, 30 * paidLines),
      settled_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'order_no'])
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto('order_plan_lines')
    .values(
      Array.from({ length: lines }, (_, index) => {
        const paid = index < paidLines;
        return {
          order_id: order.id,
          seq: index + 1,
          due_date: addDays(firstDue, 30 * index),
          principal: line.principal,
          interest: line.interest,
          amount: line.principal + line.interest,
          paid_amount: paid ? line.principal + line.interest : 0,
          interest_paid: paid ? line.interest : 0,
          principal_paid: paid ? line.principal : 0,
        };
      }),
    )
    .execute();
  await app.db
    .insertInto('borrower_open_orders')
    .values({ borrower_id: borrowerId, order_id: order.id })
    .execute();
  return {
    borrowerId,
    phone,
    session,
    orderId: order.id,
    orderNo: order.order_no,
    productId,
    lineAmount: line.principal + line.interest,
  };
}

export async function orderState(app: RepayApp, orderId: number) {
  const order = await app.db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const lines = await app.db
    .selectFrom('order_plan_lines')
    .select(['seq', 'due_date', 'paid_amount', 'interest_paid', 'principal_paid'])
    .where('order_id', '=', orderId)
    .orderBy('seq')
    .execute();
  const history = await app.db
    .selectFrom('order_status_history')
    .select(['from_status', 'to_status', 'actor', 'reason'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  const payments = await app.db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  const allocations = await app.db
    .selectFrom('payment_allocations')
    .select(['component', 'plan_seq', 'amount'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return { order, lines, history, payments, allocations };
}
