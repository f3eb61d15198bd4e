import { loanTermsDocument } from '@kwarta/contract/site/loan-terms';
import type { SiteInfo } from '@kwarta/contract/site/site-info';
import { SiteDocumentView } from './site-document-view.tsx';
import { StaticPageFrame } from './static-page-frame.tsx';

/** /Loan (spec §2, figures of §9 from the lender's loan rules). */
export function LoanTermsPage({ site }: { site: SiteInfo }) {
  const document = loanTermsDocument(site);
  return (
    <StaticPageFrame site={site} title={document.title} summary={document.summary}>
      <SiteDocumentView document={document} />
    </StaticPageFrame>
  );
}
