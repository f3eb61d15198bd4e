import { messages, sameOriginPath } from '@kwarta/contract';
import { formatMoney } from '@kwarta/domain/money';
import { Page } from '../../components/page.tsx';
import { copyWithToast } from '../../lib/clipboard.ts';
import { queryParam } from '../../lib/session-query.ts';
import './repayment-of-code.css';
import { pageMoney } from '../../lib/page-money.ts';

/** An image address we show: our own path or https (the query is the borrower's to edit). */
function imageSource(value: string | null): string {
  if (!value) return '';
  return sameOriginPath(value) !== null || value.startsWith('https://') ? value : '';
}

/** /repaymentOfCode (spec §2): showType 1 a copyable code and the channel image, else a QR code and scan tips. */
export function RepaymentOfCodePage() {
  const money = pageMoney();
  const showType = queryParam('showType');
  const payCode = queryParam('payCode') ?? '';
  const image = imageSource(queryParam('payCodeImg'));
  const amount = Number(queryParam('repayAmount') ?? '');
  const hasAmount = Number.isSafeInteger(amount) && amount >= 0 && queryParam('repayAmount') !== '';

  return (
    <Page title={messages.repayCodeTitle}>
      <section className="card code-card" aria-labelledby="code-amount-label">
        <p id="code-amount-label" className="code-card__label">
          {messages.repayCodeAmount}
        </p>
        <p className="code-card__amount">{hasAmount ? formatMoney(amount, money) : '—'}</p>
      </section>
      {showType === '1' ? (
        <section className="card code-card" aria-labelledby="code-title">
          {image && <img className="code-card__channel" src={image} alt="" width="64" height="64" />}
          <h2 id="code-title">{messages.repayPayCode}</h2>
          <p className="code-card__code">{payCode}</p>
          <button type="button" className="button button-block" onClick={() => void copyWithToast(payCode)}>
            {messages.repayCopy}
          </button>
        </section>
      ) : (
        <section className="card code-card" aria-labelledby="code-title">
          <h2 id="code-title">{messages.repayCodeTitle}</h2>
          {image && (
            <img
              className="code-card__qr"
              src={image}
              alt={`${messages.repayCodeTitle} ${payCode}`}
              width="220"
              height="220"
            />
          )}
          <ul className="code-card__tips">
            <li>{messages.repayScanTips}</li>
            <li>{messages.repayScanTipsSave}</li>
          </ul>
        </section>
      )}
    </Page>
  );
}
