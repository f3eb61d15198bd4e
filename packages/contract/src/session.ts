import { z } from 'zod';

/**
 * The common session query (D1): the native shell opens every borrower page with these, and the
 * page passes them on to every call. `sessionId` identifies the borrower; the device fields are
 * kept for support and abuse limits. Values are short strings; anything longer is refused.
 */
export const sessionQueryFields = ['appVersion', 'deviceName', 'deviceId', 'osVersion', 'sessionId', 'adId'] as const;

export type SessionQueryField = (typeof sessionQueryFields)[number];

const field = z.string().max(128);

export const sessionQuerySchema = z.object({
  appVersion: field.optional(),
  deviceName: field.optional(),
  deviceId: field.optional(),
  osVersion: field.optional(),
  sessionId: field.optional(),
  adId: field.optional(),
});

export type SessionQuery = z.infer<typeof sessionQuerySchema>;

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
