import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { messages } from '@kwarta/contract/messages';
import { embedJson } from '@kwarta/contract/page-loads';
import { webRoutes } from '@kwarta/contract/web-routes';
import { aboutUsDocument } from '@kwarta/contract/site/about-us';
import { dragonpayGuideDocument } from '@kwarta/contract/site/dragonpay-guide';
import { loanTermsDocument } from '@kwarta/contract/site/loan-terms';
import { privacyPolicyDocument } from '@kwarta/contract/site/privacy-policy';
import type { SiteInfo, StaticPageAssets, StaticPagePath } from '@kwarta/contract/site/site-info';
import { AboutPage } from '../features/static-pages/about-page.tsx';
import { DocumentPage } from '../features/static-pages/document-page.tsx';
import { DragonpayGuidePage } from '../features/static-pages/dragonpay-guide-page.tsx';
import { OfficialSitePage } from '../features/static-pages/official-site-page.tsx';
import { SITE_DATA_ID } from './static-page-data.ts';

/**
 * The prerenderer of the static pages (D12), built by `vite build --ssr` into
 * web/dist/.ssr/static-pages-server.js and called by the server, which caches the result.
 * The same components hydrate in the browser (static-pages-client.tsx loads
 * static-pages-hydrate.tsx after the load event) — only on the pages that have something to
 * tap; the others ship no JavaScript at all.
 */
interface PageSpec {
  title: (site: SiteInfo) => string;
  description: (site: SiteInfo) => string;
  element: (site: SiteInfo) => ReactElement;
  interactive: boolean;
}

/** A page whose title and description are those of its document. */
function documentPage(
  document: (site: SiteInfo) => { title: string; summary: string },
  element: (site: SiteInfo) => ReactElement,
  interactive = false,
): PageSpec {
  return {
    title: (site) => `${document(site).title} · ${site.brandName}`,
    description: (site) => document(site).summary,
    element,
    interactive,
  };
}

const pages: Record<StaticPagePath, PageSpec> = {
  [webRoutes.officialSite]: {
    title: (site) => site.brandName,
    description: () => messages.siteHomeLead,
    element: (site) => <OfficialSitePage site={site} />,
    interactive: true,
  },
  [webRoutes.about]: documentPage(aboutUsDocument, (site) => <AboutPage site={site} />),
  [webRoutes.policy]: documentPage(privacyPolicyDocument, (site) => (
    <DocumentPage site={site} document={privacyPolicyDocument(site)} />
  )),
  [webRoutes.loanTerms]: documentPage(loanTermsDocument, (site) => (
    <DocumentPage site={site} document={loanTermsDocument(site)} />
  )),
  [webRoutes.dragonpayGuide]: documentPage(
    dragonpayGuideDocument,
    (site) => <DragonpayGuidePage site={site} />,
    true,
  ),
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
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
    ? `<script type="application/json" id="${SITE_DATA_ID}">${embedJson(site)}</script>`
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
