import { useEffect, useRef, useState } from 'react';
import { fillMessage, messages } from '@kwarta/contract';
// The module, not the package index: the index carries zod (loan-rules), which phones need not load.
import { formatMoney } from '@kwarta/domain/money';
import { Checkbox } from '../../components/checkbox.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { Page } from '../../components/page.tsx';
import { closeWebView, confirmTrackPoint, onNativeBack } from '../../lib/bridge.ts';
import { queryParam, withSessionQuery } from '../../lib/session-query.ts';
import {
  jumpToContract,
  pushLoan,
  useConfirmation,
  useContracts,
  type LoanConfirmVariant,
} from './api/loan-confirm-calls.ts';
import './loan-confirm.css';
import { pageMoney } from '../../lib/page-money.ts';
import { readRuntimeMarket } from '../../lib/runtime-env.ts';

function newRequestId(): string {
  return crypto.randomUUID();
}

/**
 * Spec §2 "Loan confirmation page", both variants: the offer and its plan, the agreements of that
 * offer (each opened through contract-jump), the checkbox that enables Loan Now, the agreement
 * popup, the 'Point out' retention popup on the iOS back signal (isPopType 1 only) and, in
 * variant 2, the promo popup. A refusal (the offer cannot be loaded, Loan Now refused) is said on
 * the page, in both variants, until the borrower acts again: spec §8 has variant 1 say nothing,
 * which leaves a borrower tapping a button that does nothing (decision 0050).
 */
