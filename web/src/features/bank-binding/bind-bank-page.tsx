import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Limits, messages, webRoutes } from '@kwarta/contract';
import { Page } from '../../components/page.tsx';
import { closeWebView, endBankFlow, startBankFlow } from '../../lib/bridge.ts';
import { pageUrl, queryParam } from '../../lib/session-query.ts';
import { LoadState } from '../../components/load-state.tsx';
import { bindCard } from './api/bind-card.ts';
import { useCardInit } from './api/card-init.ts';
import { BankField } from './bank-field.tsx';
import { filledFields, itemValue, shownItems, type BankValues } from './bank-form.ts';
import { useKeyboardOpen } from './use-keyboard-open.ts';
import './bind-bank.css';

/** Where the page was opened from: order details sends the borrower back there (spec §7). */
const LOAN_DETAIL_SOURCE = 'loanDetail';

/**
 * Spec §2 "Bank binding": the server's form (card-init), the items of the chosen card type and
 * channel, and Next, hidden while the on-screen keyboard is up. A binding closes the web view,
 * or returns to order details when the page came from there.
 */
export function BindBankPage() {
  const productId = queryParam('productId') ?? '';
  const init = useCardInit(productId);
  const [values, setValues] = useState<BankValues>({});
  const [sending, setSending] = useState(false);
  const keyboardOpen = useKeyboardOpen(Limits.keyboardThresholdPx);
  const items = init.data?.items ?? [];
  const bound = useRef(false);

  // The shell hears when the bank flow starts and how it ends (docs/bridge.md): saved, or left.
  useEffect(() => {
    const flow = productId ? { productId } : {};
    startBankFlow(flow);
    const leave = () => {
      if (!bound.current) endBankFlow({ ...flow, bound: false });
    };
    window.addEventListener('pagehide', leave);
    return () => window.removeEventListener('pagehide', leave);
  }, [productId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    const result = await bindCard({ product_id: productId, ...filledFields(items, values) });
    setSending(false);
    if (!result.success) return;
    bound.current = true;
    endBankFlow({ ...(productId ? { productId } : {}), bound: true });
    if (queryParam('source') === LOAN_DETAIL_SOURCE) {
      window.location.assign(
        // The order page needs its product as well as its order (loan-details), or it shows nothing.
        pageUrl(webRoutes.orderDetails, {
          productId,
          orderId: queryParam('orderId') ?? undefined,
          source: LOAN_DETAIL_SOURCE,
        }),
      );
    } else {
      closeWebView();
    }
  }

  return (
    <Page title={messages.bankPageTitle}>
      <LoadState status={init.status} reload={init.reload} />
      {init.data && (
        <form className="bank-form" onSubmit={submit} noValidate>
          {init.data.current && (
            <p className="card bank-current">
              <span className="muted">{messages.bankCurrentAccount}</span>{' '}
              <span>
                {init.data.current.label} {init.data.current.maskedAccount}
              </span>
            </p>
          )}
          <div className="card bank-fields">
            {shownItems(items, values).map((item) => (
              <BankField
                key={item.code}
                item={item}
                value={itemValue(item, values)}
                onChange={(value) => setValues((previous) => ({ ...previous, [item.code]: value }))}
              />
            ))}
          </div>
          {!keyboardOpen && (
            <div className="bank-next">
              <button type="submit" className="button button-block" disabled={sending}>
                {messages.bankNext}
              </button>
            </div>
          )}
        </form>
      )}
    </Page>
  );
}
