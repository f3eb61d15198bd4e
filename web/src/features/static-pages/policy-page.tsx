import { privacyPolicyDocument } from '@kwarta/contract/site/privacy-policy';
import type { SiteInfo } from '@kwarta/contract/site/site-info';
import { SiteDocumentView } from './site-document-view.tsx';
import { StaticPageFrame } from './static-page-frame.tsx';

/** /Policy (spec §2): the privacy policy; the official site frames it in its Policy section. */
export function PolicyPage({ site }: { site: SiteInfo }) {
  const document = privacyPolicyDocument(site);
  return (
    <StaticPageFrame site={site} title={document.title} summary={document.summary}>
      <SiteDocumentView document={document} />
    </StaticPageFrame>
  );
}
