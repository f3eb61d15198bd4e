/**
 * The common session query (D1): the native shell opens every borrower page with these, and the
 * page passes them on to every call. `sessionId` identifies the borrower; the device fields are
 * kept for support and abuse limits.
 */
export const sessionQueryFields = [
  'appVersion',
  'deviceName',
  'deviceId',
  'osVersion',
  'sessionId',
  'adId',
  // Spec §1: the currency parameter (1 = rupee). It rides with the session query so every call a
  // page makes, and every page it links to, formats amounts in the currency the page shows.
  'system',
] as const;

export type SessionQueryField = (typeof sessionQueryFields)[number];

/** Page-level ids that ride along with the session query where a page needs them. */
export const pageQueryFields = ['productId', 'orderId'] as const;

export function pickSessionQuery(params: URLSearchParams): Partial<Record<SessionQueryField, string>> {
  const picked: Partial<Record<SessionQueryField, string>> = {};
  for (const name of sessionQueryFields) {
    const value = params.get(name);
    if (value !== null) picked[name] = value;
  }
  return picked;
}
