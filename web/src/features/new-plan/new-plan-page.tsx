import { useState } from 'react';
import { fillMessage, messages, newPlanRoutes, webRoutes } from '@kwarta/contract';
import { formatMoney } from '@kwarta/domain/money';
import { Page } from '../../components/page.tsx';
import { LoadState } from '../../components/load-state.tsx';
import { showToast } from '../../components/toast.tsx';
import { callApi } from '../../lib/borrower-api.ts';
import { pageMoney } from '../../lib/page-money.ts';
import { pageUrl, queryParam } from '../../lib/session-query.ts';
import { useApiQuery } from '../../lib/use-api.ts';
import './new-plan.css';

/**
 * /newPlan?productId=…&orderId=…: a new plan the lender offers for the borrower's loan, as a
 * disclosure (decision 0110): what they owe now, each new instalment's date and amount, the total
 * cost, what changes, and Accept. Rendered on the server with newPlanOffer (pageLoads). A second
 * tap answers the first (the server accepts once); accepted, the order page shows the new plan.
 */
export function NewPlanPage() {
  const productId = queryParam('productId') ?? '';
  const orderId = queryParam('orderId') ?? '';
  const offer = useApiQuery(callApi, newPlanRoutes.newPlanOffer, { productId, orderId });
  const [busy, setBusy] = useState(false);
  const money = pageMoney();
  const plan = offer.data?.offer ?? null;
  const orderUrl = pageUrl(webRoutes.orderDetails, { productId, orderId });

  async function accept() {
    if (!plan) return;
    setBusy(true);
    const result = await callApi(newPlanRoutes.newPlanAccept, { restructuringId: plan.id });
    setBusy(false);
    if (!result.success) return;
    showToast(messages.newPlanAccepted);
    window.location.assign(orderUrl);
  }

  return (
    <Page title={messages.newPlanTitle}>
      <LoadState status={offer.status} reload={offer.reload} />
      {offer.data && !plan && (
        <section className="card new-plan">
          <p>{messages.newPlanNone}</p>
          <a className="button button-block" href={orderUrl}>
            {messages.newPlanBackToOrder}
          </a>
        </section>
      )}
      {plan && (
        <>
          <p className="card new-plan-intro">{messages.newPlanIntro}</p>
          <section className="card new-plan" aria-labelledby="new-plan-now">
            <h2 id="new-plan-now">{messages.newPlanNowTitle}</h2>
            <p>
              {fillMessage(messages.newPlanNow, {
                amount: formatMoney(plan.owedNow, money),
                count: plan.instalmentsLeft,
                date: plan.nextDueDate ?? '—',
              })}
            </p>
          </section>
          <section className="card new-plan" aria-labelledby="new-plan-schedule">
            <h2 id="new-plan-schedule">{messages.newPlanScheduleTitle}</h2>
            <ol className="new-plan-lines">
              {plan.instalments.map((line, index) => (
                <li key={line.dueDate}>
                  {/* Two units that never break inside: "Instalment 1 ·" and "Due <date>", so a
                      narrow line wraps between them and the next never starts with the dot. */}
                  <span>
                    <span className="new-plan-unit">
                      {fillMessage(messages.newPlanInstalment, { seq: index + 1 })}
                      <span className="muted">{'\u00a0·'}</span>
                    </span>{' '}
                    <span className="muted new-plan-unit">
                      {fillMessage(messages.newPlanDue, { date: line.dueDate })}
                    </span>
                  </span>
                  <strong>{formatMoney(line.amount, money)}</strong>
                </li>
              ))}
            </ol>
            <dl className="new-plan-totals">
              <div>
                <dt>{messages.newPlanPrincipal}</dt>
                <dd>{formatMoney(plan.principalOwed, money)}</dd>
              </div>
              <div>
                <dt>{messages.newPlanInterest}</dt>
                <dd>{formatMoney(plan.interest, money)}</dd>
              </div>
              <div>
                <dt>{messages.newPlanTotal}</dt>
                <dd>
                  <strong>{formatMoney(plan.total, money)}</strong>
                </dd>
              </div>
            </dl>
          </section>
          <section className="card new-plan" aria-labelledby="new-plan-changes">
            <h2 id="new-plan-changes">{messages.newPlanChangesTitle}</h2>
            <p>{fillMessage(messages.newPlanChanges, { count: plan.instalments.length })}</p>
          </section>
          <button type="button" className="button button-block" disabled={busy} onClick={() => void accept()}>
            {messages.newPlanAccept}
          </button>
        </>
      )}
    </Page>
  );
}
