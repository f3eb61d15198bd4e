import { pickSessionQuery, type SessionQueryField } from '@kwarta/contract';

/** The common session query (D1) this page was opened with; every call and link passes it on. */
export function currentSessionQuery(): Partial<Record<SessionQueryField, string>> {
  return pickSessionQuery(new URLSearchParams(window.location.search));
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
  return new URLSearchParams(window.location.search).get(name);
}
