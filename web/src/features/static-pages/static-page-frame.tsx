import type { ReactNode } from 'react';
import { webRoutes } from '@kwarta/contract/web-routes';
import type { SiteInfo } from '@kwarta/contract/site/site-info';
import { SiteFooter } from './site-footer.tsx';
import './static-pages.css';

/**
 * The frame of a static page of its own (/About, /Policy, /Loan, /dragonpayGuide): the brand
 * linking to the official site, the title and summary, the text, the footer. No back button:
 * these pages are read in browsers as often as in the app.
 */
export function StaticPageFrame({
  site,
  title,
  summary,
  children,
}: {
  site: SiteInfo;
  title: string;
  summary: string;
  children: ReactNode;
}) {
  return (
    <div className="site">
      <header className="site-header">
        <a className="site-brand" href={webRoutes.officialSite}>
          {site.brandName}
        </a>
      </header>
      <main className="site-main">
        <h1>{title}</h1>
        <p className="site-summary">{summary}</p>
        {children}
      </main>
      <SiteFooter site={site} />
    </div>
  );
}
