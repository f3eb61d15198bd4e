import { useState, type FormEvent } from 'react';
import { ConsoleRoles, mayAct, consoleCalls, type OperatorRole } from '@kwarta/contract';
import { consoleCall } from '../console-client.ts';
import { formValues } from '../form-values.ts';
import { money, when } from '../format.ts';
import { useApiQuery } from '../../lib/use-api.ts';

/**
 * The order's automatic credit decision as recorded (decision 0109): model version, outcome,
 * reasons in the operators' words, limit, the rows that matched and the inputs; and for a credit
 * officer, the override with a reason.
 */
export function DecisionPanel({
  role,
  orderId,
  onChanged,
}: {
  role: OperatorRole;
  orderId: string;
  onChanged: () => void;
}) {
  const { data, reload } = useApiQuery(consoleCall, consoleCalls.consoleOrderDecision, { orderId });
  const [message, setMessage] = useState('');
  if (!data) return null;
  async function override(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const values = formValues(event.currentTarget);
    const result = await consoleCall(consoleCalls.consoleCreditOverride, {
      orderId,
      outcome: submitter?.value === 'decline' ? 'decline' : 'approve',
      reason: values.reason ?? '',
    });
    setMessage(result.success ? 'Override recorded.' : result.message);
    if (result.success) {
      reload();
      onChanged();
    }
  }
  return (
    <section aria-labelledby="decision-title">
      <h2 id="decision-title">Credit decision</h2>
      <p>
        {data.outcome === 'approve'
          ? 'Approved'
          : data.outcome === 'decline'
            ? 'Declined'
            : 'Referred to a person'}{' '}
        by model <code>{data.modelHash?.slice(0, 12) ?? 'none'}</code>
        {data.challenger ? ' (challenger)' : ''} at {when(data.decidedAt)} in{' '}
        {(data.tookMicros / 1000).toFixed(1)} ms
        {data.limit ? `; limit ${money(data.limit.amount)}, ${data.limit.termDays ?? '-'} days` : ''}.
      </p>
      {data.reasons.length ? (
        <ol aria-label="Reasons">
          {data.reasons.map((reason) => (
            <li key={reason.code}>
              {reason.text} <code>{reason.code}</code>
            </li>
          ))}
        </ol>
      ) : null}
      {data.error ? <p>Decision failed: {data.error}</p> : null}
      {data.reviewRequestedAt ? (
        <p>The borrower asked for a human review at {when(data.reviewRequestedAt)}.</p>
      ) : null}
      {data.overrides.map((entry) => (
        <p key={entry.createdAt}>
          Overridden ({entry.outcome}) by {entry.actor} at {when(entry.createdAt)}: {entry.reason}
        </p>
      ))}
      <details>
        <summary>Inputs and trace</summary>
        <pre>{JSON.stringify({ inputs: data.inputs, trace: data.trace }, null, 2)}</pre>
      </details>
      {mayAct(role, ConsoleRoles.decideOrders) && data.overrides.length === 0 ? (
        <form onSubmit={override} aria-label="Override the decision">
          <label>
            Reason for the override
            <input name="reason" required maxLength={500} />
          </label>
          <div className="actions">
            <button type="submit" value="approve">
              Override: approve
            </button>
            <button type="submit" value="decline">
              Override: decline
            </button>
          </div>
          <p role="status">{message}</p>
        </form>
      ) : null}
    </section>
  );
}
