import type { ComplianceProfile } from '@kwarta/domain/compliance';
import type { LoanRules } from '@kwarta/domain/loan-rules';
import type { MoneyStyle } from '@kwarta/domain/money';
import { webRoutes } from '../web-routes.ts';

/**
 * Everything the official site and the static pages (D12) say that is a lender's choice rather
 * than ours: brand values from the server's configuration and the lender-wide loan rules the
 * system charges with. The server hands it to the prerenderer, and the page carries it (as JSON)
 * to hydration, so both render the same text. Zod-free: the web imports it.
 */
export interface SiteInfo {
  brandName: string;
  /** The brand's logo (decision 0096); without it the header shows the name alone. */
  logoUrl?: string;
  companyName: string;
  companyAddress: string;
  /** SEC registration and Certificate of Authority, as the lender prints them. */
  companyRegistration: string;
  phone: string;
  /** Customer-service email. */
  email: string;
  privacyOfficerEmail: string;
  copyright: string;
  /** What the Policy section of the official site frames. */
  privacyPolicyUrl: string;
  loanRules: LoanRules;
  /** The compliance profile whose caps the loans follow (D16); null in the spec's default market. */
  compliance: ComplianceProfile | null;
  /** The app's URL scheme (`kwarta`), for the link that opens a page in the app; '' when none. */
  appUrlScheme: string;
  /** How the configured market prints amounts (D5), so the pages' figures follow it. */
  money: MoneyStyle;
}

/**
 * The deep link that opens one of our pages in the app, signed in (docs/bridge.md "Deep links"):
 * `kwarta://open?url=https%3A%2F%2F…%2Frepay%3ForderId%3D7`. Only paths of this site are opened.
 */
export function openInAppLink(scheme: string, origin: string, path: string): string | null {
  if (!scheme || !path.startsWith('/') || path.startsWith('//')) return null;
  return `${scheme}://open?url=${encodeURIComponent(`${origin}${path}`)}`;
}

/** The prerendered pages (D12, D15), in the order of the official site's nav. */
export const staticPagePaths = [
  webRoutes.officialSite,
  webRoutes.about,
  webRoutes.policy,
  webRoutes.loanTerms,
  webRoutes.dragonpayGuide,
] as const;

export type StaticPagePath = (typeof staticPagePaths)[number];

/** Built assets a prerendered page links to: inline CSS and, for interactive pages, one module. */
export interface StaticPageAssets {
  css: string;
  /** URL of the hydration module; null when the build has none (pages still read fine). */
  script: string | null;
  /** Chunks the module imports, preloaded so they download in parallel with it. */
  preload: readonly string[];
}

/** The prerenderer the web build exports (web/src/app/static-pages-server.tsx) and the server calls. */
export interface StaticPageRenderer {
  renderStaticPage(path: StaticPagePath, site: SiteInfo, assets: StaticPageAssets): string;
}
