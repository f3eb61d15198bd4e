import { renderToString } from 'react-dom/server';
import type { PreloadedData } from '@kwarta/contract/page-loads';
import { renderAtSearch } from '../lib/session-query.ts';
import { App } from './app.tsx';
import { routes } from './routes.ts';

/**
 * The server renderer of the app's pages (decision 0042), built by `vite build --ssr` into
 * web/dist/.ssr/borrower-pages-server.js and called by the server on every visit with the
 * results of the page's calls (`data`). main.tsx hydrates the same tree with the same data.
 * Returns the markup inside the page's root, or null for a path that is not a page.
 */
export async function renderBorrowerPage(
  path: string,
  search: string,
  data: PreloadedData,
): Promise<string | null> {
  const route = routes.find((entry) => entry.path === path);
  if (!route) return null;
  const Page = await route.load();
  return renderAtSearch(search, () => renderToString(<App page={Page} data={data} />));
}
