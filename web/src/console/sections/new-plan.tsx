import { useState, type FormEvent } from 'react';
import { consoleCalls } from '@kwarta/contract';
import { addDays } from '@kwarta/domain/calendar-date';
import type { DataOf } from '../../lib/api-client.ts';
import { consoleCall } from '../console-client.ts';
import { formValues } from '../form-values.ts';
import { lenderToday, money, typedPercentBps, when } from '../format.ts';
import { ConfirmDialog, useConfirmation } from './confirm-dialog.tsx';
import { proposalOutcome } from './money-actions.tsx';

type OrderPage = DataOf<typeof consoleCalls.consoleOrder>;
type Preview = DataOf<typeof consoleCalls.consoleRestructurePreview>;
type Terms = { instalments: string; everyDays: string; firstDue: string; monthlyBps: string };

const offerStatus: Record<OrderPage['restructurings'][number]['status'], string> = {
  offered: 'On offer: waits for the borrower to accept it in the app',
  accepted: 'Accepted by the borrower: the order repays on it',
  withdrawn: 'Withdrawn: a newer plan replaced it',
};

/**
 * A new plan for a repaying order in difficulty (decision 0110), for finance and admin: terms in
 * the lender's words, the plan the server computes for them in pesos with its compliance verdict,
 * then an offer confirmed like every money action. It takes effect only when the borrower accepts
 * it in the app; the order's offers and what became of each are listed under it.
 */
