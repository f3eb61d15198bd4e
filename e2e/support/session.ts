// The demo borrower's session, as the native shell would pass it to a page (the "common session
// query", DESIGN D1). The server hands out a fresh one at /dev/demo-session in development/sandbox.

export interface DemoSession {
  appVersion: string;
  deviceName: string;
  deviceId: string;
  osVersion: string;
  sessionId: string;
  adId: string;
  productId: string;
  orderId: string;
}

/** The order the query fields are written in (the /testPreview field order, then page ids). */
export const SESSION_FIELDS = [
  'appVersion',
  'deviceName',
  'deviceId',
  'osVersion',
  'sessionId',
  'adId',
  'productId',
  'orderId',
] as const satisfies readonly (keyof DemoSession)[];

/** Fetches a fresh session of the seeded demo borrower. */
export async function demoSession(baseUrl: string): Promise<DemoSession> {
  const response = await fetch(`${baseUrl}/dev/demo-session`, { signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`e2e: GET /dev/demo-session answered ${response.status}: ${text.slice(0, 500)}`);
  }
  const body = JSON.parse(text) as Record<string, unknown>;
  const session = {} as Record<keyof DemoSession, string>;
  for (const field of SESSION_FIELDS) {
    const value = body[field];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new Error(`e2e: /dev/demo-session has no ${field}: ${text.slice(0, 500)}`);
    }
    session[field] = String(value);
  }
  if (!session.sessionId) throw new Error('e2e: /dev/demo-session returned an empty sessionId');
  return session;
}

/**
 * The common session query, without the leading "?": `appVersion=…&…&orderId=…`, followed by any
 * extra parameters (which override session fields of the same name; undefined drops a field).
 */
export function sessionQuery(
  session: Partial<DemoSession>,
  extra: Record<string, string | number | undefined> = {},
): string {
  const params = new URLSearchParams();
  const merged: Record<string, string | number | undefined> = { ...session, ...extra };
  for (const field of SESSION_FIELDS) {
    const value = merged[field];
    if (value !== undefined) params.set(field, String(value));
  }
  for (const [key, value] of Object.entries(extra)) {
    if (!(SESSION_FIELDS as readonly string[]).includes(key) && value !== undefined)
      params.set(key, String(value));
  }
  return params.toString();
}
