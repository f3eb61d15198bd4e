/**
 * The promotion landing's query and hash routes (spec §2 "Promotion register landing page").
 * Plain functions, no zod: the landing page and the server share them.
 */

/** The query a promotion link addresses the landing with. */
export const promotionQueryFields = [
  'id',
  'app_from',
  'user_from',
  'utm_tag',
  'links_id',
  'down_id',
  'invite_code',
  'UC',
] as const;

export type PromotionQueryField = (typeof promotionQueryFields)[number];

export type PromotionQuery = Partial<Record<PromotionQueryField, string>>;

export const promotionHashRoutes = {
  download: '#/downloadTemplate',
  agreement: '#/agreementTemplate',
} as const;

/** `page_type` of the landing page in track-visit and track-click (spec §7). */
export const LANDING_PAGE_TYPE = 1;

export type ClientType = 'ios' | 'android';

export function pickPromotionQuery(params: URLSearchParams): PromotionQuery {
  const picked: PromotionQuery = {};
  for (const name of promotionQueryFields) {
    const value = params.get(name);
    if (value !== null && value !== '') picked[name] = value;
  }
  return picked;
}

/** Spec §7 sends ios or android; anything that is not an Apple device counts as android. */
export function clientTypeFromUserAgent(userAgent: string): ClientType {
  return /iPhone|iPad|iPod|Macintosh.*Mobile/i.test(userAgent) ? 'ios' : 'android';
}

/**
 * The download page's hash route with the query the spec carries over: app_from, user_from,
 * utm_tag, id, and links_id or (when there is none) down_id.
 */
export function downloadHash(query: PromotionQuery): string {
  const carried = new URLSearchParams();
  for (const name of ['app_from', 'user_from', 'utm_tag', 'id'] as const) {
    const value = query[name];
    if (value !== undefined) carried.set(name, value);
  }
  if (query.links_id !== undefined) carried.set('links_id', query.links_id);
  else if (query.down_id !== undefined) carried.set('down_id', query.down_id);
  const search = carried.toString();
  return search ? `${promotionHashRoutes.download}?${search}` : promotionHashRoutes.download;
}

/** Splits `#/route?query` into its route and query. */
export function parseHash(hash: string): { route: string; query: URLSearchParams } {
  const [route = '', search = ''] = hash.split('?', 2);
  return { route: route || '#/', query: new URLSearchParams(search) };
}

/**
 * The server prefills the landing's HTML with its channel template (so the headline paints
 * before any script runs) and leaves the template as JSON in this element for the page.
 */
export const INLINE_TEMPLATE_ELEMENT_ID = 'kw-template';

/**
 * What a channel template writes for the brand (decision 0096): `{brand}` in its texts, `{appScheme}`
 * in its links; the server fills them from the brand the pages show.
 */
export const TEMPLATE_BRAND_PLACEHOLDERS = { name: '{brand}', urlScheme: '{appScheme}' } as const;

/** Template texts the landing's HTML shows before its script runs: `<!--kw:name-->…<!--/kw-->`. */
export const prefilledTemplateFields = ['appName', 'headline', 'subline'] as const;
