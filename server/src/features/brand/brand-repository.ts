import type { Kysely } from 'kysely';
import type { BrandLook } from '@kwarta/contract';
import type { Database } from '../../db/schema.ts';

export interface SavedBrandLook {
  look: BrandLook;
  savedBy: string;
  savedAt: string;
}

/** The brand an admin saved last, or null while the configured one shows (none saved, or reset since). */
export async function latestBrandLook(db: Kysely<Database>): Promise<SavedBrandLook | null> {
  const row = await db
    .selectFrom('brand_looks')
    .innerJoin('operators', 'operators.id', 'brand_looks.saved_by')
    .select([
      'brand_looks.name',
      'brand_looks.primary_colour',
      'brand_looks.accent_colour',
      'brand_looks.text_colour',
      'brand_looks.url_scheme',
      'brand_looks.restores_configured',
      'brand_looks.saved_at',
      'operators.name as operator_name',
    ])
    .orderBy('brand_looks.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.restores_configured === 1) return null;
  return {
    look: {
      name: row.name,
      primary: row.primary_colour,
      accent: row.accent_colour,
      text: row.text_colour,
      urlScheme: row.url_scheme,
    },
    savedBy: row.operator_name,
    savedAt: row.saved_at,
  };
}

/**
 * A new row is the new brand; earlier rows stay as its history. A reset (`restoresConfigured`)
 * records the configured look it brought back, and pages show the configuration from then on.
 */
export async function insertBrandLook(
  db: Kysely<Database>,
  look: BrandLook,
  operatorId: number,
  now: Date,
  restoresConfigured = false,
): Promise<void> {
  await db
    .insertInto('brand_looks')
    .values({
      name: look.name,
      primary_colour: look.primary,
      accent_colour: look.accent,
      text_colour: look.text,
      url_scheme: look.urlScheme,
      restores_configured: restoresConfigured ? 1 : 0,
      saved_by: operatorId,
      saved_at: now.toISOString(),
    })
    .execute();
}
