import { LoanConfirmRules, messages, routes } from '@kwarta/contract';
import { Page } from '../../components/page.tsx';
import { queryParam } from '../../lib/session-query.ts';
import { useApiQuery } from '../../lib/use-api.ts';
import { callApi } from '../../lib/borrower-api.ts';
import { AgreementDocument } from './agreement-document.tsx';
import './loan-confirm.css';
import './disclosure.css';

/**
 * /disclosure?productId=…[&orderId=…][&amount=…&term=…]: the Truth in Lending disclosure
 * statement of an offer (the amount and term asked, or the product's offer) or of an order, as
 * the server rendered it, printable on A4 (D16).
 */
export function DisclosurePage() {
  const params = {
    productId: queryParam('productId') ?? '',
    position: String(LoanConfirmRules.agreementPositions.disclosureStatement),
    orderId: queryParam('orderId') ?? undefined,
    amount: queryParam('amount') ?? undefined,
    term: queryParam('term') ?? undefined,
  };
  const document = useApiQuery(callApi, routes.agreementDocument, params);
  const data = document.data;
  return (
    <Page title={data?.title ?? messages.agreementDisclosureTitle}>
      {document.status === 'loading' && <div className="card skeleton loan-skeleton" aria-busy="true" />}
      {data && (
        <div className="disclosure">
          <p className="disclosure-title">{data.title}</p>
          <AgreementDocument data={data} />
        </div>
      )}
    </Page>
  );
}