export function NewPlan({ page, onChanged }: { page: OrderPage; onChanged: () => void }) {
  const { order, borrower, restructurings } = page;
  const [terms, setTerms] = useState<Terms | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problem, setProblem] = useState('');
  const confirmation = useConfirmation<{ terms: Terms; preview: Preview }>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState('');

  async function previewPlan(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const monthlyBps = typedPercentBps(values.rate ?? '');
    if (monthlyBps === null) return setProblem('Type the interest in percent a month, e.g. 2 or 1.5.');
    const typed = {
      orderId: String(order.orderId),
      instalments: values.instalments ?? '',
      everyDays: values.everyDays ?? '',
      firstDue: values.firstDue ?? '',
      monthlyBps: String(monthlyBps),
    };
    setBusy(true);
    const result = await consoleCall(consoleCalls.consoleRestructurePreview, typed);
    setBusy(false);
    setPreview(result.data ?? null);
    setTerms(result.data ? typed : null);
    setProblem(result.success ? '' : result.message);
  }

  async function offer() {
    const result = await confirmation.run(({ terms }) =>
      consoleCall(consoleCalls.consoleOfferRestructuring, { orderId: String(order.orderId), ...terms }),
    );
    if (!result) return;
    if (!result.success || !result.data) return setOutcome(result.message);
    setOutcome(
      result.data.status === 'applied' && !result.data.applied
        ? 'This plan is already on offer: nothing new was offered.'
        : proposalOutcome(result.data, 'Offered: the borrower sees the new plan in the app.'),
    );
    setPreview(null);
    onChanged();
  }

  const firstDefault = addDays(lenderToday(), 15);
  // The dialog states the plan it was opened for.
  const offered = confirmation.subject?.preview;
  const instalments = preview?.instalments ?? [];
  return (
    <section aria-labelledby="new-plan-title" className="money-actions">
      <h2 id="new-plan-title">New plan</h2>
      <p>
        Reschedules the principal still owed over new instalments. The borrower reads it as a new disclosure
        and it takes effect only when they accept it; what was paid stays paid.
      </p>
      {order.owed ? (
        <form onSubmit={(event) => void previewPlan(event)} aria-labelledby="new-plan-terms" className="grid">
          <h3 id="new-plan-terms">Terms</h3>
          <label>
            Instalments
            <input name="instalments" type="number" min={1} max={24} required defaultValue={4} />
          </label>
          <label>
            Days between instalments
            <input name="everyDays" type="number" min={1} max={62} required defaultValue={15} />
          </label>
          <label>
            First instalment due
            <input
              name="firstDue"
              type="date"
              required
              min={addDays(lenderToday(), 1)}
              defaultValue={firstDefault}
            />
          </label>
          <label>
            Interest (% a month)
            <input name="rate" inputMode="decimal" required defaultValue="0" autoComplete="off" />
          </label>
          <button type="submit" disabled={busy}>
            Preview the plan
          </button>
        </form>
      ) : null}
      {problem ? <p role="alert">{problem}</p> : null}
      {preview ? (
        <>
          <table>
            <caption>
              New plan for {money(preview.principalOwed)} of principal still owed (owed now in all:{' '}
              {money(preview.owedNow)})
            </caption>
            <thead>
              <tr>
                <th scope="col">Due</th>
                <th scope="col" className="num">
                  Principal
                </th>
                <th scope="col" className="num">
                  Interest
                </th>
                <th scope="col" className="num">
                  Instalment
                </th>
              </tr>
            </thead>
            <tbody>
              {instalments.map((line) => (
                <tr key={line.dueDate}>
                  <td>{line.dueDate}</td>
                  <td className="num">{money(line.principal)}</td>
                  <td className="num">{money(line.interest)}</td>
                  <td className="num">{money(line.principal + line.interest)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td className="num">{money(preview.principalOwed)}</td>
                <td className="num">{money(preview.interest)}</td>
                <td className="num">{money(preview.total)}</td>
              </tr>
            </tfoot>
          </table>
          {preview.breaches.length ? (
            <div role="alert">
              <p>
                <strong>Refused:</strong> this plan breaks the {preview.profile?.name}:
              </p>
              <ul>
                {preview.breaches.map((breach) => (
                  <li key={breach}>{breach}</li>
                ))}
              </ul>
            </div>
          ) : (
            <p>
              <strong>Within the caps</strong>
              {preview.profile ? `: ${preview.profile.name}` : ' (no compliance profile covers this order)'}.
            </p>
          )}
          <button
            type="button"
            disabled={preview.breaches.length > 0}
            onClick={() => terms && confirmation.ask({ terms, preview })}
          >
            Offer this plan…
          </button>
        </>
      ) : null}
      <p role="status">{outcome}</p>
      {restructurings.length ? (
        <table>
          <caption>Plans offered</caption>
          <thead>
            <tr>
              <th scope="col">Offered</th>
              <th scope="col">By</th>
              <th scope="col" className="num">
                Principal
              </th>
              <th scope="col">Instalments</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {restructurings.map((plan) => (
              <tr key={plan.id}>
                <td>{when(plan.offeredAt)}</td>
                <td>{plan.offeredBy.replace(/^operator:/, '')}</td>
                <td className="num">{money(plan.principalOwed)}</td>
                <td>
                  {plan.instalments.length} from {plan.instalments[0]?.dueDate} to{' '}
                  {plan.instalments.at(-1)?.dueDate}
                </td>
                <td>
                  {offerStatus[plan.status]}
                  {plan.acceptedAt ? ` (${when(plan.acceptedAt)})` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <ConfirmDialog
        {...confirmation.dialog}
        title="Confirm the new plan"
        confirmLabel="Offer the plan"
        onConfirm={() => void offer()}
      >
        {offered ? (
          <>
            <p>
              Order {order.orderNo} of {borrower.name ?? borrower.phone}: the{' '}
              <strong>{money(offered.principalOwed)}</strong> of principal still owed is offered over{' '}
              {offered.instalments.length} instalments from {offered.instalments[0]?.dueDate} to{' '}
              {offered.instalments.at(-1)?.dueDate}, {money(offered.total)} in all ({money(offered.interest)}{' '}
              interest).
            </p>
            <p>
              Nothing changes until the borrower accepts it in the app; then it replaces the unpaid
              instalments (owed now: {money(offered.owedNow)}) and the old plan is closed in the ledger. A
              plan already on offer for this order is withdrawn.
            </p>
            {offered.needsApproval ? (
              <p>
                Above the approval threshold: it is not offered now, it waits for a second person to approve
                it.
              </p>
            ) : null}
          </>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
