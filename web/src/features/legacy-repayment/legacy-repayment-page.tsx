import { useEffect, useState } from 'react';
import { LegacyRepaymentRules, Limits, fillMessage, messages, webRoutes } from '@kwarta/contract';
// The module, not the package index: the index carries zod (loan-rules), which phones need not load.
import { formatMoney } from '@kwarta/domain/money';
import { Dialog } from '../../components/dialog.tsx';
import { Page } from '../../components/page.tsx';
import { showToast } from '../../components/toast.tsx';
import { pageUrl, queryParam, withSessionQuery } from '../../lib/session-query.ts';
import { useCountdown } from '../../lib/use-countdown.ts';
import {
  commitRepayment,
  confirmRepayment,
  onlineRepayment,
  useRepaymentWay,
} from './api/legacy-repayment-calls.ts';
import './legacy-repayment.css';
import { pageMoney } from '../../lib/page-money.ts';

/**
 * /carpmm (spec §4 "Legacy repayment", §5 legacy pay): the bound accounts (none chosen at first),
 * Pay → repayment-commit → the SMS dialog with its 60 s resend countdown (Cancel resets it) →
 * repayment-confirm → order details. The amount shown is the server's, not the link's.
 */
export function LegacyRepaymentPage() {
  const money = pageMoney();
  const orderId = queryParam('orderId') ?? '';
  const requestType = queryParam('requestType');
  const way = useRepaymentWay(orderId, queryParam('amount'));
  const data = way.data;
  const [chosen, setChosen] = useState<number>(LegacyRepaymentRules.noCardIndex);
  // The repayment this page committed (its token names one): Pay with the same card reopens its
  // dialog instead of committing again, which the server would refuse (800005).
  const [committed, setCommitted] = useState<{ recordId: number; cardId: number } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const countdown = useCountdown();

  // A lender without a card provider says so on the page (it is an answer, not a failure to retry).
  const notOffered = way.status === 'error' && way.result.message === messages.legacyCardNotOffered;
  useEffect(() => {
    if (way.status === 'error' && !notOffered) showToast(messages.legacyCardListFailed);
  }, [way.status, notOffered]);

  if (requestType !== null && requestType !== LegacyRepaymentRules.requestType) {
    return (
      <Page title={messages.legacyTitle}>
        <p className="card">{messages.legacyUnknownRequestType}</p>
      </Page>
    );
  }

  const card = data && chosen >= 0 ? data.bankCards[chosen] : undefined;

  async function commit(sendMsg: '0' | '1') {
    if (!data || !card || busy) return;
    setBusy(true);
    const result = await commitRepayment({
      orderId: String(orderId),
      repayToken: data.repayToken,
      cardId: card.id,
      amount: data.amount,
      sendMsg,
      bankName: card.bankName,
      cardNo: card.cardNo,
      bankCode: card.bankCode,
    });
    setBusy(false);
    if (!result.success || !result.data) return;
    setCommitted({ recordId: result.data.repayRecordId, cardId: card.id });
    if (result.data.needValid !== 1) {
      goToOrder();
      return;
    }
    showToast(messages.smsSent);
    countdown.start();
    setDialogOpen(true);
  }

  function pay() {
    if (!card) {
      showToast(messages.legacyChooseCard);
      return;
    }
    if (committed?.cardId === card.id) setDialogOpen(true);
    else void commit('0');
  }

  function cancel() {
    setDialogOpen(false);
    setCode('');
    countdown.reset();
  }

  async function confirm() {
    if (busy || !committed) return;
    if (code.trim().length < Limits.legacySmsCodeMinLength) {
      showToast(messages.legacySmsCodeInvalid);
      return;
    }
    setBusy(true);
    const result = await confirmRepayment({
      orderId,
      verifyCode: code.trim(),
      repaymentRecordId: committed.recordId,
    });
    setBusy(false);
    if (!result.success || !result.data) return;
    setDialogOpen(false);
    window.location.assign(withSessionQuery(result.data.url));
  }

  function goToOrder() {
    window.location.assign(
      pageUrl(webRoutes.orderDetails, { productId: queryParam('productId') ?? undefined, orderId }),
    );
  }

  async function payOnline() {
    if (!data || busy) return;
    const result = await onlineRepayment({ userId: data.userId, orderId, amount: data.amount });
    if (!result.success || !result.data) return;
    const url = result.data.url;
    window.location.assign(url.startsWith('/') ? withSessionQuery(url) : url);
  }

  return (
    <Page title={messages.legacyTitle}>
      {way.status === 'loading' && <div className="card skeleton legacy-skeleton" aria-busy="true" />}
      {notOffered && (
        <section className="card legacy-not-offered">
          <p>{messages.legacyCardNotOffered}</p>
          <button type="button" className="button button-block" onClick={goToOrder}>
            {messages.legacyGoToOrder}
          </button>
        </section>
      )}
      {way.status === 'error' && !notOffered && (
        <button type="button" className="button button-secondary" onClick={way.reload}>
          {messages.complaintTryAgain}
        </button>
      )}
      {data && (
        <>
          <section className="card legacy-amount" aria-labelledby="legacy-amount-label">
            <span id="legacy-amount-label" className="muted">
              {messages.legacyAmount}
            </span>
            <strong>{formatMoney(data.amount, money)}</strong>
            <span className="muted legacy-order-no">
              {messages.legacyOrderNo} {data.orderNo}
            </span>
          </section>

          <fieldset className="card legacy-cards">
            <legend>{messages.legacyChooseCardTitle}</legend>
            {data.bankCards.length === 0 && <p className="muted">{messages.legacyNoCards}</p>}
            {data.bankCards.map((bankCard, index) => (
              <label key={bankCard.id} className="legacy-card">
                <input
                  type="radio"
                  name="legacy-card"
                  value={bankCard.id}
                  checked={chosen === index}
                  onChange={() => setChosen(index)}
                />
                <span className="legacy-card__name">{bankCard.bankName}</span>
                <span className="legacy-card__no">{bankCard.cardNo}</span>
              </label>
            ))}
            <a
              className="legacy-bind"
              href={pageUrl(webRoutes.bindBank, {
                productId: queryParam('productId') ?? undefined,
                orderId,
                source: 'loanDetail',
              })}
            >
              {messages.legacyBindCard}
            </a>
          </fieldset>

          <div className="legacy-actions">
            <button type="button" className="button button-block" disabled={busy} onClick={pay}>
              {messages.legacyPay}
            </button>
            {data.alipay === 1 && (
              <button type="button" className="button button-secondary button-block" onClick={payOnline}>
                {messages.legacyOnline}
              </button>
            )}
          </div>

          <Dialog
            open={dialogOpen}
            onClose={cancel}
            title={messages.legacySmsTitle}
            className="legacy-sms"
            actions={[
              { label: messages.legacySmsCancel, onClick: cancel },
              { label: messages.legacySmsConfirm, onClick: confirm, primary: true, disabled: busy },
            ]}
          >
            <p>{fillMessage(messages.legacySmsNotice, { amount: formatMoney(data.amount, money) })}</p>
            <div className="field legacy-sms__field">
              <label htmlFor="legacy-sms-code">{messages.legacySmsCode}</label>
              <div className="legacy-sms__row">
                <input
                  id="legacy-sms-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={Limits.smsCodeLength}
                  value={code}
                  data-autofocus=""
                  onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
                />
                <button
                  type="button"
                  className="button button-secondary legacy-sms__resend"
                  disabled={countdown.running || busy}
                  onClick={() => void commit('1')}
                >
                  {countdown.running
                    ? fillMessage(messages.legacySmsResendIn, { seconds: countdown.left })
                    : messages.legacySmsResend}
                </button>
              </div>
            </div>
          </Dialog>
        </>
      )}
    </Page>
  );
}