export function LoanConfirmView({ variant }: { variant: LoanConfirmVariant }) {
  const money = pageMoney();
  const productId = queryParam('productId') ?? '';
  const confirmation = useConfirmation(variant, productId);
  const contracts = useContracts(variant, productId);
  const [agreed, setAgreed] = useState<boolean>(readRuntimeMarket().agreementPreticked);
  const [agreementPopup, setAgreementPopup] = useState(true);
  const [retention, setRetention] = useState(false);
  const [promo, setPromo] = useState(variant === 'goya');
  const [sending, setSending] = useState(false);
  // The server's refusal of the last tap, said beside what was tapped.
  const [refusal, setRefusal] = useState('');
  // One id per confirmation shown: a double tap or a retry makes one order.
  const requestId = useRef<string | null>(null);

  const data = confirmation.data;
  const isPopType = data?.isPopType === 1;
  useEffect(() => {
    if (!isPopType) return;
    return onNativeBack(() => {
      setRetention(true);
      return true;
    });
  }, [isPopType]);

  // The documents of the offer shown, never of an order the query may name (decision 0050):
  // an order's documents belong on that order's page.
  async function openAgreement(position: number) {
    if (!data) return;
    setRefusal('');
    const result = await jumpToContract(variant, {
      productId,
      position,
      amount: data.amount,
      term: data.term,
    });
    if (result.success && result.data) window.location.assign(withSessionQuery(result.data.contract_url));
    else setRefusal(result.message);
  }

  async function loanNow() {
    if (!data || !agreed || sending) return;
    requestId.current ??= newRequestId();
    setSending(true);
    setRefusal('');
    const result = await pushLoan(variant, {
      productId,
      amount: data.amount,
      periods: data.periods,
      termUnit: data.termUnit,
      term: data.term,
      requestId: requestId.current,
    });
    setSending(false);
    if (!result.success || !result.data) {
      setRefusal(result.message);
      return;
    }
    // The app's analytics hear of the new order (docs/bridge.md, confirmTrackPoint).
    confirmTrackPoint({ event: 'loan_order_created', productId, orderId: String(result.data.orderId) });
    window.location.assign(withSessionQuery(result.data.lendDetailsUrl));
  }

  const agreements = contracts.data?.data ?? [];
  return (
    <Page title={messages.loanConfirmTitle}>
      {confirmation.status === 'loading' && <div className="card skeleton loan-skeleton" aria-busy="true" />}
      {confirmation.status === 'error' && (
        <p className="card loan-refusal" role="alert">
          {confirmation.error}
        </p>
      )}
      {data && (
        <>
          <section className="card loan-offer">
            <div className="loan-product">
              <img src={data.comProductLogo} alt="" width="40" height="40" />
              <h2>{data.comProductName}</h2>
            </div>
            <p className="loan-amount">
              <span className="muted">{messages.loanConfirmAmount}</span>
              <strong>{formatMoney(data.amount, money)}</strong>
            </p>
            <dl className="loan-lines">
              <div>
                <dt>{messages.loanConfirmTerm}</dt>
                <dd>{fillMessage(messages.loanConfirmTermDays, { days: data.term })}</dd>
              </div>
              <div>
                <dt>{messages.loanConfirmRate}</dt>
                <dd>{data.pRateDsc}</dd>
              </div>
              {data.details.map((line) => (
                <div key={line.text}>
                  <dt>{line.text}</dt>
                  <dd>{line.value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section className="card" aria-labelledby="loan-plan-title">
            <h2 id="loan-plan-title">{messages.loanConfirmPlan}</h2>
            <ol className="loan-plan">
              {data.repay_plans.map((line, index) => (
                <li key={index}>
                  <span>{fillMessage(messages.loanConfirmPlanPeriod, { period: index + 1 })}</span>
                  <span>{line.pay_time}</span>
                  <strong>{formatMoney(line.amount, money)}</strong>
                </li>
              ))}
            </ol>
            <p className="muted loan-note">{messages.loanDetailProvisionalDates}</p>
          </section>
          <div className="loan-footer">
            <Checkbox checked={agreed} onChange={setAgreed} className="loan-agree">
              {messages.loanConfirmAgreementPrefix}
            </Checkbox>
            <ul className="loan-agreements">
              {agreements.map((agreement, index) => (
                <li key={index}>
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => openAgreement((agreement as { id?: number }).id ?? index)}
                  >
                    {agreement.title}
                  </button>
                </li>
              ))}
            </ul>
            <button
              type="button"
              className="button button-block"
              disabled={!agreed || sending}
              onClick={loanNow}
            >
              {messages.loanConfirmLoanNow}
            </button>
            {refusal && (
              <p className="loan-refusal" role="alert">
                {refusal}
              </p>
            )}
          </div>

          <Dialog
            open={agreementPopup && data.popAgreementUrl !== ''}
            onClose={() => setAgreementPopup(false)}
            title={messages.loanConfirmAgreementPopupTitle}
            dismissible={false}
            className="loan-agreement-dialog"
            actions={[
              { label: messages.loanConfirmCancel, onClick: () => closeWebView() },
              { label: messages.loanConfirmAgree, primary: true, onClick: () => setAgreementPopup(false) },
            ]}
          >
            <iframe
              className="loan-agreement-frame"
              title={messages.loanConfirmAgreementPopupTitle}
              src={withSessionQuery(data.popAgreementUrl)}
            />
          </Dialog>

          <Dialog
            open={retention}
            onClose={() => setRetention(false)}
            title={data.popTitle}
            actions={[
              { label: messages.loanConfirmCancel, onClick: () => closeWebView() },
              {
                label: messages.loanConfirmAgree,
                primary: true,
                autoFocus: true,
                onClick: () => setRetention(false),
              },
            ]}
          >
            {data.popContent}
          </Dialog>

          {'NewPopMsg' in data && (
            <Dialog
              open={promo}
              onClose={() => setPromo(false)}
              ariaLabel={messages.loanConfirmTitle}
              closeLabel={messages.loanConfirmClose}
              actions={[{ label: data.NewButtonMsg, primary: true, onClick: () => setPromo(false) }]}
            >
              {data.NewPopMsg}
            </Dialog>
          )}
        </>
      )}
    </Page>
  );
}
