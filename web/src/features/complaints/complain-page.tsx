import { useState } from 'react';
import { ComplaintRules, messages, webRoutes } from '@kwarta/contract';
import { Page } from '../../components/page.tsx';
import { showToast } from '../../components/toast.tsx';
import { pageUrl, queryParam } from '../../lib/session-query.ts';
import { useProblemInit } from './api/get-problem-init.ts';
import { rememberComplaintOrder } from './complaint-draft.ts';
import { OrderCard, type OrderCardData } from './order-card.tsx';
import { LoadState } from '../../components/load-state.tsx';
import './complaints.css';

/**
 * Spec §2 "Complaint home": the order the complaint is about (All picks another), the question
 * types, and for the collection type its sub-types — allowed only when the order's isShow is 1.
 */
export function ComplainPage() {
  const init = useProblemInit(queryParam('orderId'));
  // The card shows the server's choice until the borrower picks another order.
  const [picked, setPicked] = useState<OrderCardData | null>(null);
  const order = picked ?? init.data?.orderDetail ?? null;
  const [picking, setPicking] = useState(false);
  const [subTypesOpen, setSubTypesOpen] = useState(false);

  function choose(problemType: number, problemSonType?: number) {
    const orderNo = order?.orderNo ?? '';
    rememberComplaintOrder(orderNo);
    window.location.assign(
      // orderId too: after sending, the complaint home opens on the same order again.
      pageUrl(webRoutes.complainPageNext, {
        problemType,
        problemSonType: problemSonType ?? '',
        orderNo,
        orderId: order?.orderId,
      }),
    );
  }

  function chooseType(value: number) {
    if (value !== ComplaintRules.collectionProblemType) return choose(value);
    if (order?.isShow !== 1) {
      showToast(messages.collectionTypeRefused);
      return;
    }
    setSubTypesOpen((open) => !open);
  }

  function pickOrder(next: OrderCardData) {
    setPicked(next);
    setPicking(false);
    // The collection sub-types belong to the order they were opened for.
    setSubTypesOpen(false);
  }

  const listLink = (
    <a className="icon-link" href={pageUrl(webRoutes.complaintList)} aria-label={messages.complaintOpenList}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path
          d="M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
    </a>
  );

  return (
    <Page title={messages.complaintHomeTitle} action={listLink}>
      <LoadState status={init.status} reload={init.reload} />
      {init.status === 'success' && (
        <>
          <section className="card" aria-label={messages.complaintChooseOrder}>
            {order ? (
              <OrderCard
                order={order}
                action={
                  init.data.orderList.length > 1 && (
                    <button
                      type="button"
                      className="chip-button"
                      aria-expanded={picking}
                      aria-controls="complaint-orders"
                      onClick={() => setPicking((open) => !open)}
                    >
                      {messages.complaintOrderAll}
                    </button>
                  )
                }
              />
            ) : (
              <p className="muted">{messages.complaintNoOrders}</p>
            )}
            {picking && (
              <ul id="complaint-orders" className="order-picker">
                {init.data.orderList.map((candidate) => (
                  <li key={candidate.orderId}>
                    <button
                      type="button"
                      className="order-picker__option"
                      aria-current={candidate.orderNo === order?.orderNo}
                      onClick={() => pickOrder(candidate)}
                    >
                      <img src={candidate.productLogo} alt="" width="28" height="28" />
                      <span>
                        <strong>{candidate.productName}</strong>
                        <span className="muted">{candidate.orderNo}</span>
                      </span>
                      <span className={`order-card__status order-card__status--${candidate.status}`}>
                        {candidate.statusText}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="card">
            <h2>{messages.complaintQuestionTypes}</h2>
            <ul className="type-list">
              {init.data.problemType.map((type, index) => {
                const isCollection = type.value === ComplaintRules.collectionProblemType;
                return (
                  <li key={type.value}>
                    <button
                      type="button"
                      className="type-list__option"
                      aria-expanded={isCollection ? subTypesOpen : undefined}
                      onClick={() => chooseType(type.value)}
                    >
                      {/* Spec §2: the first three types carry icons. */}
                      {index < 3 && type.icon ? (
                        <img src={type.icon} alt="" width="32" height="32" />
                      ) : (
                        <span className="type-list__dot" />
                      )}
                      <span>{type.title}</span>
                      <span aria-hidden="true" className="type-list__chevron">
                        ›
                      </span>
                    </button>
                    {isCollection && subTypesOpen && (
                      <ul className="sub-type-list" aria-label={messages.complaintSubTypes}>
                        {init.data.problemSonType.map((sub) => (
                          <li key={sub.value}>
                            <button
                              type="button"
                              className="sub-type-list__option"
                              onClick={() => choose(type.value, sub.value)}
                            >
                              {sub.title}
                            </button>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        </>
      )}
    </Page>
  );
}
