import {
  INLINE_TEMPLATE_ELEMENT_ID,
  LANDING_PAGE_TYPE,
  routes,
  type ClientType,
  type PromotionQuery,
} from '@kwarta/contract';
import { callApi } from '../../../lib/borrower-api.ts';
import type { DataOf, RequestOf } from '../../../lib/api-client.ts';
import { useApiQuery } from '../../../lib/use-api.ts';

/**
 * The landing's calls (spec §7 "Promotion"). Pages branch on codes 11 / 101 / -1, so the calls
 * that can answer them are silent and the page decides what to show.
 */
export type ChannelTemplate = NonNullable<DataOf<typeof routes.channelTemplate>>;

/** The template the server prefilled into the page for this id, if it did (no fetch needed). */
export function readInlineTemplate(templateId: string | undefined): ChannelTemplate | null {
  const element = document.getElementById(INLINE_TEMPLATE_ELEMENT_ID);
  try {
    const template = JSON.parse(element?.textContent || 'null') as ChannelTemplate | null;
    return template !== null && String(template.id) === templateId ? template : null;
  } catch {
    return null;
  }
}

/** Silent: the form works without its template, and the other screens say so in place. */
export function useChannelTemplate(templateId: string | undefined) {
  return useApiQuery(
    callApi,
    routes.channelTemplate,
    { templateId: templateId ?? '' },
    { silent: true, initialData: readInlineTemplate(templateId) },
  );
}

function trackingParams(query: PromotionQuery, clientType: ClientType) {
  return {
    page_id: query.id,
    user_from: query.user_from,
    client_type: clientType,
    page_type: LANDING_PAGE_TYPE,
    utm_tag: query.utm_tag,
    app_from: query.app_from,
  };
}

/** The answer is ignored (spec §7): tracking never bothers the visitor. */
export function trackVisit(query: PromotionQuery, clientType: ClientType) {
  return callApi(routes.trackVisit, trackingParams(query, clientType), { silent: true });
}

export function trackClick(query: PromotionQuery, clientType: ClientType, phone: string) {
  return callApi(routes.trackClick, { ...trackingParams(query, clientType), phone }, { silent: true });
}

export function getSid() {
  return callApi(routes.getSid, {});
}

/** The captcha image address for a sid; the time stamp makes every load a new image. */
export function captchaImageUrl(sid: string, at: number = Date.now()): string {
  return `${routes.getCaptcha.path}?${new URLSearchParams({ sid, t: String(at) })}`;
}

export function getSmsCode(params: RequestOf<typeof routes.getSms>) {
  return callApi(routes.getSms, params, { silent: true });
}

export function registerPhone(params: RequestOf<typeof routes.register>) {
  return callApi(routes.register, params, { silent: true });
}
