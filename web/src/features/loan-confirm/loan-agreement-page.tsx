import { messages, routes } from '@kwarta/contract';
import { Page } from '../../components/page.tsx';
import { queryParam } from '../../lib/session-query.ts';
import { useApiQuery } from '../../lib/use-api.ts';
import { callApi } from '../../lib/borrower-api.ts';
import { AgreementDocument } from './agreement-document.tsx';
import './loan-confirm.css';

/**
 * /loanAgreement?productId=…&position=…[&orderId=…][&amount=…&term=…]: one agreement, read-only,
 * from the real terms of an order or of the offer asked.
 */
export function LoanAgreementPage() {
  const params = {
    productId: queryParam('productId') ?? '',
    position: queryParam('position') ?? undefined,
    orderId: queryParam('orderId') ?? undefined,
    amount: queryParam('amount') ?? undefined,
    term: queryParam('term') ?? undefined,
  };
  const document = useApiQuery(callApi, routes.agreementDocument, params);
  const data = document.data;
  return (
    <Page title={data?.title ?? messages.agreementLoanTitle}>
      {document.status === 'loading' && <div className="card skeleton loan-skeleton" aria-busy="true" />}
      {data && <AgreementDocument data={data} />}
    </Page>
  );
}
