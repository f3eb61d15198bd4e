import { LegacyRepaymentRules, messages, webRoutes } from '@kwarta/contract';
import { pageUrl, queryParam } from '../../lib/session-query.ts';
import { useLoanPlayDetail } from './api/repay-calls.ts';
import { RepayView } from './repay-view.tsx';

/** /repay?productId=…&orderId=… (spec §2 "Instalment repayment page"). */
export function RepayPage() {
  const info = useLoanPlayDetail(queryParam('productId') ?? '', queryParam('orderId') ?? '');
  const data = info.data;
  // Spec §7 "In-app navigation to /carpmm with requestType=1, amount and payCode": the card
  // repayment of this order, offered where the lender debits cards.
  const cardRepayUrl =
    data?.cardRepay === 1
      ? pageUrl(webRoutes.carpmm, {
          requestType: LegacyRepaymentRules.requestType,
          amount: data.repayAmount,
          payCode: data.defDetail?.payCode ?? '',
          productId: data.productId,
          orderId: data.orderId,
        })
      : undefined;
  return (
    <RepayView
      title={messages.repayTitle}
      data={data}
      loading={info.status === 'loading'}
      amount={data?.repayAmount ?? 0}
      amountLabel={messages.repayAmount}
      dateLabel={messages.repayDate}
      blockedMessage={data && data.repayAmount === 0 ? messages.repayNothingOwed : ''}
      cardRepayUrl={cardRepayUrl}
    />
  );
}
