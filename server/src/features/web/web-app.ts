import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ResultCode, messages, webRoutes } from '@kwarta/contract';
import { sendEnvelope } from '../../lib/envelope-reply.ts';
import { findChannelTemplate } from '../promotion/promotion-repository.ts';
import { prefillLandingHtml } from '../promotion/landing-html.ts';

const ENV_META = /<meta name="kwarta-env" content="[^"]*"\s*\/?>/;
const MARKET_META = /<meta name="kwarta-market" content="[^"]*"\s*\/?>/;

/**
 * Serves the built web app on the API's origin (DESIGN §1). The HTML gets the runtime
 * environment stamped in, which turns on the bridge recorder and /testPreview outside production.
 */
export async function webApp(app: FastifyInstance): Promise<void> {
  const distDir = app.config.webDistDir;
  const envMeta = `<meta name="kwarta-env" content="${app.config.appEnv}">`;
  // The market (D5) rides along the same way, so one build serves every market.
  const marketMeta = `<meta name="kwarta-market" content="${app.config.market.id}">`;
  const loadHtml = (name: string) => {
    const file = path.join(distDir, name);
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').replace(MARKET_META, '').replace(ENV_META, envMeta + marketMeta) : null;
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
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in every asset name, so an asset never changes under its URL.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }

  const sendPage = (reply: FastifyReply, status = 200, html = indexHtml) => {
    if (!html) {
      return reply.code(503).type('text/plain; charset=utf-8').send('The web app is not built yet: run npm run build.');
    }
    return reply.code(status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };

  const devOnly = new Set<string>([webRoutes.testPreview]);
  for (const route of Object.values(webRoutes)) {
    if (devOnly.has(route) && !app.config.devToolsEnabled) continue;
    if (route === webRoutes.promotion) continue;
    app.get(route, (_request, reply) => sendPage(reply));
  }

  // The landing comes with its channel template filled in (?id=…), so it paints without a call.
  app.get<{ Querystring: { id?: string } }>(webRoutes.promotion, async (request, reply) => {
    if (!promotionHtml) return sendPage(reply, 200, promotionHtml);
    const id = /^\d{1,9}$/.test(request.query.id ?? '') ? Number(request.query.id) : null;
    const template = id === null ? null : await findChannelTemplate(app.db, id);
    return sendPage(reply, 200, prefillLandingHtml(promotionHtml, template));
  });

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return sendPage(reply, 404);
    return sendEnvelope(reply, 404, { code: ResultCode.notFound, message: messages.notFound, data: null });
  });
}
