import { messages } from '@kwarta/contract/messages';
import type { SiteInfo } from '@kwarta/contract/site/site-info';
import { telHref } from './tel-href.ts';

/** Spec §2: the official site's footer — phone, email, address, company name, copyright (all configuration). */
export function SiteFooter({ site }: { site: SiteInfo }) {
  return (
    <footer className="site-footer">
      <p className="site-footer-company">{site.companyName}</p>
      <dl>
        <div>
          <dt>{messages.siteFooterPhone}</dt>
          <dd>
            <a href={telHref(site.phone)}>{site.phone}</a>
          </dd>
        </div>
        <div>
          <dt>{messages.siteFooterEmail}</dt>
          <dd>
            <a href={`mailto:${site.email}`}>{site.email}</a>
          </dd>
        </div>
        <div>
          <dt>{messages.siteFooterAddress}</dt>
          <dd>{site.companyAddress}</dd>
        </div>
      </dl>
      <p className="site-footer-small">{site.companyRegistration}</p>
      <p className="site-footer-small">{site.copyright}</p>
    </footer>
  );
}
