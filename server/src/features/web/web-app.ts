import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ResultCode, messages, webRoutes } from '@kwarta/contract';
import { sendEnvelope } from '../../lib/envelope-reply.ts';

const ENV_META = /<meta name="kwarta-env" content="[^"]*"\s*\/?>/;

interface RouteAssets {
  js: string[];
  css: string[];
}

/** dist/.vite/route-assets.json, written by the web build (web/build/route-assets-plugin.mjs). */
function readRouteAssets(distDir: string): Record<string, RouteAssets> {
  const file = path.join(distDir, '.vite', 'route-assets.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, RouteAssets>) : {};
}

/**
 * The page's own chunks and styles, announced in its HTML so the phone downloads them together
 * with the entry rather than discovering them after the entry has run (one round trip less).
 */
function withRouteHints(html: string, assets: RouteAssets | undefined): string {
  if (!assets) return html;
  const links = [
    ...assets.css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...assets.js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  return html.replace('</head>', `${links.join('')}</head>`);
}

/**
 * Serves the built web app on the API's origin (DESIGN §1). The HTML gets the runtime
 * environment stamped in, which turns on the bridge recorder and /testPreview outside production.
 */
export async function webApp(app: FastifyInstance): Promise<void> {
  const distDir = app.config.webDistDir;
  const indexFile = path.join(distDir, 'index.html');
  const envMeta = `<meta name="kwarta-env" content="${app.config.appEnv}">`;
  const indexHtml = fs.existsSync(indexFile)
    ? fs.readFileSync(indexFile, 'utf8').replace(ENV_META, envMeta)
    : null;
  if (!indexHtml) app.log.warn({ distDir }, 'web app is not built (npm run build); pages answer 503');

  if (fs.existsSync(distDir)) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in every asset name, so an asset never changes under its URL.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }

  const routeAssets = readRouteAssets(distDir);
  const sendPage = (reply: FastifyReply, html: string | null, status = 200) => {
    if (!html) {
      return reply.code(503).type('text/plain; charset=utf-8').send('The web app is not built yet: run npm run build.');
    }
    return reply.code(status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };

  const devOnly = new Set<string>([webRoutes.testPreview]);
  for (const route of Object.values(webRoutes)) {
    if (devOnly.has(route) && !app.config.devToolsEnabled) continue;
    const html = indexHtml && withRouteHints(indexHtml, routeAssets[route]);
    app.get(route, (_request, reply) => sendPage(reply, html));
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return sendPage(reply, indexHtml, 404);
    return sendEnvelope(reply, 404, { code: ResultCode.notFound, message: messages.notFound, data: null });
  });
}
