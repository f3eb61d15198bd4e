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
