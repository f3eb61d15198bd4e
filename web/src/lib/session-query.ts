import { pickSessionQuery, type PageRenderContext, type SessionQueryField } from '@kwarta/contract';

// Set only for the length of one server render (renderToString is synchronous, so no other
// request can see it); in the browser the page's own address and meta tags are the answer.
let rendering: PageRenderContext | null = null;

/** Runs a synchronous server render of a page opened with this query string in this market. */
export function renderAt<T>(at: PageRenderContext, render: () => T): T {
  rendering = at;
  try {
    return render();
  } finally {
    rendering = null;
  }
}

/** The market of the server render under way; null in the browser (runtime-env.ts reads the page). */
export function renderingMarketId(): PageRenderContext['market'] | null {
  return rendering?.market ?? null;
}

/** The page's query string: the one being rendered on the server, else the address bar's. */
export function currentSearch(): string {
  return rendering?.search ?? window.location.search;
}

/** The common session query (D1) this page was opened with; every call and link passes it on. */
export function currentSessionQuery(): Partial<Record<SessionQueryField, string>> {
  return pickSessionQuery(new URLSearchParams(currentSearch()));
}

/** A page link carrying the session query plus the page's own parameters. */
export function pageUrl(path: string, params: Record<string, string | number | undefined> = {}): string {
  const query = new URLSearchParams(currentSessionQuery());
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

export function queryParam(name: string): string | null {
  return new URLSearchParams(currentSearch()).get(name);
}

/** A server-given page address (e.g. lendDetailsUrl, contract_url) with the session query added. */
export function withSessionQuery(url: string): string {
  const [path = '', search = ''] = url.split('?', 2);
  return pageUrl(path, Object.fromEntries(new URLSearchParams(search)));
}
