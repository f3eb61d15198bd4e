import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints, messages } from '@kwarta/contract';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { Refusal } from '../../lib/refusal.ts';
import type { BrandAsset } from '../../lib/brand-source.ts';
import { audited } from '../operators/index.ts';
import { activeBrand, brandView, currentBrand, forgetBrand } from './active-brand.ts';
import { applyBrand, brandAssetPaths, MANIFEST_PATH, recolourArtwork, webManifest } from './brand-html.ts';
import { latestBrandLook, insertBrandLook } from './brand-repository.ts';

/**
 * The brand (decision 0096): its images and manifest, served from configuration; the console's
 * Brand screen (read, save audited); and every HTML page dressed in it on the way out.
 */
export async function brandRoutes(app: FastifyInstance): Promise<void> {
  // A saved brand wins over the configuration (decision 0096): said once at boot when they differ,
  // so a new BRAND_FILE is never half-overridden in silence.
  const configured = app.config.configuredBrand.look;
  const saved = await latestBrandLook(app.db);
  const overridden = saved
    ? (Object.keys(configured) as (keyof typeof configured)[]).filter(
        (key) => saved.look[key] !== configured[key],
      )
    : [];
  if (saved && overridden.length > 0)
    app.log.warn(
      `The brand saved in the console by ${saved.savedBy} at ${saved.savedAt} overrides the configured ` +
        `${overridden.join(', ')} (BRAND_FILE, BRAND_*); an admin restores the configured brand on the console's Brand screen.`,
    );

  for (const kind of ['logo', 'icon', 'favicon'] as const) {
    app.get(brandAssetPaths[kind], async (request, reply) =>
      sendAsset(request, reply, (await currentBrand(app))[kind]),
    );
  }
  // The build's own file names, which client-rendered markup (the landing's icon) still uses:
  // answered with the brand's images, revalidated so a new brand shows at once.
  app.get('/brand/icon.svg', async (request, reply) =>
    sendAsset(request, reply, (await currentBrand(app)).icon),
  );
  app.get('/brand/logo.svg', async (request, reply) =>
    sendAsset(request, reply, (await currentBrand(app)).logo),
  );
  app.get('/favicon.ico', async (request, reply) =>
    sendAsset(request, reply, (await currentBrand(app)).favicon),
  );

  // The official site's banners, in the brand's colours (read once: they are the build's files).
  const artwork = readArtwork(path.join(app.config.webDistDir, 'site'));
  app.get<{ Params: { file: string } }>('/site/:file', async (request, reply) => {
    const svg = artwork.get(request.params.file);
    if (svg === undefined) return reply.callNotFound();
    const brand = await currentBrand(app);
    const etag = `"${brand.version}-${request.params.file}"`;
    reply.header('Cache-Control', 'no-cache').header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('image/svg+xml').send(recolourArtwork(svg, brand.look.primary));
  });

  app.get(MANIFEST_PATH, async (_request, reply) => {
    const brand = await currentBrand(app);
    return reply
      .header('Cache-Control', 'no-cache')
      .header('ETag', `"${brand.version}"`)
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(webManifest(brand)));
  });

  registerEndpoint(app, endpoints.consoleBrand, async () => {
    const saved = await latestBrandLook(app.db);
    const shown = activeBrand(app.config.configuredBrand, saved);
    return {
      shown: brandView(shown.look),
      defaults: brandView(app.config.configuredBrand.look),
      configuredFrom: app.config.configuredBrand.lookSources,
      saved: shown.saved,
    };
  });

  // The contract refuses colours under WCAG AA (400 with the figure) before anything is written.
  registerEndpoint(app, endpoints.consoleSaveBrand, async (look, { operator }) => {
    const result = await audited(app, operator, async (trx) => {
      const before = (await latestBrandLook(trx))?.look ?? app.config.configuredBrand.look;
      await insertBrandLook(trx, look, operator.id, app.clock.now());
      return {
        result: brandView(look),
        audit: { action: 'brand.save', subject: 'settings:brand', before, after: look },
      };
    });
    forgetBrand(app);
    return result;
  });

  // A row of its own (restores_configured), so the history shows who went back to the
  // configuration and when; with nothing saved there is nothing to reset.
  registerEndpoint(app, endpoints.consoleResetBrand, async (_input, { operator }) => {
    const result = await audited(app, operator, async (trx) => {
      const saved = await latestBrandLook(trx);
      if (!saved) throw new Refusal('conflict', messages.brandAlreadyConfigured);
      await insertBrandLook(trx, configured, operator.id, app.clock.now(), true);
      return {
        result: brandView(configured),
        audit: { action: 'brand.reset', subject: 'settings:brand', before: saved.look, after: configured },
      };
    });
    forgetBrand(app);
    return result;
  });
}

/**
 * Dresses every HTML page in the current brand. Registered on the root instance before
 * compression (app.ts), so it sees the page as a string and covers every feature's pages.
 */
export function brandedPages(app: FastifyInstance): void {
  // A callback hook: every answer passes here, and only a page waits for the brand. An async hook
  // made a promise for each API answer too (decision 0117).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (typeof payload !== 'string') return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('text/html')) return done(null, payload);
    currentBrand(app)
      .then((brand) => applyBrand(payload, brand))
      .then((page) => done(null, page), done);
  });
}

/** An image by its content hash: for good when asked by the current `?v=`, else revalidated. */
function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: BrandAsset) {
  const etag = `"${asset.version}"`;
  const current = (request.query as { v?: string }).v === asset.version;
  reply
    .header('Cache-Control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
    .header('ETag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type(asset.contentType).send(asset.body);
}

/** The build's SVG artwork by file name; empty when the web app is not built. */
function readArtwork(dir: string): Map<string, string> {
  if (!fs.existsSync(dir)) return new Map();
  return new Map(
    fs
      .readdirSync(dir)
      .filter((file) => /^[\w-]+\.svg$/.test(file))
      .map((file) => [file, fs.readFileSync(path.join(dir, file), 'utf8')]),
  );
}
