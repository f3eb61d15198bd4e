import { useState, type FormEvent } from 'react';
import {
  ConsoleRoles,
  mayAct,
  paymentStatuses,
  consoleCalls,
  type OperatorRole,
  type PaymentStatus,
} from '@kwarta/contract';
import {
  labelOf,
  paymentChannelName,
  paymentKindLabels,
  paymentProviderLabels,
  paymentStatusLabels,
} from '@kwarta/contract/labels';
import { consoleCall } from '../console-client.ts';
import type { DataOf } from '../../lib/api-client.ts';
import { useApiQuery } from '../../lib/use-api.ts';
import { money, when } from '../format.ts';
import { CsvExport } from './csv-export.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { proposalOutcome } from './money-actions.tsx';
import { Pager } from './pager.tsx';

type PaymentItem = DataOf<typeof consoleCalls.consolePayments>['items'][number];

const reasons: Record<string, string> = {
  amount_mismatch: 'amount differs',
  amount_unreadable: 'amount unreadable',
  amount_out_of_range: 'amount beyond what can be booked',
  accepted_by_operator: 'accepted by an operator',
  returned_by_operator: 'returned by an operator',
};

const isStatus = (value: string): value is PaymentStatus =>
  (paymentStatuses as readonly string[]).includes(value);

