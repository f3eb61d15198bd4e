import { renderToString } from 'react-dom/server';
import type { PageRenderContext, PreloadedData } from '@kwarta/contract/page-loads';
import { renderAt } from '../lib/session-query.ts';
import { App } from './app.tsx';
import { routes } from './routes.ts';

/**
 * The server renderer of the app's pages (decision 0042), built by `vite build --ssr` into
 * web/dist/.ssr/borrower-pages-server.js and called by the server on every visit with the
 * results of the page's calls (`data`), in the server's market (`at`). main.tsx hydrates the same
 * tree with the same data, reading the market from the page's meta tag.
 * Returns the markup inside the page's root, or null for a path that is not a page.
 */
export async function renderBorrowerPage(
  path: string,
  at: PageRenderContext,
  data: PreloadedData,
): Promise<string | null> {
  const route = routes.find((entry) => entry.path === path);
  if (!route) return null;
  const Page = await route.load();
  return renderAt(at, () => renderToString(<App page={Page} data={data} />));
}
