import { useEffect, useId, useState } from 'react';
import { Limits, messages, webRoutes, type routes } from '@kwarta/contract';
import { formatMoney } from '@kwarta/domain/money';
import { BottomSheet } from '../../components/bottom-sheet.tsx';
import { Page } from '../../components/page.tsx';
import type { DataOf } from '../../lib/api-client.ts';
import { copyWithToast } from '../../lib/clipboard.ts';
import { saveRepaymentInfo } from './repayment-info-store.ts';
import { pageUrl } from '../../lib/session-query.ts';
import { generateVcode } from './api/repay-calls.ts';
import './repay.css';
import { pageMoney } from '../../lib/page-money.ts';

type RepaymentInfo = DataOf<typeof routes.loanPlayDetail>;

/** Spec §9: the details list shows two lines until expanded. */
const COLLAPSED_LINES = Limits.detailLinesCollapsed;

export interface RepayViewProps {
  title: string;
  data: RepaymentInfo | null;
  loading: boolean;
  /** What Pay charges: repayAmount, or the delay amount. */
  amount: number;
  amountLabel: string;
  dateLabel: string;
  /** Extra summary lines (the extension's days). */
  extraLines?: { text: string; value: string }[];
  /** The delay page's plan list. */
  showPlan?: boolean;
  isDelay?: boolean;
  /** Why Pay is not offered ('' when it is). */
  blockedMessage: string;
  /** The card repayment of this order (/carpmm), where it is offered. */
  cardRepayUrl?: string | undefined;
}

