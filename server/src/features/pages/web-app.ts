import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  ResultCode,
  messages,
  staticPagePaths,
  webRoutes,
  type BorrowerPageRenderer,
  type StaticPageRenderer,
} from '@kwarta/contract';
import { sendEnvelope } from '../../lib/envelope-reply.ts';
import { inlinedSheetMarkers } from '../../lib/html.ts';
import {
  loadStaticPageRenderer,
  readStaticPageAssets,
  renderStaticDocuments,
  siteInfo,
  type StaticDocument,
} from '../static-pages/index.ts';
import { currentBrand, type ActiveBrand } from '../brand/index.ts';
import { findChannelTemplate, prefillLandingHtml } from '../promotion/index.ts';
import { loadBorrowerPageRenderer, renderBorrowerPage } from './borrower-pages.ts';

const ENV_META = /<meta name="kw-env" content="[^"]*"\s*\/?>/;
const MARKET_META = /<meta name="kw-market" content="[^"]*"\s*\/?>/;

interface RouteAssets {
  js: string[];
  css: string[];
}

/** dist/.vite/route-assets.json, written by the web build (web/build/route-assets-plugin.mjs). */
function readRouteAssets(distDir: string): Record<string, RouteAssets> {
  const file = path.join(distDir, '.vite', 'route-assets.json');
  return fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, RouteAssets>)
    : {};
}

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/([^"]+)">/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="[^"]+">/g;
const ENTRY_SCRIPT = /<script type="module" crossorigin src="[^"]+"><\/script>/;

/**
 * An app page's document, made to paint from its HTML alone: the entry's and the page's CSS
 * inline (a few KB), no stylesheet or preload in the head, and the entry script at the end of the
 * body. The server renders the content (decision 0042), so nothing the first paint needs is
 * elsewhere; a stylesheet or module preload in the head makes the phone (and Lighthouse's
 * first-paint estimate) wait for its download. The page's chunk is fetched when the entry asks
 * for it, a round trip later, while the content is already on screen (decision 0044).
 */
export function paintFirstShell(html: string, assets: RouteAssets | undefined, distDir: string): string {
  const sheets: string[] = [];
  const withoutLinks = html
    .replace(STYLESHEET_LINK, (_link, file: string) => {
      sheets.push(file);
      return '';
    })
    .replace(MODULE_PRELOAD, '');
  sheets.push(...(assets?.css ?? []));
  const css = sheets.map((file) => fs.readFileSync(path.join(distDir, file), 'utf8')).join('\n');
  const entry = ENTRY_SCRIPT.exec(withoutLinks)?.[0] ?? '';
  return withoutLinks
    .replace(entry, '')
    .replace('</head>', () => (css ? `<style>${css}</style></head>` : '</head>'))
    .replace('</body>', () => `${inlinedSheetMarkers(sheets)}${lowPriority(entry)}</body>`);
}

/**
 * The content is on screen without the script, which only brings it to life: fetched at low
 * priority, it does not compete with what the first paint needs (a page's images), and a phone
 * paints as soon as the HTML is in instead of waiting on a script it does not need for that.
 */
function lowPriority(script: string): string {
  return script.replace('<script ', '<script fetchpriority="low" ');
}

export interface WebAppOptions {
  /** The static pages' prerenderer; by default the web build's (tests pass the source one). */
  staticPageRenderer?: StaticPageRenderer;
  /** The app pages' server renderer; by default the web build's (tests pass the source one). */
  borrowerPageRenderer?: BorrowerPageRenderer;
}

/**
 * Serves the built web app on the API's origin (DESIGN §1). The HTML gets the runtime
 * environment stamped in, which turns on the bridge recorder and /testPreview outside production.
 * The app's pages are rendered per visit with the session's data (decision 0042); the official
 * site and static pages are prerendered documents instead (D12).
 */
