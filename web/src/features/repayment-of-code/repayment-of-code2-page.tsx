import { useMemo } from 'react';
import { messages } from '@kwarta/contract';
import { formatMoney } from '@kwarta/domain/money';
import { Page } from '../../components/page.tsx';
import { copyWithToast } from '../../lib/clipboard.ts';
import { readRepaymentInfo, type SavedRepaymentInfo } from '../../lib/repayment-info-store.ts';
import { readRuntimeMarket } from '../../lib/runtime-env.ts';
import { useHydrated } from '../../lib/preloaded-data.ts';
import { queryParam } from '../../lib/session-query.ts';
import './repayment-of-code.css';

const money = readRuntimeMarket().money;

/** /repaymentOfCode2 (spec §2): the repayment info a repayment page saved in local storage. */
export function RepaymentOfCode2Page() {
  // Local storage exists only in the browser: the server (and hydration) render the frame.
  const hydrated = useHydrated();
  const info: SavedRepaymentInfo | null | undefined = useMemo(
    () => (hydrated ? readRepaymentInfo() : undefined),
    [hydrated],
  );
  const system = queryParam('system') ?? undefined;
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
            <p className="code-card__amount">{formatMoney(info.total, money, system)}</p>
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
