import { useMemo } from 'react';
import { isDelayRepaymentCode, messages, preloadKey, routes } from '@kwarta/contract';
import { formatMoney } from '@kwarta/domain/money';
import { Page } from '../../components/page.tsx';
import { copyWithToast } from '../../lib/clipboard.ts';
import { readRepaymentInfo, type SavedRepaymentInfo } from './repayment-info-store.ts';
import type { DataOf } from '../../lib/api-client.ts';
import { useHydrated, usePreloaded } from '../../lib/preloaded-data.ts';
import { currentSearch, queryParam } from '../../lib/session-query.ts';
import './repayment-of-code.css';
import { pageMoney } from '../../lib/page-money.ts';

/**
 * The repayment info of the order the page was opened for, when the server rendered it with the
 * repayment page's own call (a link from /repay or /repayDelay names the order): the same card
 * and total that page saves, so both ways show the same.
 */
function useServerRepaymentInfo(): SavedRepaymentInfo | null {
  const params = { productId: queryParam('productId') ?? '', orderId: queryParam('orderId') ?? '' };
  const instalment = usePreloaded<DataOf<typeof routes.loanPlayDetail>>(
    preloadKey(routes.loanPlayDetail, params),
  );
  const delay = usePreloaded<DataOf<typeof routes.emphasisMiles>>(preloadKey(routes.emphasisMiles, params));
  if (isDelayRepaymentCode(new URLSearchParams(currentSearch()))) {
    return delay ? { total: delay.delayInfo.delayAmount, defDetail: delay.defDetail } : null;
  }
  return instalment ? { total: instalment.repayAmount, defDetail: instalment.defDetail } : null;
}

/**
 * /repaymentOfCode2 (spec §2): the repayment info a repayment page saved in local storage, or,
 * opened for an order, that order's own (rendered with the HTML).
 */
export function RepaymentOfCode2Page() {
  const money = pageMoney();
  const fromServer = useServerRepaymentInfo();
  // Local storage exists only in the browser: without the server's info, the server (and
  // hydration) render the frame.
  const hydrated = useHydrated();
  const saved: SavedRepaymentInfo | null | undefined = useMemo(
    () => (fromServer || !hydrated ? undefined : readRepaymentInfo()),
    [fromServer, hydrated],
  );
  const info = fromServer ?? saved;
  const card = info?.defDetail;

  return (
    <Page title={messages.repayCodeTitle}>
      {info === undefined && <div className="card skeleton code-skeleton" aria-busy="true" />}
      {info === null && (
        <p className="card" role="status">
          {messages.repayCode2Missing}
        </p>
      )}
      {info && (
        <>
          <p className="code-note" role="note">
            {messages.repayCode2Keep}
          </p>
          <section className="card code-card" aria-labelledby="code2-contract">
            {card?.logo && (
              <img className="code-card__channel" src={card.logo} alt="" width="64" height="64" />
            )}
            <h2 id="code2-contract">{messages.repayCode2Contract}</h2>
            <p className="code-card__code">{card?.payCode ?? '—'}</p>
            {card && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => void copyWithToast(card.payCode)}
              >
                {messages.repayCopy}
              </button>
            )}
            <p className="code-card__label">{messages.repayCode2Total}</p>
            <p className="code-card__amount">{formatMoney(info.total, money)}</p>
          </section>
          {card &&
            Object.entries(card.payNotice).map(([group, items]) => (
              <section key={group} className="card code-steps" aria-label={group}>
                <h2>{group}</h2>
                {items.map((item) => (
                  <div key={item.name}>
                    <h3>{item.name}</h3>
                    <ol>
                      {item.steps.map((step) => (
                        <li key={step}>{step}</li>
                      ))}
                    </ol>
                  </div>
                ))}
              </section>
            ))}
        </>
      )}
    </Page>
  );
}
