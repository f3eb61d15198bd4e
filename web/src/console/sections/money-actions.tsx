import { useState, type FormEvent } from 'react';
import { consoleCalls, manualChannels, type ManualChannel } from '@kwarta/contract';
import { orderStatusText } from '@kwarta/contract/labels';
import { OrderStatus } from '@kwarta/domain/order-status';
import type { DataOf } from '../../lib/api-client.ts';
import { consoleCall } from '../console-client.ts';
import { formValues } from '../form-values.ts';
import { lenderToday, money, typedAmount } from '../format.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

type Proposed = DataOf<typeof consoleCalls.consoleManualRepayment>;
type OrderPage = DataOf<typeof consoleCalls.consoleOrder>;

export const channelLabels: Record<ManualChannel, string> = {
  bank_deposit: 'Bank deposit',
  bank_transfer: 'Bank transfer',
  cash: 'Cash at a branch',
  check: 'Check',
};

/** What a proposed money action came to, in the words the order page shows (decision 0110). */
export function proposalOutcome(result: Proposed, done: string): string {
  if (result.status === 'pending')
    return `Waiting for a second person's approval (request ${result.requestId}): nothing is applied until another operator approves it in Approvals.`;
  if (!result.applied) return 'This reference was used before for the same thing: nothing new was applied.';
  return `${done} The order is now ${orderStatusText(result.orderStatus ?? 0)}.`;
}

/** The status an order keeps or takes when what it owes drops to `after`, in plain words. */
function statusAfter(status: number, after: number): string {
  if (after <= 0) return 'the order becomes settled';
  if (status === OrderStatus.Overdue)
    return 'the order stays overdue unless this pays what is late, then it is current again';
  return `the order stays ${orderStatusText(status).toLowerCase()}`;
}

const approvalNote =
  'Above the approval threshold it is not applied now: it waits for a second person to approve it.';

/** A reference for a waiver, made when its form opens: a double submission sends the same one. */
const newReference = () => `W-${Date.now().toString(36).toUpperCase()}`;

type Pending =
  | {
      kind: 'repayment';
      amount: number;
      channel: ManualChannel;
      receivedOn: string;
      reference: string;
      note: string;
    }
  | { kind: 'waiver'; amount: number; charge: 'penalty' | 'charges'; reason: string };

/**
 * Money actions on a repaying order (decision 0110), for finance and admin: money received outside
 * a provider, and a waiver of penalty or charges. Each form only prepares; the confirmation
 * states the amount and its effect, and the call is made from there.
 */
