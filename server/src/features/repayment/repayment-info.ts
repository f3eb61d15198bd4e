import { fillMessage, messages } from '@kwarta/contract';
import {
  extendPlan,
  formatMoney,
  lineOutstanding,
  nextDueDate,
  outstandingAmount,
  type MoneyStyle,
  type PlanLineBalance,
} from '@kwarta/domain';
import type { Kysely } from 'kysely';
import type { Database, PaymentKind } from '../../db/schema.ts';
import type { Config } from '../../config.ts';
import { findOrderAccount, type OrderAccount } from '../orders/index.ts';
import {
  chargeFor,
  extensionQuote,
  findOpenPayCode,
  findPaymentChannel,
  paymentChannels,
} from '../payments/index.ts';
import { createCardDebitProvider } from '../legacy-repayment/index.ts';

interface InfoDeps {
  db: Kysely<Database>;
  config: Config;
  /** The page's money style (moneyStyleFor: the market's, in rupees when system=1). */
  money: MoneyStyle;
  now: Date;
}

/** The borrower's order asked for under its product; null for missing, foreign or mismatched alike. */
async function ownOrder(deps: InfoDeps, borrowerId: number, orderId: number, productId: number) {
  const account = await findOrderAccount(deps.db, { orderId, borrowerId });
  return account && account.order.product_id === productId ? account : null;
}

/** The open pay code of this kind, still payable (spec §3 defDetail), or null. */
async function openPayCode(deps: InfoDeps, orderId: number, kind: PaymentKind) {
  const payment = await findOpenPayCode(deps.db, { orderId, kind, now: deps.now });
  if (!payment) return null;
  const channel = findPaymentChannel(deps.config, payment.channel);
  return {
    logo: channel?.logo ?? '',
    title: channel?.name ?? payment.channel,
    payCode: payment.pay_code,
    payNotice: channel?.instructions ?? {},
    showType: channel?.showType ?? 1,
    amount: payment.expected_amount,
    expiresAt: payment.expires_at,
  };
}

function planEntries(lines: readonly PlanLineBalance[], money: MoneyStyle) {
  return lines
    .map((line) => {
      const owed = lineOutstanding(line);
      return {
        title: fillMessage(messages.repayPlanInstalment, { seq: line.seq }),
        remark: owed === 0 ? messages.repayPlanPaid : messages.repayPlanOpen,
        amount: owed === 0 ? line.interest + line.principal : owed,
        time: line.dueDate,
      };
    })
    .map((entry) => ({ ...entry, remark: `${entry.remark} · ${formatMoney(entry.amount, money)}` }));
}

async function commonInfo(deps: InfoDeps, account: OrderAccount, kind: PaymentKind) {
  const { order, product, balance } = account;
  const { money } = deps;
  const sum = (pick: (line: PlanLineBalance) => number) =>
    balance.lines.reduce((total, line) => total + pick(line), 0);
  const paid = sum((line) => line.interestPaid + line.principalPaid) + balance.penaltyPaid;
  return {
    orderId: order.id,
    productId: product.id,
    orderNo: order.order_no,
    orderStatus: order.status,
    repayAmount: chargeFor(account, 'repayment')?.amount ?? 0,
    repayDate: nextDueDate(balance.lines) ?? order.due_date ?? '',
    productName: product.name,
    productLogo: product.logo_url,
    detail: [
      { text: messages.repayDetailOrderNo, value: order.order_no },
      { text: messages.repayDetailOutstanding, value: formatMoney(outstandingAmount(balance), money) },
      {
        text: messages.repayDetailPrincipal,
        value: formatMoney(
          sum((line) => line.principal),
          money,
        ),
      },
      {
        text: messages.repayDetailInterest,
        value: formatMoney(
          sum((line) => line.interest),
          money,
        ),
      },
      { text: messages.repayDetailPenalty, value: formatMoney(balance.penalty, money) },
      { text: messages.repayDetailPaid, value: formatMoney(paid, money) },
    ],
    repayPlan: planEntries(balance.lines, money),
    repayList: paymentChannels(deps.config).map((channel) => ({
      name: channel.name,
      logo: channel.logo,
      channel_number: channel.id,
    })),
    noticeMsg: messages.repayHelpNotice,
    defDetail: await openPayCode(deps, order.id, kind),
    isShowReyTop: 1 as const,
    cardRepay: createCardDebitProvider(deps.config) ? (1 as const) : (0 as const),
  };
}

/** loan-play-detail: the instalment page. */
export async function repaymentInfo(
  deps: InfoDeps,
  borrowerId: number,
  input: { orderId: number; productId: number },
) {
  const account = await ownOrder(deps, borrowerId, input.orderId, input.productId);
  return account ? commonInfo(deps, account, 'repayment') : null;
}

/** emphasis/miles: the extension page; the plan and next payment date as they will be once it is paid. */
export async function extensionInfo(
  deps: InfoDeps,
  borrowerId: number,
  input: { orderId: number; productId: number },
) {
  const account = await ownOrder(deps, borrowerId, input.orderId, input.productId);
  if (!account) return null;
  const info = await commonInfo(deps, account, 'extension');
  const quote = extensionQuote(account);
  const after = quote.allowed ? extendPlan(account.balance.lines, quote.days) : null;
  return {
    ...info,
    repayDate: after?.dueDate ?? info.repayDate,
    repayPlan: after ? planEntries(after.lines, deps.money) : info.repayPlan,
    delayInfo: {
      title: messages.repayDelayTitle,
      delayAmount: quote.allowed ? quote.fee : 0,
      days: quote.allowed ? quote.days : account.product.extension_days,
      allowed: quote.allowed ? (1 as const) : (0 as const),
    },
  };
}
