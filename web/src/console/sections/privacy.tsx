import { useState, type FormEvent, type ReactNode } from 'react';
import { consoleCalls } from '@kwarta/contract';
import { useApiQuery } from '../../lib/use-api.ts';
import { consoleCall } from '../console-client.ts';
import { formValues } from '../form-values.ts';
import { when } from '../format.ts';

/**
 * The data protection officer's desk (decision 0107): borrowers' requests with their deadline in
 * Philippine working days, the access log of console reads of personal data, and the breach
 * register with the 72-hour clock from discovery. The DPO answers an open request (done or refused,
 * with the text the borrower reads on My data), records a breach and its NPC notification.
 */
export function PrivacySection() {
  const requests = useApiQuery(consoleCall, consoleCalls.consolePrivacyRequests, {});
  const accessLog = useApiQuery(consoleCall, consoleCalls.consoleAccessLog, {});
  const breaches = useApiQuery(consoleCall, consoleCalls.consoleBreaches, {});
  const open = requests.data?.filter((row) => row.status === 'open') ?? [];
  const error = requests.error || accessLog.error || breaches.error;
  return (
    <section aria-labelledby="privacy-title">
      <h1 id="privacy-title">Data privacy</h1>
      {error ? <p role="alert">{error}</p> : null}
      <table>
        <caption>Data subject requests, open ones first by deadline (30 Philippine working days)</caption>
        <thead>
          <tr>
            <th scope="col">Borrower</th>
            <th scope="col">Kind</th>
            <th scope="col">Field and value</th>
            <th scope="col">Status</th>
            <th scope="col">Opened</th>
            <th scope="col">Due</th>
            <th scope="col">Working days left</th>
            <th scope="col">Answer</th>
          </tr>
        </thead>
        <tbody>
          {requests.data?.map((row) => (
            <tr key={row.id}>
              <td>{row.borrowerId}</td>
              <td>{row.kind}</td>
              <td>{row.field ? `${row.field}: ${row.requestedValue ?? ''}` : ''}</td>
              <td>{row.status}</td>
              <td>{when(row.openedAt)}</td>
              <td>{row.dueOn}</td>
              <td>{row.status === 'open' ? row.workingDaysLeft : ''}</td>
              <td>{row.outcome?.note ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {open.length > 0 ? (
        <DeskForm
          label="Answer a request"
          route={consoleCalls.consoleClosePrivacyRequest}
          submit="Send the answer"
          onDone={requests.reload}
        >
          <label>
            Request
            <select name="requestId" required>
              {open.map((row) => (
                <option key={row.id} value={row.id}>
                  {`#${row.id}: borrower ${row.borrowerId}, ${row.kind}${row.field ? ` of ${row.field}` : ''}, due ${row.dueOn}`}
                </option>
              ))}
            </select>
          </label>
          <label>
            Answer
            <select name="status" required>
              <option value="done">Done (a full-name correction is applied to the borrower)</option>
              <option value="refused">Refused</option>
            </select>
          </label>
          <label>
            Text the borrower reads on My data
            <textarea name="note" required rows={3} maxLength={500} />
          </label>
        </DeskForm>
      ) : null}
      <table>
        <caption>Breach register: the NPC is notified within 72 hours of discovery</caption>
        <thead>
          <tr>
            <th scope="col">Breach</th>
            <th scope="col">Discovered</th>
            <th scope="col">Notify by</th>
            <th scope="col">Hours left</th>
            <th scope="col">NPC notified</th>
          </tr>
        </thead>
        <tbody>
          {breaches.data?.map((row) => (
            <tr key={row.id}>
              <td>{row.title}</td>
              <td>{when(row.discoveredAt)}</td>
              <td>{when(row.notifyBy)}</td>
              <td>
                {row.hoursLeft === null
                  ? ''
                  : row.hoursLeft < 0
                    ? `overdue by ${-row.hoursLeft}`
                    : row.hoursLeft}
              </td>
              <td>
                {row.npcNotifiedAt ? (
                  when(row.npcNotifiedAt)
                ) : (
                  <DeskForm
                    label={`NPC notified of ${row.title}`}
                    route={consoleCalls.consoleBreachNotified}
                    submit="Mark NPC notified now"
                    onDone={breaches.reload}
                  >
                    <input type="hidden" name="breachId" value={row.id} />
                  </DeskForm>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <DeskForm
        label="Record a breach"
        route={consoleCalls.consoleRecordBreach}
        submit="Record the breach"
        onDone={breaches.reload}
        toInput={(values) => ({
          ...values,
          discoveredAt: values.discoveredAt ? new Date(values.discoveredAt).toISOString() : '',
        })}
      >
        <label>
          What happened
          <input name="title" required maxLength={200} />
        </label>
        <label>
          Discovered at (your local time)
          <input name="discoveredAt" type="datetime-local" required />
        </label>
        <label>
          Details: how many borrowers, which categories of data
          <textarea name="description" rows={3} maxLength={4000} />
        </label>
      </DeskForm>
      <table>
        <caption>Access log: every console read of a borrower&apos;s personal data, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Operator</th>
            <th scope="col">Borrower</th>
            <th scope="col">What</th>
          </tr>
        </thead>
        <tbody>
          {accessLog.data?.map((row, index) => (
            <tr key={`${row.at}-${index}`}>
              <td>{when(row.at)}</td>
              <td>{row.operatorName}</td>
              <td>{row.borrowerId ?? 'every one in the file'}</td>
              <td>{row.what}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

type DeskRoute =
  | typeof consoleCalls.consoleClosePrivacyRequest
  | typeof consoleCalls.consoleRecordBreach
  | typeof consoleCalls.consoleBreachNotified;

/**
 * One of the desk's forms: sends its fields to its call, shows the server's refusal (field and
 * reason) and changes nothing on screen until the call has succeeded.
 */
function DeskForm({
  label,
  route,
  submit,
  onDone,
  toInput = (values) => values,
  children,
}: {
  label: string;
  route: DeskRoute;
  submit: string;
  onDone: () => void;
  toInput?: (values: Record<string, string>) => Record<string, string>;
  children: ReactNode;
}) {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    // The form's fields are the call's, by name; the server's schema checks them (400 with the field).
    const result = await consoleCall(route, toInput(formValues(form)) as never);
    setBusy(false);
    if (!result.success) {
      setMessage(result.message);
      return;
    }
    setMessage('');
    form.reset();
    onDone();
  }
  return (
    <form className="filters" onSubmit={send} aria-label={label}>
      {children}
      {message ? <p role="alert">{message}</p> : null}
      <button type="submit" disabled={busy}>
        {submit}
      </button>
    </form>
  );
}
