import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { messages } from '@kwarta/contract/messages';
import { webRoutes } from '@kwarta/contract/web-routes';
import { aboutUsDocument } from '@kwarta/contract/site/about-us';
import { dragonpayGuideDocument } from '@kwarta/contract/site/dragonpay-guide';
import { loanTermsDocument } from '@kwarta/contract/site/loan-terms';
import { privacyPolicyDocument } from '@kwarta/contract/site/privacy-policy';
import type { SiteInfo, StaticPageAssets, StaticPagePath } from '@kwarta/contract/site/site-info';
import { AboutPage } from '../features/static-pages/about-page.tsx';
import { DragonpayGuidePage } from '../features/static-pages/dragonpay-guide-page.tsx';
import { LoanTermsPage } from '../features/static-pages/loan-terms-page.tsx';
import { OfficialSitePage } from '../features/static-pages/official-site-page.tsx';
import { PolicyPage } from '../features/static-pages/policy-page.tsx';
import { SITE_DATA_ID } from './static-page-data.ts';

/**
 * The prerenderer of the static pages (D12), built by `vite build --ssr` into
 * web/dist/.ssr/static-pages-server.js and called by the server, which caches the result.
 * The same components hydrate in the browser (static-pages-client.tsx) — only on the pages
 * that have something to tap; the others ship no JavaScript at all.
 */
interface PageSpec {
  title: (site: SiteInfo) => string;
  description: (site: SiteInfo) => string;
  element: (site: SiteInfo) => ReactElement;
  interactive: boolean;
}

const pages: Record<StaticPagePath, PageSpec> = {
  [webRoutes.officialSite]: {
    title: (site) => site.brandName,
    description: () => messages.siteHomeLead,
    element: (site) => <OfficialSitePage site={site} />,
    interactive: true,
  },
  [webRoutes.about]: {
    title: (site) => `${aboutUsDocument(site).title} · ${site.brandName}`,
    description: (site) => aboutUsDocument(site).summary,
    element: (site) => <AboutPage site={site} />,
    interactive: false,
  },
  [webRoutes.policy]: {
    title: (site) => `${privacyPolicyDocument(site).title} · ${site.brandName}`,
    description: (site) => privacyPolicyDocument(site).summary,
    element: (site) => <PolicyPage site={site} />,
    interactive: false,
  },
  [webRoutes.loanTerms]: {
    title: (site) => `${loanTermsDocument(site).title} · ${site.brandName}`,
    description: (site) => loanTermsDocument(site).summary,
    element: (site) => <LoanTermsPage site={site} />,
    interactive: false,
  },
  [webRoutes.dragonpayGuide]: {
    title: (site) => `${dragonpayGuideDocument(site).title} · ${site.brandName}`,
    description: (site) => dragonpayGuideDocument(site).summary,
    element: (site) => <DragonpayGuidePage site={site} />,
    interactive: true,
  },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// JSON inside <script>: "<" escaped so no value can close the element.
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The whole HTML document of a static page: text, inline CSS, and the hydration module if it needs one. */
export function renderStaticPage(path: StaticPagePath, site: SiteInfo, assets: StaticPageAssets): string {
  const page = pages[path];
  const body = renderToString(page.element(site));
  const hydrate = page.interactive && assets.script !== null;
  const scripts = hydrate
    ? [
        ...assets.preload.map((file) => `<link rel="modulepreload" href="${escapeHtml(file)}">`),
        `<script type="module" src="${escapeHtml(assets.script ?? '')}"></script>`,
      ].join('')
    : '';
  const data = hydrate
    ? `<script type="application/json" id="${SITE_DATA_ID}">${scriptJson(site)}</script>`
    : '';
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="theme-color" content="#0b7a5c">' +
    `<meta name="description" content="${escapeHtml(page.description(site))}">` +
    `<title>${escapeHtml(page.title(site))}</title>` +
    '<link rel="icon" href="/brand/icon.svg" type="image/svg+xml">' +
    `<style>${assets.css}</style>${scripts}</head>` +
    `<body><div id="root">${body}</div>${data}</body></html>`
  );
}
