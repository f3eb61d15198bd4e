import { Defaults, LoanConfirmRules } from './constants.ts';
import { identityRoutes } from './identity-routes.ts';
import { privacyRoutes } from './privacy-routes.ts';
import { newPlanRoutes } from './new-plan-routes.ts';
import { routes, type EndpointRoute } from './routes.ts';
import { webRoutes, type WebRoutePath } from './web-routes.ts';
import type { MarketId } from './markets.ts';

/**
 * Borrower pages rendered with their data (decision 0042). Each page declares here the calls it
 * makes as it opens; for a live session the server runs them in-process through the very
 * endpoint the API serves, renders the page with the results and embeds them, so the page
 * paints its content from the HTML and hydrates without asking again. Plain data, no zod: the
 * web imports it.
 */
export interface PageLoad {
  route: EndpointRoute;
  /** Parameters the page always sends. */
  fixed?: Readonly<Record<string, string | number>>;
  /** Query parameters of the page passed on to the call under the same name, when present. */
  fromQuery?: readonly string[];
  /** A query parameter the call names differently: `{ productId: 'product_id' }`. */
  rename?: Readonly<Record<string, string>>;
  /** Made only when the page's query satisfies this (one page, two variants). */
  when?: (query: URLSearchParams) => boolean;
}

/** /repaymentOfCode2 opened from the extension page (repay-view's link says so). */
export const isDelayRepaymentCode = (query: URLSearchParams): boolean => query.get('isDelay') === '1';

export const pageLoads: Partial<Record<WebRoutePath, readonly PageLoad[]>> = {
  [webRoutes.customerService]: [
    { route: routes.contactKfInfo, fixed: { overall: Defaults.contactInfoOverall } },
  ],
  // product_id on the wire, productId in the page's query (spec §7, §2).
  [webRoutes.bindBank]: [
    { route: routes.cardInit, fromQuery: ['productId'], rename: { productId: 'product_id' } },
  ],
  [webRoutes.myData]: [{ route: privacyRoutes.privacyStatus }],
  [webRoutes.complainPage]: [{ route: routes.problemInit, fromQuery: ['orderId'] }],
  // The second variant of problem-init (no payload) gives the type titles for the tags.
  [webRoutes.complainPageNext]: [{ route: routes.problemInit }],
  [webRoutes.complaintList]: [{ route: routes.problemList }],
  [webRoutes.complainDetails]: [{ route: routes.problemDetail, fromQuery: ['problemId'] }],
  [webRoutes.orderDetails]: [{ route: routes.loanDetails, fromQuery: ['productId', 'orderId'] }],
  [webRoutes.repay]: [{ route: routes.loanPlayDetail, fromQuery: ['productId', 'orderId'] }],
  [webRoutes.repayDelay]: [{ route: routes.emphasisMiles, fromQuery: ['productId', 'orderId'] }],
  // Opened from a repayment page, the page names the order: its card and total come with the
  // HTML. Without an order it reads what a repayment page saved in local storage (spec §2).
  [webRoutes.repaymentOfCode2]: [
    {
      route: routes.loanPlayDetail,
      fromQuery: ['productId', 'orderId'],
      when: (query) => !isDelayRepaymentCode(query) && query.has('orderId'),
    },
    {
      route: routes.emphasisMiles,
      fromQuery: ['productId', 'orderId'],
      when: (query) => isDelayRepaymentCode(query) && query.has('orderId'),
    },
  ],
  [webRoutes.newPlan]: [{ route: newPlanRoutes.newPlanOffer, fromQuery: ['productId', 'orderId'] }],
  [webRoutes.identity]: [{ route: identityRoutes.identityStatus }],
  [webRoutes.jointLoginError]: [{ route: routes.unionErrorInfo, fromQuery: ['productId'] }],
  [webRoutes.loanConfirm]: [
    { route: routes.loanDetailConfirm, fromQuery: ['productId'] },
    { route: routes.contractList, fixed: { scene: Defaults.contractScene }, fromQuery: ['productId'] },
  ],
  [webRoutes.newLoanConfirm]: [
    { route: routes.goyaConfirm, fromQuery: ['productId'] },
    { route: routes.goyaContractList, fixed: { scene: Defaults.contractScene }, fromQuery: ['productId'] },
  ],
  // The page's amount is what the borrower asked to pay; the server answers what it will charge.
  [webRoutes.carpmm]: [{ route: routes.repaymentWay, fromQuery: ['orderId', 'amount'] }],
  [webRoutes.loanAgreement]: [
    { route: routes.agreementDocument, fromQuery: ['productId', 'position', 'orderId', 'amount', 'term'] },
  ],
  [webRoutes.disclosure]: [
    {
      route: routes.agreementDocument,
      fixed: { position: LoanConfirmRules.agreementPositions.disclosureStatement },
      fromQuery: ['productId', 'orderId', 'amount', 'term'],
    },
  ],
};

/** The call's parameters as the page sends them (strings, like a form body or query). */
export function pageLoadParams(load: PageLoad, query: URLSearchParams): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(load.fixed ?? {})) params[name] = String(value);
  for (const name of load.fromQuery ?? []) {
    const value = query.get(name);
    if (value !== null && value !== '') params[load.rename?.[name] ?? name] = value;
  }
  return params;
}

/**
 * The name of one call's result among a page's preloaded data: the route and its parameters,
 * sorted, values as strings (absent ones left out), so the server's and the page's spelling of
 * the same call meet.
 */
export function preloadKey(route: Pick<EndpointRoute, 'name'>, params: object): string {
  const entries = Object.entries(params as Record<string, unknown>)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => [name, String(value)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0));
  return `${route.name}?${new URLSearchParams(entries as [string, string][])}`;
}

/** The /testPreview demo session (D14), preloaded under this name outside production. */
export const DEMO_SESSION_PRELOAD_KEY = 'dev:demoSession';

/** Results by preloadKey, as embedded in the page. */
export type PreloadedData = Record<string, unknown>;

/**
 * JSON to put inside a `<script type="application/json">`: `<` escaped so no value can close the
 * element (`</script>`) or open a comment, U+2028/U+2029 so older engines read it as one line.
 */
export function embedJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The id of the `<script type="application/json">` holding a rendered page's PreloadedData. */
export const PRELOADED_DATA_ID = 'kw-page-data';

/**
 * What a server render knows that the browser reads from its address bar and the page's meta
 * tags: the query string, and the market the server runs (the browser's `kw-market`), so
 * both sides print amounts and preset the agreement box alike.
 */
export interface PageRenderContext {
  search: string;
  market: MarketId;
}

/**
 * The server-side renderer of the app's pages (web/src/app/borrower-pages-server.tsx, built to
 * web/dist/.ssr/): the markup inside the page's root, rendered with `data`; null for a path that
 * is not a page of the app.
 */
export interface BorrowerPageRenderer {
  renderBorrowerPage(path: string, at: PageRenderContext, data: PreloadedData): Promise<string | null>;
}
