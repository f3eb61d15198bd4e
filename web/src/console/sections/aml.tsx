import { useState, type FormEvent } from 'react';
import { consoleCalls } from '@kwarta/contract';
import { useApiQuery } from '../../lib/use-api.ts';
import { consoleCall } from '../console-client.ts';
import { formValues } from '../form-values.ts';
import { money, when } from '../format.ts';
import { FilterSelect, useHashQuery } from './table-controls.tsx';

const statusOptions = [
  { value: 'open', label: 'open' },
  { value: 'reported', label: 'reported' },
] as const;
const kindOptions = [
  { value: 'suspicious', label: 'suspicious' },
  { value: 'covered', label: 'covered' },
] as const;

/**
 * `#/aml` (decision 0112): the compliance officer's AML register. Suspicious and covered
 * transactions with their deadline at the AMLC (5 Philippine working days), overdue ones first;
 * filters (kept in the address, decision 0113), the flag form, marking a record reported, and the
 * register as CSV for the AMLC portal.
 */
export function AmlSection() {
  const [view, setView] = useHashQuery({ status: 'open', kind: '' });
  // The address is typed by people: a value the register does not know is no filter.
  const status = statusOptions.find((option) => option.value === view.status)?.value ?? '';
  const kind = kindOptions.find((option) => option.value === view.kind)?.value ?? '';
  const { data, error, fetching, reload } = useApiQuery(consoleCall, consoleCalls.consoleAmlRecords, {
    status,
    kind,
  });
  return (
    <div aria-busy={fetching}>
      <h1>AML register</h1>
      <p>
        Suspicious transactions are reported to the AMLC within 5 working days of their determination, covered
        ones within 5 working days of the transaction.
      </p>
      <form className="filters" aria-label="Filter the register" onSubmit={(event) => event.preventDefault()}>
        <FilterSelect
          label="Status"
          allLabel="all"
          value={status}
          options={statusOptions}
          onChange={(value) => setView({ status: value })}
        />
        <FilterSelect
          label="Kind"
          allLabel="all"
          value={kind}
          options={kindOptions}
          onChange={(value) => setView({ kind: value })}
        />
      </form>
      {error ? <p role="alert">{error}</p> : null}
      {data ? (
        <>
          <div className="table-scroll">
            <table>
              <caption>{data.rows.length} records, open ones by deadline</caption>
              <thead>
                <tr>
                  <th scope="col">Record</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Borrower</th>
                  <th scope="col">Order / payment</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Narrative</th>
                  <th scope="col">Determined</th>
                  <th scope="col">Due</th>
                  <th scope="col">Reported to the AMLC</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={row.id}>
                    <td>{row.id}</td>
                    <td>{row.kind}</td>
                    <td>{row.borrowerId}</td>
                    <td>
                      {row.orderId ?? '—'} / {row.paymentId ?? '—'}
                    </td>
                    <td>{row.amount === null ? '' : money(row.amount)}</td>
                    <td>{row.narrative}</td>
                    <td>{row.determinedOn}</td>
                    <td>
                      {row.dueOn}
                      {row.report
                        ? ''
                        : row.overdue
                          ? ' (overdue)'
                          : ` (${row.workingDaysLeft} working days left)`}
                    </td>
                    <td>
                      {row.report ? (
                        `${row.report.reference}, by ${row.report.by} ${when(row.report.at)}`
                      ) : (
                        <MarkReported recordId={row.id} onDone={reload} />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <form className="filters export" method="get" action={consoleCalls.consoleAmlExport.path}>
            <input type="hidden" name="status" value={status} />
            <input type="hidden" name="kind" value={kind} />
            <button type="submit">Download the register as CSV (AMLC portal)</button>
          </form>
        </>
      ) : null}
      <FlagSuspicious onDone={reload} />
    </div>
  );
}

function MarkReported({ recordId, onDone }: { recordId: number; onDone: () => void }) {
  const [message, setMessage] = useState('');
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await consoleCall(consoleCalls.consoleAmlReported, {
      recordId: String(recordId),
      reference: formValues(event.currentTarget).reference ?? '',
    });
    if (result.success) onDone();
    else setMessage(result.message);
  }
  return (
    <form className="filters" onSubmit={submit} aria-label={`Mark record ${recordId} reported`}>
      <label>
        AMLC reference
        <input name="reference" required maxLength={100} />
      </label>
      <button type="submit">Mark reported</button>
      {message ? <p role="alert">{message}</p> : null}
    </form>
  );
}

function FlagSuspicious({ onDone }: { onDone: () => void }) {
  const [message, setMessage] = useState('');
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(form);
    const result = await consoleCall(consoleCalls.consoleAmlFlag, {
      borrowerId: values.borrowerId ?? '',
      orderId: values.orderId ?? '',
      paymentId: values.paymentId ?? '',
      narrative: values.narrative ?? '',
      determinedOn: values.determinedOn ?? '',
    });
    if (result.success && result.data) {
      setMessage(`Flagged as record ${result.data.id}, due ${result.data.dueOn}.`);
      form.reset();
      onDone();
    } else if (!result.success) setMessage(result.message);
  }
  return (
    <form className="filters" onSubmit={submit} aria-labelledby="aml-flag-title">
      <h2 id="aml-flag-title">Flag a suspicious transaction</h2>
      <label>
        Borrower id
        <input name="borrowerId" required inputMode="numeric" />
      </label>
      <label>
        Order id (optional)
        <input name="orderId" inputMode="numeric" />
      </label>
      <label>
        Payment id (optional)
        <input name="paymentId" inputMode="numeric" />
      </label>
      <label>
        Date of determination
        <input name="determinedOn" type="date" required />
      </label>
      <label>
        Narrative (why it is suspicious; kept in the register)
        <textarea name="narrative" required rows={3} maxLength={4000} />
      </label>
      <button type="submit">Flag</button>
      {message ? <p role="status">{message}</p> : null}
    </form>
  );
}
