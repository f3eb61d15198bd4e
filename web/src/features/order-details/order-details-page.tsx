import { useEffect, useState, type ComponentType } from 'react';
import {
  Defaults,
  Limits,
  fillMessage,
  messages,
  webRoutes,
  type RecommendedProduct,
} from '@kwarta/contract';
import { Dialog } from '../../components/dialog.tsx';
import { Page } from '../../components/page.tsx';
import type { RateProps } from '../../components/rate.tsx';
import { showToast } from '../../components/toast.tsx';
import { callPhone, goHome, goRate } from '../../lib/bridge.ts';
import { pageUrl } from '../../lib/session-query.ts';
import type { DataOf } from '../../lib/api-client.ts';
import type { routes } from '@kwarta/contract';
import {
  askCreditReview,
  defineProduct,
  saveEvent,
  sendGoogleScore,
  sendGoogleScoreLater,
  useLoanDetails,
} from './api/order-calls.ts';
import { orderPageQuery, syncProductIdInAddress } from './order-query.ts';
import { followProductLink } from './product-tap.ts';
import { RecommendedProducts } from './recommended-products.tsx';
import { StatusIcon } from './status-icon.tsx';
import './order-details.css';

/**
 * The stars load when the rating dialog opens: most visits never rate, and the page's first JS
 * stays within its 100 kB budget (DESIGN §4). They load in an effect, never while rendering, so the
 * server's HTML and the first client render agree (a suspended lazy component would not render on
 * the server and React would throw away the page's server HTML); until then a box of the stars'
 * height keeps the dialog from jumping.
 */
