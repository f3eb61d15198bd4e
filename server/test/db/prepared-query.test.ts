import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { preparedQuery } from '../../src/db/prepared-query.ts';
import type { Database } from '../../src/db/schema.ts';
import { createTestApp, databaseTargets, type TestApp } from '../support/test-app.ts';

describe.each(databaseTargets)('preparedQuery on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  }, 120_000);
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

describe.runIf(databaseTargets.includes('postgres'))('preparedQuery on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
  }, 120_000);
  afterAll(() => t.close());

  // Parsed once per connection and, after a few runs, planned once (decision 0109, "Speed").
  it('prepares the statement by name on the connection and reuses it', async () => {
    const byPhone = preparedQuery((db: Kysely<Database>, phone: string) =>
      db.selectFrom('borrowers').select('phone').where('phone', '=', phone),
    );
    await t.app.db.connection().execute(async (connection) => {
      for (const phone of ['a', 'b', 'c']) expect(await byPhone(connection, phone)).toEqual([]);
      const { rows } = await sql<{ statement: string; generic: number; custom: number }>`
        select statement, generic_plans::int as generic, custom_plans::int as custom
        from pg_prepared_statements where statement like '%"borrowers"%'`.execute(connection);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.generic + rows[0]!.custom).toBe(3);
    });
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