export function MoneyActions({ page, onChanged }: { page: OrderPage; onChanged: () => void }) {
  const { order, borrower } = page;
  const owed = order.owed;
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState('');
  const [problem, setProblem] = useState('');
  const [waiverReference, setWaiverReference] = useState(newReference);
  if (!owed) return null;
  const owedTotal = owed.total;

  function prepareRepayment(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const amount = typedAmount(values.amount ?? '');
    if (amount === null) return setProblem('Type the amount received in pesos, e.g. 1500 or 1500.50.');
    setProblem('');
    setPending({
      kind: 'repayment',
      amount,
      channel: (values.channel ?? 'bank_deposit') as ManualChannel,
      receivedOn: values.receivedOn ?? '',
      reference: values.reference ?? '',
      note: values.note ?? '',
    });
  }

  function prepareWaiver(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const charge = values.charge === 'charges' ? 'charges' : 'penalty';
    const amount = values.whole === 'whole' ? owed![charge] : typedAmount(values.amount ?? '');
    if (amount === null || amount <= 0)
      return setProblem(
        values.whole === 'whole'
          ? `Nothing of the ${charge} is owed: there is nothing to waive.`
          : 'Type the amount to waive in pesos, e.g. 250 or 250.50.',
      );
    setProblem('');
    setPending({ kind: 'waiver', amount, charge, reason: values.reason ?? '' });
  }

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    const orderId = String(order.orderId);
    const result =
      pending.kind === 'repayment'
        ? await consoleCall(consoleCalls.consoleManualRepayment, {
            orderId,
            amount: String(pending.amount),
            channel: pending.channel,
            receivedOn: pending.receivedOn,
            reference: pending.reference,
            note: pending.note,
          })
        : await consoleCall(consoleCalls.consoleWaiveCharge, {
            orderId,
            charge: pending.charge,
            amount: String(pending.amount),
            reason: pending.reason,
            reference: waiverReference,
          });
    setBusy(false);
    setPending(null);
    if (!result.success || !result.data) return setOutcome(result.message);
    setOutcome(
      proposalOutcome(
        result.data,
        pending.kind === 'repayment'
          ? `Posted: ${money(pending.amount)} applied to order ${order.orderNo}.`
          : `Waived: ${money(pending.amount)} of ${pending.charge}.`,
      ),
    );
    if (pending.kind === 'waiver') setWaiverReference(newReference());
    onChanged();
  }

  const after = pending ? Math.max(0, owedTotal - pending.amount) : owedTotal;
  const who = borrower.name ?? borrower.phone;
  return (
    <section aria-labelledby="money-actions-title" className="money-actions">
      <h2 id="money-actions-title">Money actions</h2>
      <p>
        Owed now: {money(owedTotal)} (penalty {money(owed.penalty)}, interest and fees {money(owed.charges)}).
      </p>
      <div className="grid">
        <form onSubmit={prepareRepayment} aria-labelledby="manual-repayment-title">
          <h3 id="manual-repayment-title">Post a manual repayment</h3>
          <label>
            Amount received (₱)
            <input name="amount" inputMode="decimal" required autoComplete="off" />
          </label>
          <label>
            Date on the slip
            <input name="receivedOn" type="date" required defaultValue={lenderToday()} max={lenderToday()} />
          </label>
          <label>
            Channel
            <select name="channel" defaultValue="bank_deposit">
              {manualChannels.map((channel) => (
                <option key={channel} value={channel}>
                  {channelLabels[channel]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Reference on the slip
            <input name="reference" required maxLength={60} pattern="[A-Za-z0-9][A-Za-z0-9 _./#\-]*" />
          </label>
          <label>
            Note (optional)
            <input name="note" maxLength={500} />
          </label>
          <button type="submit">Post a manual repayment…</button>
        </form>
        <form onSubmit={prepareWaiver} aria-labelledby="waiver-title">
          <h3 id="waiver-title">Waive</h3>
          <label>
            What
            <select name="charge" defaultValue="penalty">
              <option value="penalty">Penalty ({money(owed.penalty)} owed)</option>
              <option value="charges">Interest and fees ({money(owed.charges)} owed)</option>
            </select>
          </label>
          <fieldset className="filters">
            <legend>How much</legend>
            <label>
              <input type="radio" name="whole" value="whole" defaultChecked /> All of it
            </label>
            <label>
              <input type="radio" name="whole" value="part" /> Part:
            </label>
            <label>
              Amount to waive (₱)
              <input name="amount" inputMode="decimal" autoComplete="off" />
            </label>
          </fieldset>
          <label>
            Reason
            <textarea name="reason" rows={2} required minLength={3} maxLength={500} />
          </label>
          <button type="submit">Waive…</button>
        </form>
      </div>
      {problem ? <p role="alert">{problem}</p> : null}
      <p role="status">{outcome}</p>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'waiver' ? 'Confirm the waiver' : 'Confirm the manual repayment'}
        confirmLabel={pending?.kind === 'waiver' ? 'Waive' : 'Post repayment'}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      >
        {pending?.kind === 'repayment' ? (
          <>
            <p>
              <strong>{money(pending.amount)}</strong> received by{' '}
              {channelLabels[pending.channel].toLowerCase()} on {pending.receivedOn} (reference{' '}
              {pending.reference}) will be applied to order {order.orderNo} of {who}, oldest instalment first.
            </p>
            <p>
              What the order owes goes from {money(owedTotal)} to {money(after)};{' '}
              {statusAfter(order.status, after)}.
              {pending.amount > owedTotal
                ? ` The ${money(pending.amount - owedTotal)} above what is owed is kept as the borrower's credit.`
                : ''}
            </p>
          </>
        ) : pending?.kind === 'waiver' ? (
          <>
            <p>
              <strong>{money(pending.amount)}</strong> of{' '}
              {pending.charge === 'penalty' ? 'penalty' : 'interest and fees'} will be waived on order{' '}
              {order.orderNo} of {who}: the borrower will not owe it, and it is booked as a concession.
              Reason: {pending.reason}
            </p>
            <p>
              What the order owes goes from {money(owedTotal)} to {money(after)};{' '}
              {statusAfter(order.status, after)}.
            </p>
          </>
        ) : null}
        <p>{approvalNote}</p>
      </ConfirmDialog>
    </section>
  );
}
