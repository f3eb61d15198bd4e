import { Limits, productDefineToWire, routes } from '@kwarta/contract';
import { callApi } from '../../../lib/borrower-api.ts';
import { useApiQuery } from '../../../lib/use-api.ts';

/** The order page's calls (spec §7 "Order page"); `headers` are the page's pass-through query values. */
type Headers = Record<string, string>;

/** Spec §8: an order load without success shows nothing (a dead session still goes to login). */
export function useLoanDetails(productId: string, orderId: string, headers: Headers) {
  return useApiQuery(callApi, routes.loanDetails, { productId, orderId }, { headers, silent: true });
}

/** event/save: its answer is not used (spec §7), so it says nothing on failure. */
export function saveEvent(
  tap: { productId: number; moduleId: number; positionId: number },
  headers: Headers,
) {
  return callApi(routes.eventSave, tap, { headers, silent: true });
}

/** The page always sends 5, whatever the stars (spec §7, §9); no success flag → nothing shown. */
export function sendGoogleScore(headers: Headers) {
  return callApi(routes.googleScore, { score: Limits.orderRatingScore }, { headers, silent: true });
}

/** "Not now" to the rating: the server waits before asking again; nothing to show either way. */
export function sendGoogleScoreLater(headers: Headers) {
  return callApi(routes.googleScoreLater, {}, { headers, silent: true });
}

/** A declined borrower asks a person to review the model's decision; asking again answers the first. */
export function askCreditReview(orderId: number, headers: Headers) {
  return callApi(routes.creditReviewRequest, { orderId }, { headers });
}

/** The recommended-product click (disguised fields, D6); a refusal toasts the server's message. */
export function defineProduct(
  click: { moduleId: number; position: number; productId: number },
  headers: Headers,
) {
  return callApi(routes.productDefine, productDefineToWire(click) as never, { headers });
}

// The joint-login failure page (spec §7 "Repayment and loan").
export function useUnionErrorInfo(productId: string | null) {
  return useApiQuery(callApi, routes.unionErrorInfo, productId ? { productId } : {});
}

export function trackUnionProduct(productId: number, position: number) {
  return callApi(routes.unionProductTrack, { productId, position }, { silent: true });
}

export function unionProductLink(productId: number, position: number) {
  return callApi(routes.unionProductLink, { productId, position });
}
