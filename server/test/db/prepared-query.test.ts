import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { preparedQuery } from '../../src/db/prepared-query.ts';
import type { Database } from '../../src/db/schema.ts';
import { createTestApp, databaseTargets, type TestApp } from '../support/test-app.ts';

describe.each(databaseTargets)('preparedQuery on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(() => t.close());

  it('runs the compiled query with each call’s own arguments', async () => {
    const byPhone = preparedQuery((db: Kysely<Database>, phone: string) =>
      db.selectFrom('borrowers').select('phone').where('phone', '=', phone),
    );
    const now = new Date().toISOString();
    await t.app.db
      .insertInto('borrowers')
      .values([
        { phone: '13900000001', is_repeat_client: 0, created_at: now },
        { phone: '13900000002', is_repeat_client: 0, created_at: now },
      ])
      .execute();
    expect(await byPhone(t.app.db, '13900000001')).toEqual([{ phone: '13900000001' }]);
    expect(await byPhone(t.app.db, '13900000002')).toEqual([{ phone: '13900000002' }]);
    expect(await byPhone(t.app.db, 'nobody')).toEqual([]);
  });

  it('refuses a query whose parameters are not exactly its arguments', async () => {
    const reordered = preparedQuery((db: Kysely<Database>, phone: string) =>
      db.selectFrom('borrowers').select('phone').where('phone', '=', phone).where('is_repeat_client', '=', 0),
    );
    await expect(reordered(t.app.db, 'x')).rejects.toThrow(/exactly its arguments/);
  });
});

describe('preparedQuery on SQLite beside an open transaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  // A read skips the connection queue only while nobody holds the connection (sqlite-driver.ts);
  // run inside an open transaction it would see that transaction's uncommitted rows.
  it('waits for the transaction: it never sees a row that is rolled back', async () => {
    const byPhone = preparedQuery((db: Kysely<Database>, phone: string) =>
      db.selectFrom('borrowers').select('phone').where('phone', '=', phone),
    );
    const phone = '13900000077';
    let inserted!: () => void;
    const insertDone = new Promise<void>((resolve) => (inserted = resolve));
    let rollBack!: () => void;
    const held = new Promise<void>((resolve) => (rollBack = resolve));
    const transaction = t.app.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('borrowers')
          .values({ phone, is_repeat_client: 0, created_at: new Date().toISOString() })
          .execute();
        inserted();
        await held;
        throw new Error('rolled back on purpose');
      })
      .catch(() => 'rolled back');

    await insertDone;
    const read = byPhone(t.app.db, phone);
    rollBack();
    expect(await transaction).toBe('rolled back');
    expect(await read).toEqual([]);
    // And with the connection free again, the read runs at once and sees committed rows.
    await t.app.db
      .insertInto('borrowers')
      .values({ phone, is_repeat_client: 0, created_at: new Date().toISOString() })
      .execute();
    expect(await byPhone(t.app.db, phone)).toEqual([{ phone }]);
  });
});
