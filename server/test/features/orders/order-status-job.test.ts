import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarDateAt, OrderStatus } from '@kwarta/domain';
import { newBorrower } from '../../support/borrowers.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { advanceOrdersByDate, ORDER_STATUS_JOB_ACTOR } from '../../../src/features/orders/index.ts';

/**
 * Decision 0099: the daily job walks the book in pages, one transaction each, so
 * a run that fails (or is killed) after a page keeps that page, and the rerun finishes the rest and
 * books each move and each penalty once.
 */
describe.each(databaseTargets)('daily job in pages on %s', (target) => {
  const clock = testClock('2026-11-23T02:00:00.000Z'); // 10:00 in Manila
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target, { clock });
  });
  afterAll(() => t.close());

  /** Repaying orders of borrowers of their own, one plan line each, due `offset` days from today. */
  async function repayingOrders(dueOffsets: number[]) {
    const today = calendarDateAt(clock.now(), t.app.config.lenderTimeZone);
    const product = await t.app.db
      .selectFrom('products')
      .select(['id', 'due_window_days'])
      .where('name', '=', 'Kwarta Starter')
      .executeTakeFirstOrThrow();
    const at = clock.now().toISOString();
    const ids: number[] = [];
    for (const [index, offset] of dueOffsets.entries()) {
      const { borrowerId } = await newBorrower(t.app, String(13900008100 + index));
      const dueDate = addDays(today, offset);
      const order = await t.app.db
        .insertInto('orders')
        .values({
          order_no: `PAGED${index}`,
          borrower_id: borrowerId,
          product_id: product.id,
          status: OrderStatus.Repaying,
          principal: 500_000,
          total_due: 600_000,
          paid_amount: 0,
          term_days: 30,
          periods: 1,
          collection_complaints_allowed: 0,
          applied_at: at,
          disbursed_on: addDays(today, -30),
          due_date: dueDate,
          settled_at: null,
          created_at: at,
          updated_at: at,
          request_id: null,
          withdraw_confirmed_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.app.db
        .insertInto('order_plan_lines')
        .values({
          order_id: order.id,
          seq: 1,
          due_date: dueDate,
          principal: 500_000,
          interest: 100_000,
          amount: 600_000,
          paid_amount: 0,
        })
        .execute();
      ids.push(order.id);
    }
    return { ids, today, dueWindowDays: product.due_window_days };
  }

  const stateOf = async (ids: number[], today: string) => ({
    statuses: (
      await t.app.db.selectFrom('orders').select('status').where('id', 'in', ids).orderBy('id').execute()
    ).map((order) => order.status),
    moves: await t.app.db
      .selectFrom('order_status_history')
      .select(['order_id', 'to_status'])
      .where('order_id', 'in', ids)
      .where('actor', '=', ORDER_STATUS_JOB_ACTOR)
      .orderBy('order_id')
      .execute(),
    accruals: (
      await t.app.db
        .selectFrom('order_penalty_accruals')
        .select('order_id')
        .where('order_id', 'in', ids)
        .where('accrued_on', '=', today)
        .orderBy('order_id')
        .execute()
    ).map((row) => row.order_id),
    entries: (
      await t.app.db
        .selectFrom('journal_entries')
        .select('event_key')
        .where('order_id', 'in', ids)
        .where('kind', '=', 'accrual')
        .orderBy('order_id')
        .execute()
    ).map((row) => row.event_key),
  });

  it('keeps the pages done before a failure, and the rerun books each move and penalty once', async () => {
    // Eight orders: overdue, in the due window, and not yet due, interleaved across pages of three.
    const { ids, today, dueWindowDays } = await repayingOrders([-3, 0, 20, -1, -5, 1, 20, -2]);
    expect(dueWindowDays).toBeGreaterThanOrEqual(1);
    const overdue = [ids[0]!, ids[3]!, ids[4]!, ids[7]!];
    const due = [ids[1]!, ids[5]!];
    // The failure comes after the page holding the fourth order has committed.
    let committedThrough = 0;
    await expect(
      advanceOrdersByDate(t.app, clock.now(), {
        pageSize: 3,
        afterPage: ({ lastOrderId }) => {
          if (lastOrderId < ids[3]!) return;
          committedThrough = lastOrderId;
          throw new Error('injected failure after a page');
        },
      }),
    ).rejects.toThrow(/injected failure/);
    const failed = await stateOf(ids, today);
    const committed = (id: number) => id <= committedThrough;
    expect(ids.filter((id) => !committed(id)).length).toBeGreaterThan(0);
    expect(failed.accruals).toEqual(overdue.filter(committed));
    expect(failed.moves.map((move) => move.order_id)).toEqual(
      ids.filter((id) => committed(id) && (overdue.includes(id) || due.includes(id))),
    );
    expect(
      ids.filter((id, index) => !committed(id) && failed.statuses[index] !== OrderStatus.Repaying),
    ).toEqual([]);

    await advanceOrdersByDate(t.app, clock.now(), { pageSize: 3 });
    const rerun = await stateOf(ids, today);
    expect(rerun.statuses).toEqual(
      ids.map((id) =>
        overdue.includes(id)
          ? OrderStatus.Overdue
          : due.includes(id)
            ? OrderStatus.Due
            : OrderStatus.Repaying,
      ),
    );
    expect(rerun.moves).toEqual(
      [...overdue, ...due]
        .sort((a, b) => a - b)
        .map((id) => ({
          order_id: id,
          to_status: overdue.includes(id) ? OrderStatus.Overdue : OrderStatus.Due,
        })),
    );
    expect(rerun.accruals).toEqual(overdue);
    expect(rerun.entries).toEqual(overdue.map((id) => `penalty:${id}:${today}`));

    // A third run the same day, in pages of any size, adds nothing.
    const again = await advanceOrdersByDate(t.app, clock.now());
    expect(again).toEqual({ due: 0, overdue: 0, penalties: 0 });
    expect(await stateOf(ids, today)).toEqual(rerun);
  });
});
