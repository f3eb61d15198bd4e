import { messages } from '@kwarta/contract/messages';
import { aboutUsDocument } from '@kwarta/contract/site/about-us';
import type { SiteInfo } from '@kwarta/contract/site/site-info';
import { DocumentPage } from './document-page.tsx';
import { telHref } from './tel-href.ts';

/** /About (spec §2): mission, advantages, team, contact and the customer-service email. */
export function AboutPage({ site }: { site: SiteInfo }) {
  return (
    <DocumentPage site={site} document={aboutUsDocument(site)}>
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
    </DocumentPage>
  );
}