export async function webApp(app: FastifyInstance, options: WebAppOptions = {}): Promise<void> {
  const distDir = app.config.webDistDir;
  // The page's own development aids (bridge recorder, /testPreview) follow the server's: when
  // the developer tools are off, the page is told it is in production whatever APP_ENV says.
  const pageEnv = app.config.devToolsEnabled ? app.config.appEnv : 'production';
  const envMeta = `<meta name="kw-env" content="${pageEnv}">`;
  // The market (D5) rides along the same way, so one build serves every market.
  const marketMeta = `<meta name="kw-market" content="${app.config.market.id}">`;
  const loadHtml = (name: string) => {
    const file = path.join(distDir, name);
    return fs.existsSync(file)
      ? fs
          .readFileSync(file, 'utf8')
          .replace(MARKET_META, '')
          .replace(ENV_META, envMeta + marketMeta)
      : null;
  };
  const indexHtml = loadHtml('index.html');
  // The promotion landing is its own light entry (DESIGN §1): no router, no lazy chunk.
  const promotionHtml = loadHtml('promotion.html') ?? indexHtml;
  if (!indexHtml) app.log.warn({ distDir }, 'web app is not built (npm run build); pages answer 503');

  if (fs.existsSync(distDir)) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      // The build's own files (.ssr/ the static-page renderer, .vite/ manifests) are for this
      // process, not for browsers: a path with a dot-segment answers 404 (decision 0040).
      dotfiles: 'ignore',
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in every asset name, so an asset never changes under its URL.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }

  const routeAssets = readRouteAssets(distDir);
  const notBuilt = (reply: FastifyReply) =>
    reply
      .code(503)
      .type('text/plain; charset=utf-8')
      .send('The web app is not built yet: run npm run build.');
  const sendPage = (reply: FastifyReply, html: string | null, status = 200) => {
    if (!html) return notBuilt(reply);
    return reply.code(status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };

  const renderer = options.staticPageRenderer ?? (await loadStaticPageRenderer(distDir));
  const staticAssets = readStaticPageAssets(distDir);
  // Rendered once per brand, not per visit: an admin's new name or logo shows from the next visit.
  let rendered: { version: string; documents: Map<string, StaticDocument> } | null = null;
  const staticDocumentsOf = (brand: ActiveBrand) => {
    if (!renderer) return null;
    if (rendered?.version !== brand.version) {
      const documents = renderStaticDocuments(renderer, siteInfo(app.config, brand), staticAssets);
      rendered = { version: brand.version, documents };
    }
    return rendered.documents;
  };
  for (const route of staticPagePaths) {
    app.get(route, async (request, reply) => {
      const brand = await currentBrand(app);
      const page = staticDocumentsOf(brand)?.get(route);
      if (!page) return notBuilt(reply);
      // The brand's colours go in on the way out (features/brand), so they are part of the tag.
      const etag = `${page.etag.slice(0, -1)}-${brand.version}"`;
      // Revalidated on every visit (a deploy changes the hashed asset URLs inside), cheaply.
      reply.header('Cache-Control', 'no-cache').header('ETag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('text/html; charset=utf-8').send(page.html);
    });
  }

  const pageRenderer = options.borrowerPageRenderer ?? (await loadBorrowerPageRenderer(distDir));
  const devOnly = new Set<string>([webRoutes.testPreview]);
  const prerendered = new Set<string>(staticPagePaths);
  for (const route of Object.values(webRoutes)) {
    if (prerendered.has(route)) continue;
    if (devOnly.has(route) && !app.config.devToolsEnabled) continue;
    if (route === webRoutes.promotion) continue;
    const shell = indexHtml && paintFirstShell(indexHtml, routeAssets[route], distDir);
    app.get(route, async (request, reply) => {
      if (!shell || !pageRenderer) return sendPage(reply, shell);
      const page = await renderBorrowerPage(app, pageRenderer, { path: route, shell }, request, reply);
      return page === null ? sendPage(reply, shell) : reply.type('text/html; charset=utf-8').send(page);
    });
  }

  // The landing comes with its channel template filled in (?id=…), so it paints without a call.
  app.get<{ Querystring: { id?: string } }>(webRoutes.promotion, async (request, reply) => {
    if (!promotionHtml) return notBuilt(reply);
    const id = /^\d{1,9}$/.test(request.query.id ?? '') ? Number(request.query.id) : null;
    const template =
      id === null
        ? null
        : await findChannelTemplate(app.db, id, app.config.market.money, (await currentBrand(app)).look);
    return sendPage(reply, prefillLandingHtml(promotionHtml, template));
  });

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return sendPage(reply, indexHtml, 404);
    return sendEnvelope(reply, 404, { code: ResultCode.notFound, message: messages.notFound, data: null });
  });
}