/** `#/payments` or `#/payments/held` (the dashboard's link): newest first, filtered on the server. */
export function PaymentsSection({ role, status }: { role: OperatorRole; status: string }) {
  const [filter, setFilter] = useState<{ status: PaymentStatus | ''; provider: string; page: string }>({
    status: isStatus(status) ? status : '',
    provider: '',
    page: '1',
  });
  const { data, error, fetching, reload } = useApiQuery(consoleCall, consoleCalls.consolePayments, filter);
  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const status = String(form.get('status') ?? '');
    setFilter({
      status: isStatus(status) ? status : '',
      provider: String(form.get('provider') ?? '').trim(),
      page: '1',
    });
  }
  return (
    <section aria-labelledby="payments-title">
      <h1 id="payments-title">Payments</h1>
      <form className="filters" onSubmit={search} role="search">
        <label>
          Status
          <select name="status" defaultValue={filter.status}>
            <option value="">All</option>
            {paymentStatuses.map((value) => (
              <option key={value} value={value}>
                {paymentStatusLabels[value]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Provider
          <select name="provider" defaultValue={filter.provider}>
            <option value="">All</option>
            {Object.entries(paymentProviderLabels).map(([provider, label]) => (
              <option key={provider} value={provider}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Search</button>
      </form>
      {error ? <p role="alert">{error}</p> : null}
      <PaymentsTable
        caption="Payments, newest first"
        items={data?.items ?? []}
        busy={fetching}
        role={role}
        onChanged={reload}
      />
      {data && data.items.length === 0 ? <p>No payments match.</p> : null}
      <Pager
        page={Number(filter.page)}
        hasMore={data?.hasMore ?? false}
        onPage={(page) => setFilter({ ...filter, page: String(page) })}
      />
      {data ? <CsvExport role={role} path={consoleCalls.consoleExportPayments.path} what="payments" /> : null}
    </section>
  );
}

/**
 * Payments as a table (the payments list and the order page): a held one offers accept and
 * return to the roles that review payments, a paid repayment its reversal (decision 0110),
 * confirmed in a dialog that states the amount and what follows. Either way the list reloads,
 * since a refusal means someone else acted on it first.
 */
export function PaymentsTable({
  caption,
  items,
  busy = false,
  role,
  onChanged,
}: {
  caption: string;
  items: readonly PaymentItem[];
  busy?: boolean;
  role: OperatorRole;
  onChanged: () => void;
}) {
  const mayReview = mayAct(role, ConsoleRoles.reviewPayments);
  const [outcome, setOutcome] = useState('');
  const [reversing, setReversing] = useState<PaymentItem | null>(null);
  const [reason, setReason] = useState('');
  const [reverseBusy, setReverseBusy] = useState(false);
  // A held payment's review waits on the shared confirmation, which states the amount and its effect.
  const [reviewing, setReviewing] = useState<{
    route: typeof consoleCalls.consoleAcceptPayment | typeof consoleCalls.consoleReturnPayment;
    title: string;
    confirmLabel: string;
    question: string;
    payment: PaymentItem;
  } | null>(null);
  const [reviewBusy, setReviewBusy] = useState(false);
  async function reverse() {
    if (!reversing) return;
    setReverseBusy(true);
    const result = await consoleCall(consoleCalls.consoleReversePayment, {
      paymentId: String(reversing.id),
      reason,
    });
    setReverseBusy(false);
    const payment = reversing;
    setReversing(null);
    setReason('');
    setOutcome(
      result.success && result.data
        ? proposalOutcome(
            result.data,
            `Payment ${payment.id} reversed: order ${payment.orderNo} owes it again.`,
          )
        : result.message,
    );
    onChanged();
  }
  async function review() {
    if (!reviewing) return;
    const { route, payment } = reviewing;
    setReviewBusy(true);
    const result = await consoleCall(route, { paymentId: String(payment.id) });
    setReviewBusy(false);
    setReviewing(null);
    setOutcome(
      result.success
        ? `Payment ${payment.id}: ${labelOf(paymentStatusLabels, result.data?.status ?? '')}.`
        : result.message,
    );
    onChanged();
  }
  return (
    <>
      <table aria-busy={busy}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Payment</th>
            <th scope="col">Order</th>
            <th scope="col">Kind</th>
            <th scope="col">Provider · channel</th>
            <th scope="col" className="num">
              Expected
            </th>
            <th scope="col" className="num">
              Received
            </th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
            <th scope="col">Paid</th>
            {mayReview ? <th scope="col">Review</th> : null}
          </tr>
        </thead>
        <tbody>
          {items.map((payment) => {
            const received = payment.receivedAmount === null ? '—' : money(payment.receivedAmount);
            return (
              <tr key={payment.id}>
                <td>
                  {payment.id} <code>{payment.txnid}</code>
                </td>
                <td>
                  <a href={`#/order/${payment.orderId}`}>{payment.orderNo}</a>
                </td>
                <td>{labelOf(paymentKindLabels, payment.kind)}</td>
                <td>
                  {labelOf(paymentProviderLabels, payment.provider)} · {paymentChannelName(payment.channel)}
                </td>
                <td className="num">{money(payment.expectedAmount)}</td>
                <td className="num">{received}</td>
                <td>
                  {labelOf(paymentStatusLabels, payment.status)}
                  {payment.statusReason ? ` (${reasons[payment.statusReason] ?? payment.statusReason})` : ''}
                </td>
                <td>{when(payment.createdAt)}</td>
                <td>{payment.paidAt ? when(payment.paidAt) : '—'}</td>
                {mayReview ? (
                  <td>
                    {payment.status === 'held' ? (
                      <span className="row-actions">
                        <button
                          type="button"
                          onClick={() =>
                            setReviewing({
                              route: consoleCalls.consoleAcceptPayment,
                              title: 'Accept the held payment',
                              confirmLabel: 'Accept payment',
                              question: `The ${received} received will be applied to order ${payment.orderNo} like any repayment.`,
                              payment,
                            })
                          }
                        >
                          Accept
                        </button>
                        <button
                          type="button"
                          onClick={() =>
                            setReviewing({
                              route: consoleCalls.consoleReturnPayment,
                              title: 'Return the held payment',
                              confirmLabel: 'Return payment',
                              question: `The ${received} received will be sent back to the borrower's payment account; order ${payment.orderNo} owes it still.`,
                              payment,
                            })
                          }
                        >
                          Return
                        </button>
                      </span>
                    ) : payment.status === 'paid' && payment.kind === 'repayment' ? (
                      <button
                        type="button"
                        aria-label={`Reverse payment ${payment.id}`}
                        onClick={() => setReversing(payment)}
                      >
                        Reverse
                      </button>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
      <p role="status">{outcome}</p>
      <ConfirmDialog
        open={reviewing !== null}
        title={reviewing?.title ?? ''}
        confirmLabel={reviewing?.confirmLabel ?? ''}
        busy={reviewBusy}
        onConfirm={() => void review()}
        onCancel={() => setReviewing(null)}
      >
        <p>{reviewing?.question}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={reversing !== null}
        title="Confirm the reversal"
        confirmLabel="Reverse payment"
        busy={reverseBusy}
        disabled={reason.trim().length < 3}
        onConfirm={() => void reverse()}
        onCancel={() => {
          setReversing(null);
          setReason('');
        }}
      >
        {reversing ? (
          <>
            <p>
              <strong>{money(reversing.receivedAmount ?? reversing.expectedAmount)}</strong> paid{' '}
              {reversing.paidAt ? `on ${when(reversing.paidAt)} ` : ''}by{' '}
              {labelOf(paymentProviderLabels, reversing.provider)} (payment {reversing.id}) will be taken back
              from order {reversing.orderNo}: what it paid is owed again, a late instalment makes the order
              overdue again, and a settled order reopens.
            </p>
            <p>
              Above the approval threshold it is not applied now: it waits for a second person to approve it.
            </p>
            <label>
              Reason (a chargeback, a wrong order; 3 to 500 characters)
              <textarea
                data-autofocus=""
                rows={2}
                maxLength={500}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </label>
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
