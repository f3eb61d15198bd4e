import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamedBatches } from '../../src/db/streamed-rows.ts';
import { createTestApp, databaseTargets, type TestApp } from '../support/test-app.ts';

/** The exports' row stream (db/streamed-rows.ts): a cursor on PostgreSQL, pages by key on SQLite. */
describe.each(databaseTargets)('streamedBatches on %s', (target) => {
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

  it('gives every row in id order, in batches of the size asked, with the query’s parameters bound', async () => {
    const expected = await phonesFrom('13900000010')(0).execute();
    const batches = [];
    for await (const batch of streamedBatches(t.app.db, phonesFrom('13900000010'), 7)) batches.push(batch);
    expect(batches.map((batch) => batch.length)).toEqual([7, 7, 7, 7, 2]);
    expect(batches.flat()).toEqual(expected);
    expect(expected).toHaveLength(30);
  });

  it('gives its connection back when the reader stops early, more times than the pool has connections', async () => {
    for (let run = 0; run < 12; run += 1) {
      for await (const batch of streamedBatches(t.app.db, phonesFrom(''), 5)) if (batch.length > 0) break;
    }
    const count = await t.app.db
      .selectFrom('borrowers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThanOrEqual(40);
  });
});
