import {
  dueNoticeText,
  fillMessage,
  Limits,
  messages,
  type MessageKey,
  type RecommendedProductWire,
} from '@kwarta/contract';
import { formatMoney, isOrderStatus, OrderStatus, type CalendarDate, type MoneyStyle } from '@kwarta/domain';
import { orderStatusText, type OrderDetailSource } from '../orders/index.ts';

const noticeKeys: Record<OrderStatus, MessageKey> = {
  [OrderStatus.UnderReview]: 'orderNotice21',
  [OrderStatus.Rejected]: 'orderNotice110',
  [OrderStatus.Approved]: 'orderNotice151',
  [OrderStatus.Repaying]: 'orderNotice170',
  [OrderStatus.Due]: 'orderNotice174',
  [OrderStatus.Overdue]: 'orderNotice180',
  [OrderStatus.WrittenOff]: 'orderNotice190',
  [OrderStatus.Settled]: 'orderNotice200',
};

/** A rollover is offered only once the repayment is due or late (spec §4), and only where the product allows it. */
const ROLLOVER_STATUSES: readonly number[] = [OrderStatus.Due, OrderStatus.Overdue];

/**
 * The app rating is asked of a borrower whose loan went well so far: paid out and being repaid on
 * time, or settled (decision 0051). Not while under review, refused, due or late.
 */
const RATING_STATUSES: readonly number[] = [OrderStatus.Repaying, OrderStatus.Settled];

export interface OrderPageContext {
  /** Customer service phone (operator setting or configured default). */
  telephone: string;
  recProducts: RecommendedProductWire[];
  /** The market's money style (one formatter for every amount). */
  money: MoneyStyle;
  /** The instant now: a "Not now" to the rating holds for `Limits.ratingAskAgainDays` from it. */
  now: Date;
  /** The lender's date now: the due notice says "today" or "since" from it. */
  today: CalendarDate;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Asked until rated, in a status worth asking about, and not within the wait after a "Not now". */
function asksForRating(order: OrderDetailSource, now: Date): boolean {
  if (order.rated_app_by !== null || !RATING_STATUSES.includes(order.status)) return false;
  if (order.rating_declined_at === null) return true;
  return now.getTime() - Date.parse(order.rating_declined_at) >= Limits.ratingAskAgainDays * DAY_MS;
}

/** Orders being repaid say what is owed next, in the words of the SMS reminders. */
const DUE_NOTICE_STATUSES: readonly number[] = [OrderStatus.Repaying, OrderStatus.Due, OrderStatus.Overdue];

function dueNotice(order: OrderDetailSource, context: OrderPageContext): string {
  if (!DUE_NOTICE_STATUSES.includes(order.status) || !order.next_due_date) return '';
  return dueNoticeText({
    amount: formatMoney(Number(order.next_due_amount ?? 0), context.money),
    dueDate: order.next_due_date,
    today: context.today,
  });
}

function detailLines(order: OrderDetailSource, money: MoneyStyle) {
  const lines: { text: string; value: string }[] = [
    { text: messages.orderDetailOrderNo, value: order.order_no },
    { text: messages.orderDetailAmount, value: formatMoney(order.principal, money) },
    {
      text: messages.orderDetailTerm,
      value: fillMessage(messages.orderDetailTermDays, { days: order.term_days }),
    },
    { text: messages.orderDetailTotalDue, value: formatMoney(order.total_due, money) },
  ];
  // Shown once the daily job accrued any, so a late borrower sees what the lateness costs.
  if (order.penalty_amount > 0) {
    lines.push({ text: messages.orderDetailPenalty, value: formatMoney(order.penalty_amount, money) });
  }
  if (order.disbursed_on) {
    lines.push({ text: messages.orderDetailPaid, value: formatMoney(order.paid_amount, money) });
  }
  lines.push({ text: messages.orderDetailAppliedOn, value: order.applied_at.slice(0, 10) });
  if (order.disbursed_on) lines.push({ text: messages.orderDetailDisbursedOn, value: order.disbursed_on });
  if (order.due_date) lines.push({ text: messages.orderDetailDueDate, value: order.due_date });
  return lines;
}

/**
 * The withdrawal confirmation link carries the order, so the lender's page knows which one. A
 * path of our own (the demo partner's page) stays a path: the page resolves it on its origin.
 */
function withdrawLink(url: string, order: OrderDetailSource): string {
  const relative = url.startsWith('/') && !url.startsWith('//');
  try {
    const link = new URL(url, relative ? 'http://relative.invalid' : undefined);
    link.searchParams.set('orderId', String(order.id));
    link.searchParams.set('productId', String(order.product_id));
    return relative ? `${link.pathname}${link.search}${link.hash}` : link.href;
  } catch {
    return url;
  }
}

/** Spec §3 "Loan detail response" for one order. */
export function orderPage(order: OrderDetailSource, context: OrderPageContext) {
  const shownStatus = isOrderStatus(order.status) ? order.status : OrderStatus.Settled;
  const approved = order.status === OrderStatus.Approved;
  return {
    orderId: order.id,
    productId: order.product_id,
    orderStatus: order.status,
    noticeStatusText: orderStatusText(order.status),
    noticeDesText: messages[noticeKeys[shownStatus]],
    recProducts: context.recProducts,
    productName: order.product_name,
    productLogo: order.product_logo,
    userOrderDetail: { detail: detailLines(order, context.money) },
    inside: order.link_url === '' ? (1 as const) : (0 as const),
    h5Url: order.external_repay_url,
    isDelay:
      ROLLOVER_STATUSES.includes(order.status) && order.extension_enabled === 1 ? (1 as const) : (0 as const),
    telephone: context.telephone,
    isScore: asksForRating(order, context.now) ? ('1' as const) : ('0' as const),
    playeduL:
      approved && order.withdraw_confirm_url !== '' ? withdrawLink(order.withdraw_confirm_url, order) : '',
    reyMsg: approved ? order.withdraw_confirm_text : '',
    cardNeedPop: order.rebind_account_id !== null ? (1 as const) : (0 as const),
    cardPopTitle: messages.orderCardPopTitle,
    cardPopMsg: messages.orderCardPopMsg,
    chargesCapNotice: order.charges_capped_by ? messages.chargesReachedCap : '',
    nextDueNotice: dueNotice(order, context),
    // Set by the route for an order the credit model declined (decision 0109).
    creditReview: '' as '' | 'available' | 'asked',
    creditReviewNotice: '',
  };
}
