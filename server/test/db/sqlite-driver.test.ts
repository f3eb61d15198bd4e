import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { createDatabase } from '../../src/db/database.ts';
import { preparedQuery } from '../../src/db/prepared-query.ts';
import type { Database } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Our driver reads rows in raw mode and builds each row object itself (sqlite-driver.ts,
// rowBuilder). These rows must be exactly the ones better-sqlite3 would have built.
describe('rows read through our SQLite driver', () => {
  let t: TestApp;
  let plain: SQLite.Database;
  beforeAll(async () => {
    // Our driver whichever the run chose: Kysely's would pass these by being better-sqlite3 itself,
    // apart from the __proto__ column, which better-sqlite3 drops.
    t = await createTestApp('sqlite', { env: { SQLITE_DRIVER: 'fast' } });
    plain = new SQLite(path.join(t.app.config.dataDir, 'kwarta.sqlite'), { readonly: true });
  });
  afterAll(async () => {
    plain.close();
    await t.close();
  });

  const queries = [
    // Every storage class, and a null.
    `select 1 as one, 2.5 as half, 'peso ₱' as text, x'00ff' as bytes, null as missing`,
    // A join that names a column twice keeps the last value, as better-sqlite3's objects do.
    `select a.id, b.id from (select 1 as id) a join (select 2 as id) b`,
    // No rows at all.
    `select 1 as one where 0`,
  ];

  it.each(queries)('through Kysely: %s', async (text) => {
    const { rows } = await sql.raw(text).execute(t.app.db);
    expect(rows).toEqual(plain.prepare(text).all());
    for (const row of rows) expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
  });

  it('keeps a column called __proto__ as a column, never as the row’s prototype', async () => {
    const { rows } = await sql
      .raw<Record<string, unknown>>(`select 'column' as "__proto__", 3 as n`)
      .execute(t.app.db);
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(rows[0], '__proto__')?.value).toBe('column');
    expect(rows[0]!.n).toBe(3);
  });

  it('through a compiled read, which skips the queue when the connection is free', async () => {
    const products = preparedQuery((db: Kysely<Database>, minimumId: number) =>
      db.selectFrom('products').selectAll().where('id', '>=', minimumId).orderBy('id'),
    );
    const rows = await products(t.app.db, 1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(plain.prepare('select * from products where id >= ? order by id').all(1));
  });

  it('writes still answer with their counts', async () => {
    const result = await sql`update products set sort_order = sort_order where id > 0`.execute(t.app.db);
    expect(result.numAffectedRows).toBeGreaterThan(0n);
    expect(result.rows).toEqual([]);
  });

  // Reads made at once share one read transaction per event-loop turn (sqlite-driver.ts).
  describe('reads that share a turn', () => {
    const productName = preparedQuery((db: Kysely<Database>, id: number) =>
      db.selectFrom('products').select('name').where('id', '=', id),
    );
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

    it('see a write of ours made in the same turn', async () => {
      expect(await productName(t.app.db, 1)).toHaveLength(1);
      await t.app.db
        .updateTable('products')
        .set({ name: 'Renamed in this turn' })
        .where('id', '=', 1)
        .execute();
      expect(await productName(t.app.db, 1)).toEqual([{ name: 'Renamed in this turn' }]);
    });

    it('wait for a query made before them on a database just opened (Kysely starts the driver first)', async () => {
      const { db } = createDatabase({ dataDir: t.app.config.dataDir, sqliteDriver: 'fast' });
      try {
        const renamed = db
          .updateTable('products')
          .set({ name: 'Renamed on a fresh connection' })
          .where('id', '=', 1)
          .execute();
        expect(await productName(db, 1)).toEqual([{ name: 'Renamed on a fresh connection' }]);
        await renamed;
      } finally {
        await db.destroy();
      }
    });

    it('see another process’s commit from the next turn on, and leave the file free after the turn', async () => {
      const other = new SQLite(path.join(t.app.config.dataDir, 'kwarta.sqlite'));
      other.pragma('busy_timeout = 5000');
      try {
        expect(await productName(t.app.db, 1)).toHaveLength(1);
        other.prepare('update products set name = ? where id = 1').run('Renamed elsewhere');
        await nextTurn();
        expect(await productName(t.app.db, 1)).toEqual([{ name: 'Renamed elsewhere' }]);
        // Once the turn is over no read of ours is open: a full checkpoint is not kept waiting.
        await nextTurn();
        const [checkpoint] = other.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
        expect(checkpoint!.busy).toBe(0);
      } finally {
        other.close();
      }
    });
  });

  // Statements are cached per SQL text with the names of the columns they answer; the same
  // `select *` answers other columns once its table has changed.
  describe('after a schema change', () => {
    type Scratch = Kysely<{ driver_scratch: { a: number } }>;
    const scratchRows = preparedQuery((db: Scratch) => db.selectFrom('driver_scratch').selectAll());
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    const throughKysely = async () => (await sql.raw('select * from driver_scratch').execute(t.app.db)).rows;
    const compiled = () => scratchRows(t.app.db as unknown as Scratch);

    it('answers the columns the table has now: after our change, its rollback, and another process’s', async () => {
      await sql`create table driver_scratch (a integer)`.execute(t.app.db);
      await sql`insert into driver_scratch values (1)`.execute(t.app.db);
      expect(await throughKysely()).toEqual([{ a: 1 }]);
      expect(await compiled()).toEqual([{ a: 1 }]);

      await sql`alter table driver_scratch add column b integer default 2`.execute(t.app.db);
      expect(await throughKysely()).toEqual([{ a: 1, b: 2 }]);
      expect(await compiled()).toEqual([{ a: 1, b: 2 }]);

      await t.app.db
        .transaction()
        .execute(async (trx) => {
          await sql`alter table driver_scratch add column c integer default 3`.execute(trx);
          expect((await sql.raw('select * from driver_scratch').execute(trx)).rows).toEqual([
            { a: 1, b: 2, c: 3 },
          ]);
          throw new Error('rolled back on purpose');
        })
        .catch(() => {});
      expect(await throughKysely()).toEqual([{ a: 1, b: 2 }]);

      // A migration run by another process (a newer version starting during a deploy) rebuilds
      // the table with its columns in another order.
      const other = new SQLite(path.join(t.app.config.dataDir, 'kwarta.sqlite'));
      try {
        other.exec(`
          create table driver_scratch_new (b integer, d text default 'four', a integer);
          insert into driver_scratch_new (a, b) select a, b from driver_scratch;
          drop table driver_scratch;
          alter table driver_scratch_new rename to driver_scratch;
        `);
      } finally {
        other.close();
      }
      await nextTurn();
      expect(await throughKysely()).toEqual([{ b: 2, d: 'four', a: 1 }]);
      await nextTurn();
      expect(await compiled()).toEqual([{ b: 2, d: 'four', a: 1 }]);
    });
  });
});
