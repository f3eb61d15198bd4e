import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PRELOADED_DATA_ID, embedJson, type BorrowerPageRenderer, type WebRoutePath } from '@kwarta/contract';
import { loadPageData, searchOf } from './page-data.ts';

/** Where the web build puts the pages' server renderer (web/vite.config.ts). */
const SERVER_MODULE = path.join('.ssr', 'borrower-pages-server.js');

/**
 * The part of the app's index.html that a server-rendered page replaces (web/index.html), with
 * the whitespace around it: the root must hold exactly what React rendered to hydrate cleanly.
 */
const PAGE_MARKER = /\s*<!--kw:page-->[\s\S]*?<!--\/kw:page-->\s*/;

/** The pages' renderer from the web build, or null when the web app is not built. */
export async function loadBorrowerPageRenderer(distDir: string): Promise<BorrowerPageRenderer | null> {
  const file = path.join(distDir, SERVER_MODULE);
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as BorrowerPageRenderer;
}

/**
 * The app's HTML for one visit of a page, its content rendered on the server with the data of
 * the session's calls, the data embedded for hydration; null when the renderer has no such page
 * (the app's shell is served then). The page may carry the borrower's data, so no cache keeps it.
 */
export async function renderBorrowerPage(
  app: FastifyInstance,
  renderer: BorrowerPageRenderer,
  page: { path: WebRoutePath; shell: string },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string | null> {
  const data = await loadPageData(app, page.path, request, reply);
  const root = await renderer.renderBorrowerPage(
    page.path,
    { search: searchOf(request.url), market: app.config.market.id },
    data,
  );
  if (root === null) return null;
  reply.header('Cache-Control', 'private, no-store');
  const script = `<script type="application/json" id="${PRELOADED_DATA_ID}">${embedJson(data)}</script>`;
  // A function replacement: `$` in the page's text must not be read as a pattern.
  return page.shell.replace(PAGE_MARKER, () => root).replace('</body>', () => `${script}</body>`);
}
