import type { Kysely } from 'kysely';

// Frozen: a migration that has run is never edited; changes go into a new file.
// A white label with no Kwarta left (decision 0096):
// - brand_looks gains `restores_configured`: a row with 1 is the console's reset, after which the
//   configured brand (BRAND_FILE, BRAND_*) shows again; rows stay append-only, the brand's history.
// - The seeded channel template named Kwarta in its texts and links; it now names the brand
//   (`{brand}`, `{appScheme}`), which the server fills from the brand shown. Only the seeded values
//   are rewritten: a text an operator has changed is theirs.

const SEEDED = {
  appName: 'Kwarta',
  agreementText:
    'By registering you agree that Kwarta may use your mobile number to create your account, send you verification codes and contact you about your application.',
  androidUrl: 'https://play.google.com/store/apps/details?id=example.kwarta',
  appScheme: 'kwarta://open',
};
const NAMED = {
  appName: '{brand}',
  agreementText: SEEDED.agreementText.replace('Kwarta', '{brand}'),
  androidUrl: 'https://play.google.com/store/apps/details?id=example.{appScheme}',
  appScheme: '{appScheme}://open',
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('brand_looks')
    .addColumn('restores_configured', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await rewriteTemplates(db, SEEDED, NAMED);
}

export async function down(db: Kysely<any>): Promise<void> {
  await rewriteTemplates(db, NAMED, SEEDED);
  await db.schema.alterTable('brand_looks').dropColumn('restores_configured').execute();
}

/** Each template field that still holds `from`'s value (the agreement's first paragraph) gets `to`'s. */
async function rewriteTemplates(db: Kysely<any>, from: typeof SEEDED, to: typeof SEEDED): Promise<void> {
  const rows = await db.selectFrom('channel_templates').select(['id', 'config']).execute();
  for (const row of rows as { id: number; config: string }[]) {
    const config = JSON.parse(row.config) as Record<string, unknown>;
    const updated = { ...config };
    for (const key of ['appName', 'androidUrl', 'appScheme'] as const)
      if (config[key] === from[key]) updated[key] = to[key];
    if (typeof config.agreementText === 'string' && config.agreementText.startsWith(from.agreementText))
      updated.agreementText = to.agreementText + config.agreementText.slice(from.agreementText.length);
    if (JSON.stringify(updated) === JSON.stringify(config)) continue;
    await db
      .updateTable('channel_templates')
      .set({ config: JSON.stringify(updated) })
      .where('id', '=', row.id)
      .execute();
  }
}
