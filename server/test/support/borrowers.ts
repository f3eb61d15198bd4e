import type { FastifyInstance } from 'fastify';
import { createSession } from '../../src/features/sessions/session-repository.ts';

/** Another borrower with one order and a live session, for "a foreign id answers like a missing one". */
export async function otherBorrower(app: FastifyInstance, phone = '13900000002') {
  const now = app.clock.now().toISOString();
  const borrower = await app.db
    .insertInto('borrowers')
    .values({ phone, full_name: 'Maria Santos', is_repeat_client: 0, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const product = await app.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow();
  const order = await app.db
    .insertInto('orders')
    .values({
      order_no: `KWOTHER${borrower.id}`,
      borrower_id: borrower.id,
      product_id: product.id,
      status: 170,
      principal: 500_000,
      total_due: 575_000,
      paid_amount: 0,
      term_days: 91,
      periods: 3,
      collection_complaints_allowed: 1,
      applied_at: now,
      disbursed_on: now.slice(0, 10),
      due_date: now.slice(0, 10),
      settled_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'order_no'])
    .executeTakeFirstOrThrow();
  const sessionId = await createSession(app.db, {
    borrowerId: borrower.id,
    now: app.clock.now(),
    policy: app.config.session,
  });
  return { borrowerId: borrower.id, order, session: { sessionId } };
}

/** A borrower with no orders yet and a live session: one who may apply. */
export async function newBorrower(app: FastifyInstance, phone: string, isRepeatClient = false) {
  const borrower = await app.db
    .insertInto('borrowers')
    .values({
      phone,
      full_name: 'Ana Reyes',
      is_repeat_client: isRepeatClient ? 1 : 0,
      created_at: app.clock.now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sessionId = await createSession(app.db, {
    borrowerId: borrower.id,
    now: app.clock.now(),
    policy: app.config.session,
  });
  return { borrowerId: borrower.id, session: { sessionId } };
}