/** Spec §2 "Instalment repayment page" and "Delay (extension) repayment page": one layout. */
export function RepayView(props: RepayViewProps) {
  const money = pageMoney();
  const { data, amount, isDelay } = props;
  const blocked = props.blockedMessage !== '';
  const [expanded, setExpanded] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [channel, setChannel] = useState('');
  const [paying, setPaying] = useState(false);
  const detailsId = useId();

  // What /repaymentOfCode2 reads back (spec §2): the card and the total of this page.
  useEffect(() => {
    if (data) saveRepaymentInfo({ total: amount, defDetail: data.defDetail });
  }, [data, amount]);

  function openSheet() {
    if (!data) return;
    // Spec §4: the first channel is selected by default.
    setChannel((current) => current || data.repayList[0]?.channel_number || '');
    setSheetOpen(true);
  }

  async function pay() {
    if (!data || !channel || paying) return;
    setPaying(true);
    const result = await generateVcode({
      productId: String(data.productId),
      orderId: String(data.orderId),
      amount,
      channelNumber: channel,
      ...(isDelay ? { isDelay: '1' as const } : {}),
    });
    setPaying(false);
    // Spec §8: nothing visible on failure.
    if (result.success && result.data) window.location.assign(result.data.payUrl);
  }

  const lines = data ? (expanded ? data.detail : data.detail.slice(0, COLLAPSED_LINES)) : [];
  // Names the order, so the instructions page comes with its content (and reads the same info).
  const codeInstructionsUrl = pageUrl(webRoutes.repaymentOfCode2, {
    productId: data?.productId,
    orderId: data?.orderId,
    isDelay: isDelay ? 1 : undefined,
  });
  const card = data?.defDetail;
  const codeUrl = card
    ? pageUrl(webRoutes.repaymentOfCode, {
        showType: card.showType,
        payCode: card.payCode,
        payCodeImg:
          card.showType === 1 ? card.logo : `/payments/qr.svg?code=${encodeURIComponent(card.payCode)}`,
        repayAmount: card.amount,
      })
    : '';

  return (
    <Page title={props.title}>
      {props.loading && <div className="card skeleton repay-skeleton" aria-busy="true" />}
      {data && (
        <>
          {data.isShowReyTop === 1 && data.noticeMsg && !blocked && (
            <p className="repay-notice" role="note">
              {data.noticeMsg}
            </p>
          )}
          {/* Nothing to pay here (an extension the product does not allow, a loan already paid):
              the reason comes first, and no zero amount, plan or pay code beside it. */}
          {blocked ? (
            <p className="card repay-blocked" role="status">
              {props.blockedMessage}
            </p>
          ) : (
            <section className="card repay-summary" aria-labelledby="repay-amount-label">
              <p id="repay-amount-label" className="repay-summary__label">
                {props.amountLabel}
              </p>
              <p className="repay-summary__amount">{formatMoney(amount, money)}</p>
              <dl className="repay-lines">
                <div className="repay-line">
                  <dt>{props.dateLabel}</dt>
                  <dd>{data.repayDate}</dd>
                </div>
                {props.extraLines?.map((line) => (
                  <div key={line.text} className="repay-line">
                    <dt>{line.text}</dt>
                    <dd>{line.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}

          <section className="card" aria-label={data.productName}>
            <div className="repay-product">
              <img src={data.productLogo} alt="" width="40" height="40" className="repay-product__logo" />
              <strong>{data.productName}</strong>
            </div>
            <dl id={detailsId} className="repay-lines">
              {lines.map((line) => (
                <div key={line.text} className="repay-line">
                  <dt>{line.text}</dt>
                  <dd>{line.value}</dd>
                </div>
              ))}
            </dl>
            {data.detail.length > COLLAPSED_LINES && (
              <button
                type="button"
                className="repay-more"
                aria-expanded={expanded}
                aria-controls={detailsId}
                onClick={() => setExpanded((open) => !open)}
              >
                {expanded ? messages.repayHide : messages.repayMore}
              </button>
            )}
          </section>

          {props.showPlan && !blocked && (
            <section className="card" aria-labelledby="repay-plan-title">
              <h2 id="repay-plan-title">{messages.repayPlan}</h2>
              <ol className="repay-plan">
                {data.repayPlan.map((entry) => (
                  <li key={entry.title} className="repay-line">
                    <span>
                      <strong>{entry.title}</strong>{' '}
                      <span className="muted repay-line__date">{entry.time}</span>
                    </span>
                    <span>{entry.remark}</span>
                  </li>
                ))}
              </ol>
            </section>
          )}

          {card && !blocked && (
            <section className="card repay-code" aria-labelledby="repay-code-title">
              <div className="repay-product">
                <img src={card.logo} alt="" width="40" height="40" className="repay-product__logo" />
                <h2 id="repay-code-title">{card.title}</h2>
              </div>
              <p className="repay-code__row">
                <span>
                  <span className="muted">{messages.repayPayCode} </span>
                  <strong className="repay-code__value">{card.payCode}</strong>
                </span>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => void copyWithToast(card.payCode)}
                >
                  {messages.repayCopy}
                </button>
              </p>
              <p className="repay-code__links">
                <a href={codeUrl}>{messages.repayShowCode}</a>
                <a href={codeInstructionsUrl}>{messages.repayInstructions}</a>
              </p>
            </section>
          )}

          {!blocked && (
            <div className="repay-footer">
              <button type="button" className="button button-block" onClick={openSheet}>
                {messages.repayPaymentMethod}
              </button>
              {props.cardRepayUrl && (
                <a className="repay-card-link" href={props.cardRepayUrl}>
                  {messages.repayWithCard}
                </a>
              )}
            </div>
          )}

          <BottomSheet
            open={sheetOpen}
            onClose={() => setSheetOpen(false)}
            title={messages.repayChooseChannel}
            closeLabel={messages.repayClose}
            actions={[
              {
                label: `${messages.repayPayNow} ${formatMoney(amount, money)}`,
                onClick: () => void pay(),
                primary: true,
                disabled: !channel || paying,
              },
            ]}
          >
            <fieldset className="repay-channels">
              <legend className="visually-hidden">{messages.repayChooseChannel}</legend>
              {data.repayList.map((option) => (
                <label key={option.channel_number} className="repay-channel">
                  <input
                    type="radio"
                    name="channel"
                    value={option.channel_number}
                    checked={channel === option.channel_number}
                    onChange={() => setChannel(option.channel_number)}
                  />
                  <img src={option.logo} alt="" width="32" height="32" />
                  <span>{option.name}</span>
                </label>
              ))}
            </fieldset>
          </BottomSheet>
        </>
      )}
    </Page>
  );
}
