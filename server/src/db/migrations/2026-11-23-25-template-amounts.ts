import type { Kysely } from 'kysely';

// Frozen: a migration that has run is never edited; changes go into a new file.
// The seeded landing headline typed its amount ("₱20,000"); it now names the amount, which the
// server prints as the market prints every amount (D5, decision record 0013). Only the seeded
// text is rewritten: a headline an operator has changed is theirs.

const SEEDED_HEADLINE = 'Cash loans up to ₱20,000';

export async function up(db: Kysely<any>): Promise<void> {
  const rows = await db.selectFrom('channel_templates').select(['id', 'config']).execute();
  for (const row of rows as { id: number; config: string }[]) {
    const config = JSON.parse(row.config) as Record<string, unknown>;
    if (config.headline !== SEEDED_HEADLINE) continue;
    const updated = { ...config, headline: 'Cash loans up to {maxAmount}', maxAmountMinor: 2_000_000 };
    await db
      .updateTable('channel_templates')
      .set({ config: JSON.stringify(updated) })
      .where('id', '=', row.id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const rows = await db.selectFrom('channel_templates').select(['id', 'config']).execute();
  for (const row of rows as { id: number; config: string }[]) {
    const { maxAmountMinor, ...config } = JSON.parse(row.config) as Record<string, unknown>;
    if (config.headline !== 'Cash loans up to {maxAmount}' || maxAmountMinor !== 2_000_000) continue;
    await db
      .updateTable('channel_templates')
      .set({ config: JSON.stringify({ ...config, headline: SEEDED_HEADLINE }) })
      .where('id', '=', row.id)
      .execute();
  }
}
