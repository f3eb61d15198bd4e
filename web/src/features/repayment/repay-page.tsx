import { messages } from '@kwarta/contract';
import { queryParam } from '../../lib/session-query.ts';
import { useLoanPlayDetail } from './api/repay-calls.ts';
import { RepayView } from './repay-view.tsx';

/** /repay?productId=…&orderId=… (spec §2 "Instalment repayment page"). */
export function RepayPage() {
  const info = useLoanPlayDetail(queryParam('productId') ?? '', queryParam('orderId') ?? '');
  const data = info.data;
  return (
    <RepayView
      title={messages.repayTitle}
      data={data}
      loading={info.status === 'loading'}
      amount={data?.repayAmount ?? 0}
      amountLabel={messages.repayAmount}
      dateLabel={messages.repayDate}
      blockedMessage={data && data.repayAmount === 0 ? messages.repayNothingOwed : ''}
    />
  );
}
