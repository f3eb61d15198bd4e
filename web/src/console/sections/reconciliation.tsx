import { useState, type FormEvent } from 'react';
import { consoleCalls, type OperatorRole } from '@kwarta/contract';
import { reconciliationProblemLabels } from '@kwarta/domain/reconciliation';
import { useApiQuery } from '../../lib/use-api.ts';
import { consoleCall } from '../console-client.ts';
import { money } from '../format.ts';
import { CsvExport } from './csv-export.tsx';

/**
 * `#/ledger/reconciliation` (decision 0099): a lender's day closed against each payment provider — the
 * provider's paid payments beside the cash the journal booked, and every payment where they differ,
 * with the provider's reference to find it in the provider's own report.
 */
export function Reconciliation({ role }: { role: OperatorRole }) {
  // Empty asks for yesterday in the lender's time zone, which the server knows and answers with.
  const [date, setDate] = useState('');
  const { data, error, fetching } = useApiQuery(consoleCall, consoleCalls.consoleReconciliation, { date });
  function show(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDate(String(new FormData(event.currentTarget).get('date') ?? ''));
  }
  return (
    <div aria-busy={fetching}>
      <form className="filters" onSubmit={show} aria-label="Reconciliation day">
        <label>
          Day
          <input type="date" name="date" key={data?.date ?? ''} defaultValue={data?.date ?? date} />
        </label>
        <button type="submit">Reconcile</button>
      </form>
      {error ? <p role="alert">{error}</p> : null}
      {data ? (
        <>
          {data.providers.length === 0 ? (
            <p>No payments arrived and no cash was booked for payments on {data.date}.</p>
          ) : (
            <div className="table-scroll">
              <table>
                <caption>Each provider on {data.date}: its paid payments against the journal's cash</caption>
                <thead>
                  <tr>
                    <th scope="col">Provider</th>
                    <th scope="col" className="num">
                      Payments
                    </th>
                    <th scope="col" className="num">
                      Provider total
                    </th>
                    <th scope="col" className="num">
                      Booked
                    </th>
                    <th scope="col" className="num">
                      Difference
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.providers.map((line) => (
                    <tr key={line.provider}>
                      <th scope="row">{line.provider}</th>
                      <td className="num">{line.payments}</td>
                      <td className="num">{money(line.providerTotal)}</td>
                      <td className="num">{money(line.bookedTotal)}</td>
                      <td className="num">{money(line.difference)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {data.mismatches.length === 0 ? (
            data.providers.length > 0 ? (
              <p>Every payment reconciles.</p>
            ) : null
          ) : (
            <>
              <h2 role="alert">
                {data.mismatches.length} mismatch{data.mismatches.length === 1 ? '' : 'es'}
              </h2>
              <div className="table-scroll">
                <table>
                  <caption>Payments whose provider report and journal differ on {data.date}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Payment</th>
                      <th scope="col">Provider</th>
                      <th scope="col">Order</th>
                      <th scope="col">Reference</th>
                      <th scope="col">Problem</th>
                      <th scope="col" className="num">
                        Provider amount
                      </th>
                      <th scope="col" className="num">
                        Booked
                      </th>
                      <th scope="col">Other day</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.mismatches.map((mismatch, index) => (
                      <tr key={index}>
                        <th scope="row">{mismatch.paymentId}</th>
                        <td>{mismatch.provider}</td>
                        <td>
                          {mismatch.orderId === null ? (
                            ''
                          ) : (
                            <a href={`#/ledger/statement/${mismatch.orderId}`}>{mismatch.orderId}</a>
                          )}
                        </td>
                        <td>{mismatch.refNo ?? mismatch.txnid ?? ''}</td>
                        <td>{reconciliationProblemLabels[mismatch.problem]}</td>
                        <td className="num">{money(mismatch.providerAmount)}</td>
                        <td className="num">{money(mismatch.bookedAmount)}</td>
                        <td>{mismatch.otherDate ?? ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
          <CsvExport
            role={role}
            path={consoleCalls.consoleExportReconciliation.path}
            what="reconciliation"
            asOf={data.date}
          />
        </>
      ) : null}
    </div>
  );
}
