import { messages } from '@kwarta/contract/messages';
import { aboutUsDocument } from '@kwarta/contract/site/about-us';
import type { SiteInfo } from '@kwarta/contract/site/site-info';
import { telHref } from './tel-href.ts';
import { SiteDocumentView } from './site-document-view.tsx';
import { StaticPageFrame } from './static-page-frame.tsx';

/** /About (spec §2): mission, advantages, team, contact and the customer-service email. */
export function AboutPage({ site }: { site: SiteInfo }) {
  const document = aboutUsDocument(site);
  return (
    <StaticPageFrame site={site} title={document.title} summary={document.summary}>
      <SiteDocumentView document={document} />
      <section className="doc-section">
        <h2>{messages.siteAboutContact}</h2>
        <p>
          {site.companyName}, {site.companyAddress}
        </p>
        <p>
          {messages.siteFooterPhone}: <a href={telHref(site.phone)}>{site.phone}</a>
        </p>
        <p>
          {messages.siteAboutServiceEmail}: <a href={`mailto:${site.email}`}>{site.email}</a>
        </p>
      </section>
    </StaticPageFrame>
  );
}
