import type { ReactNode } from 'react';
import type { SiteDocument } from '@kwarta/contract/site/document';
import type { SiteInfo } from '@kwarta/contract/site/site-info';
import { SiteDocumentView } from './site-document-view.tsx';
import { StaticPageFrame } from './static-page-frame.tsx';

/**
 * A static page that is one document of the contract: /Policy (privacy policy), /Loan (loan terms,
 * figures from the lender's loan rules), and /About (with its contact block as `children`).
 */
export function DocumentPage({
  site,
  document,
  children,
}: {
  site: SiteInfo;
  document: SiteDocument;
  children?: ReactNode;
}) {
  return (
    <StaticPageFrame site={site} title={document.title} summary={document.summary}>
      <SiteDocumentView document={document} />
      {children}
    </StaticPageFrame>
  );
}
