import { fillMessage, messages, routes } from '@kwarta/contract';
import { Page } from '../../components/page.tsx';
import { queryParam } from '../../lib/session-query.ts';
import { useApiQuery } from '../../lib/use-api.ts';
import { callApi } from '../../lib/borrower-api.ts';
import './loan-confirm.css';

/** /loanAgreement?productId=…&position=…[&orderId=…]: one agreement, read-only, from the real terms. */
export function LoanAgreementPage() {
  const params = {
    productId: queryParam('productId') ?? '',
    position: queryParam('position') ?? '0',
    orderId: queryParam('orderId') ?? undefined,
  };
  const document = useApiQuery(callApi, routes.agreementDocument, params);
  const data = document.data;
  return (
    <Page title={data?.title ?? messages.agreementLoanTitle}>
      {document.status === 'loading' && <div className="card skeleton loan-skeleton" aria-busy="true" />}
      {data && (
        <article className="card loan-agreement">
          {data.sections.map((section) => (
            <section key={section.heading}>
              <h2>{section.heading}</h2>
              {section.lines.map((line, index) => (
                <p key={index}>{line}</p>
              ))}
            </section>
          ))}
          <p className="muted loan-note">
            {data.agreed
              ? fillMessage(messages.agreementAgreedOn, data.agreed)
              : `${data.version} · SHA-256 ${data.sha256}`}
          </p>
        </article>
      )}
    </Page>
  );
}
