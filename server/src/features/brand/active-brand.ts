import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../lib/deps.ts';
import { brandShades } from '@kwarta/domain';
import type { BrandLook } from '@kwarta/contract';
import type { BrandAsset, ConfiguredBrand } from '../../lib/brand-source.ts';
import { latestBrandLook, type SavedBrandLook } from './brand-repository.ts';

/** The brand pages show now: the configured images with the saved look, else the configured one. */
export interface ActiveBrand {
  look: BrandLook;
  logo: BrandAsset;
  icon: BrandAsset;
  favicon: BrandAsset;
  saved: { by: string; at: string } | null;
  /** Changes whenever anything a page shows of the brand does: part of cached pages' ETags. */
  version: string;
}

const CACHE_KEY = 'brand';

export function activeBrand(configured: ConfiguredBrand, saved: SavedBrandLook | null): ActiveBrand {
  const look = saved?.look ?? configured.look;
  const version = createHash('sha256')
    .update(
      JSON.stringify([look, configured.logo.version, configured.icon.version, configured.favicon.version]),
    )
    .digest('base64url')
    .slice(0, 12);
  return {
    look,
    logo: configured.logo,
    icon: configured.icon,
    favicon: configured.favicon,
    saved: saved ? { by: saved.savedBy, at: saved.savedAt } : null,
    version,
  };
}

/**
 * Read on every page, so kept like the other lender-wide reads (LENDER_DATA_CACHE_MS): an admin's
 * save shows on this instance's next page (forgetBrand) and on the others within that time.
 */
export function currentBrand(app: FastifyInstance): Promise<ActiveBrand> {
  return app.lenderWide.read(CACHE_KEY, async () =>
    activeBrand(app.config.configuredBrand, await latestBrandLook(app.db)),
  );
}

/**
 * The name the pages show (the console's saved look, else the configured one), for what the
 * lender sends borrowers outside a page: SMS codes, reminders, collection messages. One source,
 * so a saved name never shows on the pages while texts still sign with another (decision 0096).
 * Read afresh (one indexed row): jobs and CLIs have no lender-wide cache.
 */
export async function shownBrandName(deps: Pick<Deps, 'db' | 'config'>): Promise<string> {
  return (await latestBrandLook(deps.db))?.look.name ?? deps.config.configuredBrand.look.name;
}

export function forgetBrand(app: FastifyInstance): void {
  app.lenderWide.forget(CACHE_KEY);
}

/** A brand as the console shows it: the look and the shades the pages derive from it. */
export function brandView(look: BrandLook) {
  return { ...look, ...brandShades(look.primary) };
}
