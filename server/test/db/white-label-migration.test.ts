import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseTargets, type TestApp } from '../support/test-app.ts';
import { down, up } from '../../src/db/migrations/2026-11-27-60-white-label.ts';

describe.each(databaseTargets)('migration 2026-11-27-60-white-label (%s)', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(() => t.close());

  const config = async (id: number) =>
    JSON.parse(
      (
        await t.app.db
          .selectFrom('channel_templates')
          .select('config')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).config,
    ) as Record<string, string>;

  it("names the brand in the seeded template's values and leaves an operator's own values be", async () => {
    await down(t.app.db);
    expect(await config(1)).toMatchObject({ appName: 'Kwarta', appScheme: 'kwarta://open' });
    // An operator's second template: their own name, the seeded links.
    const seeded = await config(1);
    const { id } = await t.app.db
      .insertInto('channel_templates')
      .values({
        name: 'Partner',
        config: JSON.stringify({ ...seeded, appName: 'Kwarta for partners' }),
        active: 1,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    await up(t.app.db);
    const named = await config(1);
    expect(named).toMatchObject({
      appName: '{brand}',
      appScheme: '{appScheme}://open',
      androidUrl: 'https://play.google.com/store/apps/details?id=example.{appScheme}',
    });
    expect(named.agreementText).toMatch(
      /^By registering you agree that \{brand\} may use your mobile number/,
    );
    expect(named.agreementText!.split('\n\n')).toHaveLength(seeded.agreementText!.split('\n\n').length);
    expect(await config(id)).toMatchObject({
      appName: 'Kwarta for partners',
      appScheme: '{appScheme}://open',
    });
    // The reset column is back, defaulting to "not a reset".
    const rows = await t.app.db.selectFrom('brand_looks').select('restores_configured').execute();
    expect(rows).toEqual([]);
  });
});