function DeferredRate(props: RateProps) {
  const [Rate, setRate] = useState<ComponentType<RateProps> | null>(null);
  useEffect(() => {
    let mounted = true;
    void import('../../components/rate.tsx').then((module) => {
      if (mounted) setRate(() => module.Rate);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return Rate ? <Rate {...props} /> : <div className="order-details__rate-placeholder" />;
}

type LoanDetails = DataOf<typeof routes.loanDetails>;

/** Statuses with a button area; every other status shows the recommended products (decision 0051). */
const BUTTON_STATUSES: readonly number[] = [170, 174, 180, 190, 200];
const NO_REDIRECT_STATUS = 21;

type OrderDialog = 'withdraw' | 'rebind' | 'rating';

/** The dialogs an order asks for, in the order they are shown one after another. */
function dialogsFor(data: LoanDetails): OrderDialog[] {
  const dialogs: OrderDialog[] = [];
  if (data.reyMsg) dialogs.push('withdraw');
  if (data.cardNeedPop === 1) dialogs.push('rebind');
  if (data.isScore === '1') dialogs.push('rating');
  return dialogs;
}

/** Spec §2 "Order Details screen" (title 'Order Details'), its buttons and dialogs per spec §4. */
export function OrderDetailsPage() {
  const query = orderPageQuery();
  const details = useLoanDetails(query.productId, query.orderId, query.headers);
  const data = details.data;
  const [closed, setClosed] = useState<OrderDialog[]>([]);
  const [stars, setStars] = useState(0);
  const [rateResult, setRateResult] = useState(false);
  const [sending, setSending] = useState(false);
  // The answer to "ask for a review", said in place of the button once the server took it.
  const [reviewAnswer, setReviewAnswer] = useState('');
  const [askingReview, setAskingReview] = useState(false);

  useEffect(() => syncProductIdInAddress(query.productId), [query.productId]);

  // Any status but 21: a withdrawal-confirmation link takes the borrower there at once (spec §4).
  const redirect = data && data.orderStatus !== NO_REDIRECT_STATUS && data.playeduL ? data.playeduL : '';
  useEffect(() => {
    if (redirect) window.location.replace(redirect);
  }, [redirect]);

  const openDialog =
    data && !redirect ? dialogsFor(data).find((dialog) => !closed.includes(dialog)) : undefined;
  const close = (dialog: OrderDialog) => setClosed((list) => [...list, dialog]);

  function goToPage(path: string) {
    if (!data) return;
    window.location.assign(pageUrl(path, { productId: data.productId, orderId: data.orderId }));
  }

  function repay() {
    if (!data) return;
    // A partner's product is repaid on the partner's page (h5Url).
    if (data.h5Url) window.location.assign(data.h5Url);
    else goToPage('/repay');
  }

  async function borrowAgain() {
    if (!data) return;
    await saveEvent(
      { productId: data.productId, moduleId: Defaults.borrowAgainModuleId, positionId: 0 },
      query.headers,
    );
    goHome();
  }

  async function tapProduct(product: RecommendedProduct, position: number) {
    const click = { productId: product.id, moduleId: Defaults.recommendedProductModuleId };
    void saveEvent({ ...click, positionId: position }, query.headers);
    followProductLink(await defineProduct({ ...click, position }, query.headers), product.id);
  }

  // Closed without rating ("Not now", Escape): remembered per borrower on the server, so the
  // next visit does not ask again at once.
  function declineRating() {
    close('rating');
    void sendGoogleScoreLater(query.headers);
  }

  async function submitRating() {
    if (sending) return;
    if (stars === 0) {
      showToast(messages.ratingChooseStars);
      return;
    }
    setSending(true);
    const result = await sendGoogleScore(query.headers);
    setSending(false);
    if (!result.success) return;
    close('rating');
    if (stars >= 4) goRate();
    else setRateResult(true);
  }

  async function askReview() {
    if (!data || askingReview) return;
    setAskingReview(true);
    const result = await askCreditReview(data.orderId, query.headers);
    setAskingReview(false);
    if (result.success) setReviewAnswer(result.data?.message || messages.creditReviewAsked);
  }

  return (
    <Page title={messages.orderDetailsTitle}>
      {details.status === 'loading' && <div className="card skeleton order-skeleton" aria-busy="true" />}
      {data && !redirect && (
        <>
          <section className="order-status" aria-labelledby="order-status-title">
            <StatusIcon status={data.orderStatus} />
            <h2 id="order-status-title" className="order-status__title">
              {data.noticeStatusText}
            </h2>
            <p className="order-status__text">{data.noticeDesText}</p>
            {data.nextDueNotice && <p className="order-status__due">{data.nextDueNotice}</p>}
            {data.chargesCapNotice && <p className="order-status__cap">{data.chargesCapNotice}</p>}
            {data.identityNotice && (
              <p className="order-status__identity">
                {fillMessage(messages.identityOrderNotice, { notice: data.identityNotice })}{' '}
                <a href={pageUrl(webRoutes.identity, {})}>{messages.identityCompleteLink}</a>
              </p>
            )}
            {data.newPlan === 1 && (
              <p className="order-status__identity">
                {messages.newPlanOrderNotice}{' '}
                <a href={pageUrl(webRoutes.newPlan, { productId: data.productId, orderId: data.orderId })}>
                  {messages.newPlanOrderLink}
                </a>
              </p>
            )}
          </section>

          {data.creditReview !== '' && (
            <CreditReview
              state={reviewAnswer ? 'asked' : data.creditReview}
              notice={reviewAnswer || data.creditReviewNotice}
              busy={askingReview}
              onAsk={askReview}
            />
          )}

          <section className="card order-product" aria-label={data.productName}>
            <div className="order-product__head">
              <img src={data.productLogo} alt="" width="40" height="40" className="order-product__logo" />
              <strong>{data.productName}</strong>
            </div>
            <dl className="order-product__lines">
              {data.userOrderDetail.detail.map((line) => (
                <div key={line.text} className="order-product__line">
                  <dt>{line.text}</dt>
                  <dd>{line.value}</dd>
                </div>
              ))}
            </dl>
            {data.telephone && (
              <button
                type="button"
                className="order-product__phone"
                onClick={() => callPhone(data.telephone)}
              >
                {messages.orderServicePhone} {data.telephone}
              </button>
            )}
          </section>

          {BUTTON_STATUSES.includes(data.orderStatus) ? (
            <OrderButtons
              data={data}
              onRepay={repay}
              onRollover={() => goToPage('/repayDelay')}
              onBorrowAgain={borrowAgain}
            />
          ) : (
            <RecommendedProducts
              products={data.recProducts}
              onTap={tapProduct}
              footer={
                <button type="button" className="rec-products__more" onClick={() => goHome()}>
                  {messages.orderMoreProducts}
                </button>
              }
            />
          )}

          <Dialog
            open={openDialog === 'withdraw'}
            onClose={() => close('withdraw')}
            title={messages.orderWithdrawTitle}
            actions={[
              { label: messages.orderWithdrawConfirm, onClick: () => close('withdraw'), primary: true },
            ]}
          >
            {data.reyMsg}
          </Dialog>
          <Dialog
            open={openDialog === 'rebind'}
            onClose={() => close('rebind')}
            title={data.cardPopTitle}
            actions={[
              { label: messages.orderCardPopLater, onClick: () => close('rebind') },
              {
                label: messages.orderCardPopBind,
                primary: true,
                onClick: () =>
                  window.location.assign(
                    pageUrl(webRoutes.bindBank, {
                      productId: data.productId,
                      orderId: data.orderId,
                      source: 'loanDetail',
                    }),
                  ),
              },
            ]}
          >
            {data.cardPopMsg}
          </Dialog>
          <Dialog
            open={openDialog === 'rating'}
            onClose={declineRating}
            title={messages.orderRateTitle}
            actions={[
              { label: messages.orderRateCancel, onClick: declineRating },
              { label: messages.orderRateSubmit, onClick: submitRating, primary: true, disabled: sending },
            ]}
          >
            {openDialog === 'rating' && (
              <DeferredRate
                value={stars}
                onChange={setStars}
                label={messages.orderRateLabel}
                count={Limits.ratingStars}
              />
            )}
          </Dialog>
          <Dialog
            open={rateResult}
            onClose={() => setRateResult(false)}
            title={messages.orderRateResultTitle}
            actions={[
              { label: messages.orderRateResultClose, onClick: () => setRateResult(false), primary: true },
            ]}
          >
            {messages.orderRateResultMsg}
          </Dialog>
        </>
      )}
    </Page>
  );
}

/**
 * The human review of an automatic decline (decision 0109, NPC Circular 2022-04): the note that a
 * model decided and the button to ask a person; once asked, when it was asked. The answer is
 * announced politely so a screen reader hears it where the button was.
 */
function CreditReview({
  state,
  notice,
  busy,
  onAsk,
}: {
  state: 'available' | 'asked';
  notice: string;
  busy: boolean;
  onAsk: () => void;
}) {
  return (
    <section className="card order-review" aria-label={messages.creditReviewAsk}>
      <p className="order-review__text" role="status">
        {notice}
      </p>
      {state === 'available' && (
        <button
          type="button"
          className="button button-secondary button-block"
          disabled={busy}
          onClick={onAsk}
        >
          {messages.creditReviewAsk}
        </button>
      )}
    </section>
  );
}

/** Spec §4: 170 (and our 190, written off: a recovery) Repayment; 174/180 REPAY + Rollover Repayment when isDelay is 1, else Repayment; 200 Borrow Again. */
function OrderButtons({
  data,
  onRepay,
  onRollover,
  onBorrowAgain,
}: {
  data: LoanDetails;
  onRepay: () => void;
  onRollover: () => void;
  onBorrowAgain: () => void;
}) {
  const status = data.orderStatus;
  return (
    <div className="order-buttons">
      {status === 200 && (
        <button type="button" className="button button-block" onClick={onBorrowAgain}>
          {messages.orderBorrowAgain}
        </button>
      )}
      {(status === 174 || status === 180) && data.isDelay === 1 ? (
        <>
          <button type="button" className="button button-block" onClick={onRepay}>
            {messages.orderRepay}
          </button>
          <p className="order-buttons__hint">{messages.orderShortOfMoney}</p>
          <button type="button" className="button button-secondary button-block" onClick={onRollover}>
            {messages.orderRollover}
          </button>
        </>
      ) : (
        status !== 200 && (
          <button type="button" className="button button-block" onClick={onRepay}>
            {messages.orderRepayment}
          </button>
        )
      )}
    </div>
  );
}
