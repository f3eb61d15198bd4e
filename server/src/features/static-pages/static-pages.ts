import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  staticPagePaths,
  type SiteInfo,
  type StaticPageAssets,
  type StaticPagePath,
  type StaticPageRenderer,
} from '@kwarta/contract';
import type { Config } from '../../config.ts';
import { inlinedSheetMarkers } from '../../lib/html.ts';
import { brandAssetUrl, type ActiveBrand } from '../brand/index.ts';

/** Where the web build puts the static pages' pieces (web/vite.config.ts). */
const CLIENT_ENTRY = 'src/app/static-pages-client.tsx';
const SERVER_MODULE = path.join('.ssr', 'static-pages-server.js');
const MANIFEST = path.join('.vite', 'manifest.json');

/**
 * What the static pages say that is configuration: brand values and the lender-wide loan rules;
 * with the brand shown now (decision 0096), its name and logo.
 */
export function siteInfo(config: Config, brand?: ActiveBrand): SiteInfo {
  return {
    ...config.brand,
    ...(brand ? { brandName: brand.look.name, logoUrl: brandAssetUrl(brand, 'logo') } : {}),
    appUrlScheme: brand?.look.urlScheme ?? config.configuredBrand.look.urlScheme,
    phone: config.defaultSupport.phone,
    email: config.defaultSupport.email,
    loanRules: config.loanRules,
    compliance: config.compliance,
    money: config.market.money,
  };
}

/** The prerenderer from the web build, or null when the web app is not built. */
export async function loadStaticPageRenderer(distDir: string): Promise<StaticPageRenderer | null> {
  const file = path.join(distDir, SERVER_MODULE);
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as StaticPageRenderer;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * From Vite's manifest: the static pages' entry, the chunks it imports, and the CSS of
 * everything it loads (the hydration code is a dynamic import, fetched after the page loads).
 * The CSS is inlined into every static page, so their text is styled in the first response (D12).
 */
export function readStaticPageAssets(distDir: string): InlinedStaticPageAssets {
  const none: InlinedStaticPageAssets = { css: '', script: null, preload: [], sheets: [] };
  const manifestFile = path.join(distDir, MANIFEST);
  if (!fs.existsSync(manifestFile)) return none;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) return none;
  // Imports before importers, so shared (theme) CSS comes before the pages' own.
  const closure = (start: string, follow: (chunk: ManifestChunk) => string[]): ManifestChunk[] => {
    const chunks: ManifestChunk[] = [];
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      for (const next of follow(chunk)) visit(next);
      chunks.push(chunk);
    };
    visit(start);
    return chunks;
  };
  const loaded = closure(CLIENT_ENTRY, (chunk) => [
    ...(chunk.imports ?? []),
    ...(chunk.dynamicImports ?? []),
  ]);
  const cssFiles = [...new Set(loaded.flatMap((chunk) => chunk.css ?? []))];
  return {
    css: cssFiles.map((file) => fs.readFileSync(path.join(distDir, file), 'utf8').trim()).join('\n'),
    sheets: cssFiles,
    script: `/${entry.file}`,
    preload: closure(CLIENT_ENTRY, (chunk) => chunk.imports ?? [])
      .filter((chunk) => chunk !== entry)
      .map((chunk) => `/${chunk.file}`),
  };
}

/** The assets, with the files whose CSS `css` inlines (each named in the page, see below). */
export interface InlinedStaticPageAssets extends StaticPageAssets {
  sheets: readonly string[];
}

export interface StaticDocument {
  html: string;
  etag: string;
}

/**
 * Every static page rendered once, at boot: the configuration they show is fixed for the life
 * of the process, so each request only sends a finished string.
 */
export function renderStaticDocuments(
  renderer: StaticPageRenderer,
  site: SiteInfo,
  assets: InlinedStaticPageAssets,
): Map<StaticPagePath, StaticDocument> {
  return new Map(
    staticPagePaths.map((pagePath) => {
      const rendered = renderer.renderStaticPage(pagePath, site, assets);
      // A page that hydrates loads CSS through the preload helper: name what is already inline.
      const hydrates = assets.script !== null && rendered.includes(`src="${assets.script}"`);
      const html = hydrates
        ? rendered.replace('</body>', () => `${inlinedSheetMarkers(assets.sheets)}</body>`)
        : rendered;
      const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`;
      return [pagePath, { html, etag }];
    }),
  );
}
