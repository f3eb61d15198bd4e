import { fillMessage, messages } from '@kwarta/contract';
import { queryParam } from '../../lib/session-query.ts';
import { useEmphasisMiles } from './api/repay-calls.ts';
import { RepayView } from './repay-view.tsx';

/** /repayDelay?productId=…&orderId=… (spec §2 "Delay (extension) repayment page"). */
export function RepayDelayPage() {
  const info = useEmphasisMiles(queryParam('productId') ?? '', queryParam('orderId') ?? '');
  const data = info.data;
  return (
    <RepayView
      title={data?.delayInfo.title ?? messages.repayDelayTitle}
      data={data}
      loading={info.status === 'loading'}
      amount={data?.delayInfo.delayAmount ?? 0}
      amountLabel={messages.repayDelayTitle}
      dateLabel={messages.repayNextPaymentDate}
      extraLines={
        data
          ? [
              {
                text: messages.repayDelayDays,
                value: fillMessage(messages.repayDelayDaysValue, { days: data.delayInfo.days }),
              },
            ]
          : []
      }
      showPlan
      isDelay
      blockedMessage={data && data.delayInfo.allowed !== 1 ? messages.repayDelayNotAllowed : ''}
    />
  );
}
