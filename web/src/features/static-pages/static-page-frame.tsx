import { useEffect, type ReactNode } from 'react';
import { webRoutes } from '@kwarta/contract/web-routes';
import type { SiteInfo } from '@kwarta/contract/site/site-info';
import { SiteFooter } from './site-footer.tsx';
import './static-pages.css';

/** The sticky top bar: the brand, linking to the official site, and whatever the page adds (its nav). */
export function SiteHeader({ site, children }: { site: SiteInfo; children?: ReactNode }) {
  // Runs only once hydrated: from then on taps switch sections and open popups instead of
  // following the plain links (tests wait for this mark).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <header className="site-header">
      {/* _top: inside the official site's policy frame, the brand leaves the frame. */}
      <a className="site-brand" href={webRoutes.officialSite} target="_top">
        {site.logoUrl ? (
          <img className="site-logo" src={site.logoUrl} alt={site.brandName} />
        ) : (
          site.brandName
        )}
      </a>
      {children}
    </header>
  );
}

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
      <SiteHeader site={site} />
      <main className="site-main">
        <h1>{title}</h1>
        <p className="site-summary">{summary}</p>
        {children}
      </main>
      <SiteFooter site={site} />
    </div>
  );
}
