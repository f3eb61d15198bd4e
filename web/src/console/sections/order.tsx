import { useState } from 'react';
import { ConsoleRoles, mayAct, consoleCalls, type OperatorRole } from '@kwarta/contract';
import { OrderStatus, repayingStatuses } from '@kwarta/domain/order-status';
import { labelOf, orderStatusText, paymentProviderLabels, payoutStatusLabels } from '@kwarta/contract/labels';
import { consoleCall } from '../console-client.ts';
import { useApiQuery } from '../../lib/use-api.ts';
import { money, when } from '../format.ts';
import { PaymentsTable } from './payments.tsx';
import { CollectionsPanel } from './collections-panel.tsx';
import { DecisionPanel } from './decision-panel.tsx';
import { ConfirmDialog, useConfirmation } from './confirm-dialog.tsx';
import { MoneyActions } from './money-actions.tsx';
import { NewPlan } from './new-plan.tsx';

type Decision = 'approve' | 'reject' | 'disburse' | 'write-off';

const decisionTitles: Record<Decision, [title: string, confirm: string]> = {
  approve: ['Confirm the approval', 'Approve'],
  reject: ['Confirm the rejection', 'Reject'],
  disburse: ['Confirm the disbursement', 'Disburse'],
  'write-off': ['Confirm the write-off', 'Write off'],
};

const waitsText = (requestId: number) =>
  `Waiting for a second person's approval (request ${requestId}): nothing is done until another operator approves it in Approvals.`;

/** A confirmed decision's call, and what its answer says. */
async function decisionCall(
  decision: Decision,
  input: { orderId: string; reason: string },
): Promise<{ succeeded: boolean; message: string }> {
  if (decision === 'write-off') {
    const result = await consoleCall(consoleCalls.consoleWriteOffOrder, input);
    return {
      succeeded: result.success,
      message: !result.data
        ? result.message
        : result.data.pendingRequestId !== null
          ? waitsText(result.data.pendingRequestId)
          : `Written off: ${money(result.data.writtenOff)}.`,
    };
  }
  if (decision === 'disburse') {
    const result = await consoleCall(consoleCalls.consoleDisburseOrder, input);
    return {
      succeeded: result.success,
      message: !result.data
        ? result.message
        : result.data.pendingRequestId !== null
          ? waitsText(result.data.pendingRequestId)
          : `Order is now ${orderStatusText(result.data.status)}.`,
    };
  }
  const route = decision === 'approve' ? consoleCalls.consoleApproveOrder : consoleCalls.consoleRejectOrder;
  const result = await consoleCall(route, input);
  return {
    succeeded: result.success,
    message: result.data ? `Order is now ${orderStatusText(result.data.status)}.` : result.message,
  };
}

