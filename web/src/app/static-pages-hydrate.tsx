import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { webRoutes } from '@kwarta/contract/web-routes';
import type { SiteInfo } from '@kwarta/contract/site/site-info';
import { DragonpayGuidePage } from '../features/static-pages/dragonpay-guide-page.tsx';
import { OfficialSitePage } from '../features/static-pages/official-site-page.tsx';
import { SITE_DATA_ID } from './static-page-data.ts';
import './theme.css';

/**
 * Hydrates the two static pages with something to tap, from the SiteInfo the server wrote into
 * the page (loaded by static-pages-client.tsx after the page has painted). Its CSS (theme,
 * static pages, toast, dialog) is what the server inlines into every static page, so this
 * import list is also their style.
 */
const interactivePages: Partial<Record<string, (site: SiteInfo) => ReactElement>> = {
  [webRoutes.officialSite]: (site) => <OfficialSitePage site={site} />,
  [webRoutes.dragonpayGuide]: (site) => <DragonpayGuidePage site={site} />,
};

const root = document.getElementById('root');
const data = document.getElementById(SITE_DATA_ID)?.textContent;
const page = interactivePages[window.location.pathname];
if (root && data && page) hydrateRoot(root, page(JSON.parse(data) as SiteInfo));
