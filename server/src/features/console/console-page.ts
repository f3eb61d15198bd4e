import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { findLiveOperatorSession, operatorSessionToken } from '../operators/index.ts';
import { operatorView } from './operator-view.ts';

const MARKET_META = /<meta name="kw-market" content="[^"]*"\s*\/?>/;
const TIME_ZONE_META = /<meta name="kw-time-zone" content="[^"]*"\s*\/?>/;

/**
 * GET /console: the console's own entry (web/console.html), never loaded by a borrower page. When
 * the cookie's session is live the page carries the operator (name, role, menu, CSRF token) as a
 * JSON data block, so it opens signed in without a first call; the page is private and never stored.
 */
export async function consolePage(app: FastifyInstance): Promise<void> {
  const file = path.join(app.config.webDistDir, 'console.html');
  const html = fs.existsSync(file)
    ? fs
        .readFileSync(file, 'utf8')
        .replace(MARKET_META, `<meta name="kw-market" content="${app.config.market.id}">`)
        // The lender's zone, in which the console shows every time (web/src/console/format.ts).
        .replace(TIME_ZONE_META, `<meta name="kw-time-zone" content="${app.config.lenderTimeZone}">`)
    : null;
  app.get('/console', async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    if (!html)
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The console is not built yet: run npm run build.');
    const token = operatorSessionToken(request);
    const live = token ? await findLiveOperatorSession(app.db, { token, now: app.clock.now() }) : null;
    const embedded = live ? JSON.stringify(await operatorView(app, live)).replace(/</g, '\\u003c') : null;
    return reply
      .type('text/html; charset=utf-8')
      .send(
        html.replace(
          '<!--kw:operator-->',
          embedded ? `<script type="application/json" id="console-operator">${embedded}</script>` : '',
        ),
      );
  });
}
