import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatuses } from '@kwarta/domain';
import { createTestApp, databaseTargets, type TestApp } from '../support/test-app.ts';
import { DEMO_PHONE, seedDemoData } from '../../src/db/seed.ts';

describe.each(databaseTargets)('demo seed on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(() => t.close());

  it('gives the demo borrower an order in every status of spec §4', async () => {
    const orders = await t.app.db
      .selectFrom('orders')
      .innerJoin('borrowers', 'borrowers.id', 'orders.borrower_id')
      .select(['orders.status'])
      .where('borrowers.phone', '=', DEMO_PHONE)
      .execute();
    expect([...new Set(orders.map((order) => order.status))].sort((a, b) => a - b)).toEqual(
      [...orderStatuses].sort((a, b) => a - b),
    );
  });

  it('writes plan lines that sum exactly to each order total, and a status history entry', async () => {
    const orders = await t.app.db.selectFrom('orders').selectAll().execute();
    for (const order of orders) {
      const lines = await t.app.db
        .selectFrom('order_plan_lines')
        .selectAll()
        .where('order_id', '=', order.id)
        .execute();
      expect(lines).toHaveLength(order.periods);
      expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(order.total_due);
      expect(lines.reduce((sum, line) => sum + line.paid_amount, 0)).toBe(order.paid_amount);
      const history = await t.app.db
        .selectFrom('order_status_history')
        .selectAll()
        .where('order_id', '=', order.id)
        .execute();
      expect(history).toEqual([
        expect.objectContaining({ to_status: order.status, actor: 'system:demo-seed' }),
      ]);
    }
  });

  it('gives the demo borrower a complaint in progress and an answered one awaiting a rating', async () => {
    const problems = await t.app.db
      .selectFrom('problems')
      .select(['reply_text', 'score_requested', 'score'])
      .orderBy('id')
      .execute();
    expect(problems).toEqual([
      { reply_text: null, score_requested: 0, score: null },
      { reply_text: expect.any(String), score_requested: 1, score: null },
    ]);
  });

  it('is idempotent', async () => {
    const count = async () =>
      (
        await t.app.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await count());
    await seedDemoData(t.app.db, new Date());
    expect(Number(await count())).toBe(before);
  });
});

describe('production mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { APP_ENV: 'production' } });
  });
  afterAll(() => t.close());

  it('seeds nothing and serves no developer pages', async () => {
    expect(await t.app.db.selectFrom('borrowers').selectAll().execute()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/dev/demo-session' })).statusCode).toBe(404);
    const preview = await t.app.inject({
      method: 'GET',
      url: '/testPreview',
      headers: { accept: 'text/html' },
    });
    expect(preview.statusCode).toBe(404);
  });
});
