import { useState, type FormEvent } from 'react';
import {
  consoleCalls,
  standardReportNames,
  type OperatorRole,
  type StandardReportName,
} from '@kwarta/contract';
import { timeZoneLabel } from '@kwarta/domain/lender-time';
import { useApiQuery } from '../../lib/use-api.ts';
import { consoleCall } from '../console-client.ts';
import { money, when } from '../format.ts';
import { CsvExport } from './csv-export.tsx';

export const standardReportLabels: Record<StandardReportName, string> = {
  aging: 'Aging of receivables',
  'expected-repayments': 'Expected repayments',
  disbursements: 'Disbursement register',
  'collections-by-collector': 'Collections by collector',
  'payments-by-channel': 'Payments by channel',
};

/** Reports over a span of days take from/to; aging and expected repayments are as of now. */
const spanned: readonly StandardReportName[] = [
  'disbursements',
  'collections-by-collector',
  'payments-by-channel',
];

/** Rows shown on screen; the CSV carries every row. */
const SHOWN_ROWS = 500;

/**
 * `#/reports` (decision 0110): the standard reports, each with its lender time zone and when it
 * was computed, and its CSV: the same figures `npm run report -- <name> --csv` prints.
 */
export function StandardReportsSection({ role }: { role: OperatorRole }) {
  const [params, setParams] = useState<{ name: StandardReportName; from: string; to: string }>({
    name: 'aging',
    from: '',
    to: '',
  });
  const { data, error, fetching } = useApiQuery(consoleCall, consoleCalls.consoleStandardReport, params);

  function show(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? 'aging') as StandardReportName;
    const dated = spanned.includes(name);
    setParams({
      name,
      from: dated ? String(form.get('from') ?? '') : '',
      to: dated ? String(form.get('to') ?? '') : '',
    });
  }

  const label = standardReportLabels[params.name];
  const rows = data?.rows ?? [];
  return (
    <section aria-labelledby="reports-title">
      <h1 id="reports-title">Standard reports</h1>
      <form className="filters" onSubmit={show} aria-label="Choose a report">
        <label>
          Report
          <select name="name" defaultValue={params.name}>
            {standardReportNames.map((name) => (
              <option key={name} value={name}>
                {standardReportLabels[name]}
              </option>
            ))}
          </select>
        </label>
        <label>
          From (the span&apos;s reports; default the last 30 days)
          <input type="date" name="from" defaultValue={params.from} />
        </label>
        <label>
          to
          <input type="date" name="to" defaultValue={params.to} />
        </label>
        <button type="submit">Show</button>
      </form>
      {error ? <p role="alert">{error}</p> : null}
      {data ? (
        <>
          <h2>{label}</h2>
          <p>
            {data.header.from === data.header.to
              ? `As of ${data.header.from}`
              : `${data.header.from} to ${data.header.to}`}{' '}
            · {timeZoneLabel(data.header.timeZone)} · computed {when(data.header.computedAt)}
          </p>
          <div className="table-scroll">
            <table aria-busy={fetching}>
              <caption>{label}</caption>
              <thead>
                <tr>
                  {data.columns.map((column, index) => (
                    <th
                      key={column}
                      scope="col"
                      className={typeof rows[0]?.[index] === 'number' ? 'num' : undefined}
                    >
                      {column.replaceAll('_', ' ')}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.slice(0, SHOWN_ROWS).map((row, index) => (
                  <tr key={index}>
                    {row.map((cell, column) => {
                      const asMoney =
                        data.money.includes(data.columns[column] ?? '') && typeof cell === 'number';
                      return (
                        <td key={column} className={typeof cell === 'number' ? 'num' : undefined}>
                          {asMoney ? money(cell) : cell}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {rows.length === 0 ? <p>No rows.</p> : null}
          {rows.length > SHOWN_ROWS ? (
            <p>
              The first {SHOWN_ROWS} of {rows.length} rows; the CSV has them all.
            </p>
          ) : null}
          <CsvExport
            role={role}
            path={consoleCalls.consoleExportStandardReport.path}
            what={label.toLowerCase()}
            fixed={{ name: params.name, from: params.from, to: params.to }}
          />
        </>
      ) : null}
    </section>
  );
}