export function OrderSection({ role, orderId }: { role: OperatorRole; orderId: string }) {
  const { data, error, reload } = useApiQuery(consoleCall, consoleCalls.consoleOrder, { orderId });
  const [outcome, setOutcome] = useState('');
  const [reason, setReason] = useState('');
  const confirmation = useConfirmation<Decision>();
  const confirming = confirmation.subject;
  async function decide() {
    const answer = await confirmation.run((decision) => decisionCall(decision, { orderId, reason }));
    if (answer === undefined) return;
    setOutcome(answer.message);
    if (answer.succeeded) {
      setReason('');
      reload();
    }
  }
  if (error) return <p role="alert">{error}</p>;
  if (!data) return <p>Loading…</p>;
  const { order, borrower } = data;
  const canDecide = mayAct(role, ConsoleRoles.decideOrders) && order.status === OrderStatus.UnderReview;
  const canDisburse = mayAct(role, ConsoleRoles.disburseOrders) && order.status === OrderStatus.Approved;
  // Only a loan still repaying; once written off (190) it shows so and offers no second write-off.
  const canWriteOff =
    mayAct(role, ConsoleRoles.administer) && (repayingStatuses as readonly number[]).includes(order.status);
  const who = borrower.name ?? borrower.phone;
  const because = reason.trim() ? ` Reason: ${reason.trim()}` : '';
  const statements: Record<Decision, string> = {
    approve: `Approve order ${order.orderNo} of ${who} for ${money(order.principal)}. The borrower is told it was approved, and it can then be disbursed.${because}`,
    reject: `Reject order ${order.orderNo} of ${who} for ${money(order.principal)}. The borrower is told it was not approved and the order is closed.${because}`,
    disburse: `Send ${money(order.principal)} to ${who}${
      borrower.payoutAccount
        ? ` at ${borrower.payoutAccount.institution} ${borrower.payoutAccount.accountNumber}`
        : ''
    }. The loan starts: the borrower will owe ${money(order.totalDue)} on its plan.${because}`,
    'write-off': `Write off order ${order.orderNo} of ${who}: everything it still owes, ${money(
      order.owed?.total ?? 0,
    )}, goes to the write-off expense. The order is marked written off and collections stop; a payment that still arrives is a recovery.${because}`,
  };
  return (
    <section aria-labelledby="order-title">
      <h1 id="order-title">Order {order.orderNo}</h1>
      <dl className="facts">
        <dt>Status</dt>
        <dd>{order.statusText}</dd>
        <dt>Product</dt>
        <dd>{order.productName}</dd>
        <dt>Borrower</dt>
        <dd>
          <a href={`#/borrowers/${borrower.id}`}>{borrower.name ?? `Borrower ${borrower.id}`}</a> ·{' '}
          {borrower.phone} {borrower.repeatClient ? '· repeat client' : ''}
        </dd>
        <dt>Payout account</dt>
        <dd>
          {borrower.payoutAccount
            ? `${borrower.payoutAccount.institution} · ${borrower.payoutAccount.holderName} · ${borrower.payoutAccount.accountNumber}`
            : 'none bound'}
        </dd>
        <dt>Amount</dt>
        <dd>{money(order.principal)}</dd>
        <dt>Total due</dt>
        <dd>{money(order.totalDue)}</dd>
        <dt>Repaid</dt>
        <dd>{money(order.paidAmount)}</dd>
        <dt>Late penalty</dt>
        <dd>
          {money(order.penaltyAmount)}
          {/* Paid or waived, a penalty stays charged: say what of it is still owed. */}
          {order.owed && order.owed.penalty !== order.penaltyAmount
            ? ` charged, ${money(order.owed.penalty)} still owed`
            : ''}
          {order.chargesCapNotice ? ` · ${order.chargesCapNotice}` : ''}
        </dd>
        <dt>Cost caps</dt>
        <dd>{order.complianceProfile?.name ?? 'none covered it'}</dd>
        <dt>Term</dt>
        <dd>
          {order.termDays} days, {order.periods} instalment(s)
        </dd>
        <dt>Disbursed</dt>
        <dd>{order.disbursedOn ?? '—'}</dd>
        <dt>Due</dt>
        <dd>{order.dueDate ?? '—'}</dd>
      </dl>
      {mayAct(role, ConsoleRoles.readReports) ? (
        <p>
          <a href={`#/ledger/statement/${order.orderId}`}>Statement</a> (every journal line of the loan)
        </p>
      ) : null}
      {canDecide || canDisburse || canWriteOff ? (
        <div className="actions">
          <label>
            Reason{' '}
            {canDecide ? '(required to reject)' : canWriteOff ? '(required to write off)' : '(optional)'}
            <textarea value={reason} onChange={(event) => setReason(event.target.value)} rows={2} />
          </label>
          {canDecide ? (
            <>
              <button type="button" onClick={() => confirmation.ask('approve')}>
                Approve
              </button>
              <button
                type="button"
                disabled={reason.trim() === ''}
                onClick={() => confirmation.ask('reject')}
              >
                Reject
              </button>
            </>
          ) : null}
          {canDisburse ? (
            <button type="button" onClick={() => confirmation.ask('disburse')}>
              Disburse
            </button>
          ) : null}
          {canWriteOff ? (
            <button
              type="button"
              disabled={reason.trim().length < 3}
              onClick={() => confirmation.ask('write-off')}
            >
              Write off
            </button>
          ) : null}
        </div>
      ) : null}
      <p role="status">{outcome}</p>
      <ConfirmDialog
        {...confirmation.dialog}
        title={confirming ? decisionTitles[confirming][0] : ''}
        confirmLabel={confirming ? decisionTitles[confirming][1] : ''}
        onConfirm={() => void decide()}
      >
        {confirming ? <p>{statements[confirming]}</p> : null}
        {confirming === 'disburse' || confirming === 'write-off' ? (
          <p>Above the approval threshold it is not done now: it waits for a second person to approve it.</p>
        ) : null}
      </ConfirmDialog>
      {mayAct(role, ConsoleRoles.reviewPayments) && order.owed ? (
        <MoneyActions page={data} onChanged={reload} />
      ) : null}
      {mayAct(role, ConsoleRoles.reviewPayments) && (order.owed || data.restructurings.length) ? (
        <NewPlan page={data} onChanged={reload} />
      ) : null}
      <table>
        <caption>Plan</caption>
        <thead>
          <tr>
            <th scope="col" className="num">
              #
            </th>
            <th scope="col">Due</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col" className="num">
              Paid
            </th>
          </tr>
        </thead>
        <tbody>
          {data.plan.map((line) => (
            <tr key={line.seq}>
              <td className="num">{line.seq}</td>
              <td>{line.dueDate}</td>
              <td className="num">{money(line.amount)}</td>
              <td className="num">{money(line.paidAmount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table>
        <caption>Agreed documents</caption>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">SHA-256</th>
            <th scope="col">Agreed</th>
          </tr>
        </thead>
        <tbody>
          {data.agreements.map((agreement) => (
            <tr key={agreement.version}>
              <td>{agreement.version}</td>
              <td className="hash">{agreement.sha256}</td>
              <td>{when(agreement.agreedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <DecisionPanel role={role} orderId={orderId} onChanged={reload} />
      {mayAct(role, ConsoleRoles.readCollections) ? <CollectionsPanel role={role} orderId={orderId} /> : null}
      <table>
        <caption>Payouts</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">Provider</th>
            <th scope="col">Status</th>
            <th scope="col">Reference</th>
          </tr>
        </thead>
        <tbody>
          {data.payouts.map((payout, index) => (
            <tr key={index}>
              <td>{when(payout.at)}</td>
              <td className="num">{money(payout.amount)}</td>
              <td>{labelOf(paymentProviderLabels, payout.provider)}</td>
              <td>
                {payoutStatusLabels[payout.status]}
                {payout.failure ? ` · ${payout.failure}` : ''}
              </td>
              <td>
                <code>{payout.reference ?? '—'}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {data.payouts.length === 0 ? <p>No payout yet.</p> : null}
      <PaymentsTable caption="Payments" items={data.payments} role={role} onChanged={reload} />
      <table>
        <caption>Messages</caption>
        <thead>
          <tr>
            <th scope="col">Queued</th>
            <th scope="col">Kind</th>
            <th scope="col">Status</th>
            <th scope="col">Tries</th>
            <th scope="col">Text</th>
          </tr>
        </thead>
        <tbody>
          {data.messages.map((message) => (
            <tr key={`${message.createdAt}-${message.text}`}>
              <td>{when(message.createdAt)}</td>
              <td>{message.purpose}</td>
              <td>
                {message.status}
                {message.lastError ? ` · ${message.lastError}` : ''}
              </td>
              <td>{message.attempts}</td>
              <td>{message.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table>
        <caption>History</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Move</th>
            <th scope="col">By</th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {data.history.map((entry, index) => (
            <tr key={index}>
              <td>{when(entry.at)}</td>
              <td>
                {entry.from === null ? '—' : orderStatusText(entry.from)} → {orderStatusText(entry.to)}
              </td>
              <td>{entry.actor}</td>
              <td>{entry.reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Complaints</h2>
      {data.complaints.length === 0 ? <p>None.</p> : null}
      <ul>
        {data.complaints.map((complaint) => (
          <li key={complaint.id}>
            {when(complaint.createdAt)}: {complaint.content} {complaint.repliedAt ? '(answered)' : '(open)'}
          </li>
        ))}
      </ul>
    </section>
  );
}
