import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamedRows } from '../../src/db/streamed-rows.ts';
import { createTestApp, databaseTargets, type TestApp } from '../support/test-app.ts';

/** The exports' row stream (db/streamed-rows.ts): a cursor on PostgreSQL, pages by key on SQLite. */
describe.each(databaseTargets)('streamedRows on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
    const now = new Date().toISOString();
    await t.app.db
      .insertInto('borrowers')
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          phone: `1390000${String(i).padStart(4, '0')}`,
          is_repeat_client: 0,
          created_at: now,
        })),
      )
      .execute();
  });
  afterAll(() => t.close());

  const phonesFrom = (minPhone: string) => (lastId: number) =>
    t.app.db
      .selectFrom('borrowers')
      .select(['id', 'phone'])
      .where('id', '>', lastId)
      .where('phone', '>=', minPhone)
      .orderBy('id');

  it('gives every row in id order, across batches, with the query’s parameters bound', async () => {
    const expected = await phonesFrom('13900000010')(0).execute();
    const rows = [];
    for await (const row of streamedRows(t.app.db, phonesFrom('13900000010'), 7)) rows.push(row);
    expect(rows).toEqual(expected);
    expect(rows).toHaveLength(30);
  });

  it('gives its connection back when the reader stops early, more times than the pool has connections', async () => {
    for (let run = 0; run < 12; run += 1) {
      for await (const row of streamedRows(t.app.db, phonesFrom(''), 5)) if (row.id > 0) break;
    }
    const count = await t.app.db
      .selectFrom('borrowers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThanOrEqual(40);
  });
});
