import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseTargets, type TestApp } from '../../support/test-app.ts';
import { tableRegistry } from '../../../src/features/data-privacy/index.ts';

/** Columns through which a row reaches a borrower: a table with one of them holds borrower data. */
const BORROWER_KEYS = ['borrower_id', 'order_id', 'phone', 'device_id', 'full_name', 'user_name'];

/**
 * The export, the erasure and the retention job all walk one registry (decision 0107). This reads
 * the tables of a migrated database, so a migration adding a table fails here until the table
 * is an entry: either borrower data (how to export and erase it) or not, with the reason.
 */
describe.each(databaseTargets)('the borrower data registry on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(() => t.close());

  async function tablesWithColumns(): Promise<Map<string, string[]>> {
    const rows =
      target === 'postgres'
        ? (
            await sql<{ table: string; column: string }>`
              select table_name as "table", column_name as "column" from information_schema.columns
              where table_schema = 'public'`.execute(t.app.db)
          ).rows
        : (
            await sql<{ table: string; column: string }>`
              select m.name as "table", p.name as "column"
              from sqlite_master m join pragma_table_info(m.name) p
              where m.type = 'table' and m.name not like 'sqlite_%'`.execute(t.app.db)
          ).rows;
    const tables = new Map<string, string[]>();
    for (const { table, column } of rows) {
      if (table.startsWith('kysely_')) continue;
      tables.set(table, [...(tables.get(table) ?? []), column]);
    }
    return tables;
  }

  it('lists every table of the database, and no table that is not there', async () => {
    const tables = await tablesWithColumns();
    expect([...tables.keys()].sort()).toEqual(Object.keys(tableRegistry).sort());
  });

  it('classes as borrower data every table a row of which reaches a borrower', async () => {
    const tables = await tablesWithColumns();
    const linked = [...tables]
      .filter(([, columns]) => columns.some((column) => BORROWER_KEYS.includes(column)))
      .map(([table]) => table);
    const classedOtherwise = linked.filter(
      (table) => tableRegistry[table as keyof typeof tableRegistry].kind === 'not-borrower-data',
    );
    expect(classedOtherwise).toEqual([]);
    expect(linked).toContain('borrowers');
  });
});
