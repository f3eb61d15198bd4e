import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DEMO_SESSION_PRELOAD_KEY,
  pageLoadParams,
  pageLoads,
  preloadKey,
  webRoutes,
  type PreloadedData,
  type WebRoutePath,
} from '@kwarta/contract';
import { ApiError } from '../../lib/api-error.ts';
import { Refusal } from '../../lib/refusal.ts';
import { invokeEndpoint } from '../../lib/contract-route.ts';
import { createDemoSession } from '../test-preview/index.ts';

/**
 * The results of the calls a page declares in the contract (`pageLoads`), run in-process through
 * the very endpoints the API serves, with the page's session query, keyed as the page asks for
 * them. A call the endpoint refuses (a dead session, a missing or foreign id, bad input) is left
 * out: the page then makes it itself and answers the refusal as it always has (the bridge's
 * log-out, the server's message, a retry), so the HTML never says more than the API would.
 */
export async function loadPageData(
  app: FastifyInstance,
  path: WebRoutePath,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<PreloadedData> {
  const query = new URLSearchParams(searchOf(request.url));
  const data: PreloadedData = {};
  for (const load of pageLoads[path] ?? []) {
    if (load.when && !load.when(query)) continue;
    const params = pageLoadParams(load, query);
    try {
      data[preloadKey(load.route, params)] = await invokeEndpoint(app, load.route, params, {
        query: request.query,
        request,
        reply,
      });
    } catch (error) {
      if (!(error instanceof ApiError || error instanceof Refusal))
        request.log.error({ err: error }, `page data ${load.route.name} failed`);
    }
  }
  // D14: the preview is prefilled with a live demo session, rendered into the page.
  if (path === webRoutes.testPreview && app.config.devToolsEnabled) {
    const demo = await createDemoSession(app);
    if (demo) data[DEMO_SESSION_PRELOAD_KEY] = demo;
  }
  return data;
}

/** The query string of a request URL, with its '?' (or ''). */
export function searchOf(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start);
}
