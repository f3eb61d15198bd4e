import { useState, type FormEvent } from 'react';
import { consoleCalls, type OperatorRole } from '@kwarta/contract';
import { journalKindLabels, labelOf } from '@kwarta/contract/labels';
import { useApiQuery } from '../../lib/use-api.ts';
import { consoleCall } from '../console-client.ts';
import { money } from '../format.ts';
import { CsvExport } from './csv-export.tsx';
import { Reconciliation } from './reconciliation.tsx';

/** A side of an account with nothing on it is left blank, as a ledger is read. */
const side = (minor: number) => (minor === 0 ? '' : money(minor));

/** The Ledger's views, each its own address (`#/ledger/<key>`); the first is `#/ledger`. */
const tabs = [
  { key: '', label: 'Trial balance' },
  { key: 'statement', label: 'Loan statement' },
  { key: 'reconciliation', label: 'Reconciliation' },
] as const;

/**
 * `#/ledger` (decision 0099): the books as finance reads them. The trial balance as of a
 * day, the day's reconciliation with each payment provider, and a loan's statement at `#/ledger/statement/<order id or number>` (the order page links
 * there).
 */
export function LedgerSection({
  role,
  tab,
  orderRef,
}: {
  role: OperatorRole;
  tab: string;
  orderRef: string;
}) {
  const current = tabs.find((each) => each.key === tab) ?? tabs[0];
  return (
    <section aria-labelledby="ledger-title">
      <h1 id="ledger-title">Ledger</h1>
      <nav aria-label="Ledger" className="tabs">
        <ul>
          {tabs.map((each) => (
            <li key={each.key}>
              <a
                href={each.key ? `#/ledger/${each.key}` : '#/ledger'}
                aria-current={each === current ? 'page' : undefined}
              >
                {each.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {current.key === 'statement' ? (
        <LoanStatement key={orderRef} orderRef={orderRef} role={role} />
      ) : current.key === 'reconciliation' ? (
        <Reconciliation role={role} />
      ) : (
        <TrialBalance role={role} />
      )}
    </section>
  );
}

function TrialBalance({ role }: { role: OperatorRole }) {
  // Empty asks for the lender's today, which the server knows (its time zone) and answers with.
  const [date, setDate] = useState('');
  const { data, error, fetching } = useApiQuery(consoleCall, consoleCalls.consoleTrialBalance, { date });
  function show(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDate(String(new FormData(event.currentTarget).get('date') ?? ''));
  }
  return (
    <div aria-busy={fetching}>
      <form className="filters" onSubmit={show} aria-label="Trial balance date">
        <label>
          As of (end of day)
          <input type="date" name="date" key={data?.date ?? ''} defaultValue={data?.date ?? date} />
        </label>
        <button type="submit">Show</button>
      </form>
      {error ? <p role="alert">{error}</p> : null}
      {data ? (
        <>
          <div className="table-scroll">
            <table>
              <caption>Trial balance as of {data.date}</caption>
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Account</th>
                  <th scope="col" className="num">
                    Debit
                  </th>
                  <th scope="col" className="num">
                    Credit
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={row.account}>
                    <td>{row.code}</td>
                    <th scope="row">{row.name}</th>
                    <td className="num">{side(row.debit)}</td>
                    <td className="num">{side(row.credit)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <td />
                  <th scope="row">Total</th>
                  <td className="num" data-total="debits">
                    {money(data.totalDebits)}
                  </td>
                  <td className="num" data-total="credits">
                    {money(data.totalCredits)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
          {data.rows.length === 0 ? <p>No journal entries on or before {data.date}.</p> : null}
          {data.totalDebits === data.totalCredits ? (
            <p>Debits equal credits.</p>
          ) : (
            <p role="alert" className="error">
              Out of balance by {money(data.totalDebits - data.totalCredits)}.
            </p>
          )}
          <CsvExport
            role={role}
            path={consoleCalls.consoleExportTrialBalance.path}
            what="trial balance"
            asOf={data.date}
          />
        </>
      ) : null}
    </div>
  );
}

function LoanStatement({ orderRef, role }: { orderRef: string; role: OperatorRole }) {
  function open(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const ref = String(new FormData(event.currentTarget).get('order') ?? '').trim();
    if (ref) location.hash = `#/ledger/statement/${encodeURIComponent(ref)}`;
  }
  return (
    <>
      <form className="filters" onSubmit={open} role="search" aria-label="Loan statement">
        <label>
          Order number or id
          <input name="order" defaultValue={orderRef} required maxLength={40} />
        </label>
        <button type="submit">Show statement</button>
      </form>
      {orderRef ? <StatementLines orderRef={orderRef} role={role} /> : null}
    </>
  );
}

function StatementLines({ orderRef, role }: { orderRef: string; role: OperatorRole }) {
  const { data, error, fetching } = useApiQuery(consoleCall, consoleCalls.consoleOrderStatement, {
    order: orderRef,
  });
  if (error) return <p role="alert">{error}</p>;
  if (!data) return <p aria-busy={fetching}>Loading…</p>;
  const owed = data.lines.at(-1)?.owed ?? 0;
  return (
    <>
      <h2>
        Statement of order <a href={`#/order/${data.orderId}`}>{data.orderNo}</a>
      </h2>
      {data.lines.length === 0 ? (
        <p>The order has no journal entries (nothing disbursed yet).</p>
      ) : (
        <>
          <p>
            Status: {data.status} {data.statusText}
            {data.writtenOffAt
              ? `, written off ${data.writtenOffAt.slice(0, 10)}: nothing is owed on the books`
              : ''}
            .
          </p>
          <p>Owes now: {money(owed)}.</p>
          <div className="table-scroll">
            <table>
              <caption>Every journal line of order {data.orderNo}, with what the loan owes after it</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Entry</th>
                  <th scope="col">Memo</th>
                  <th scope="col">Account</th>
                  <th scope="col" className="num">
                    Debit
                  </th>
                  <th scope="col" className="num">
                    Credit
                  </th>
                  <th scope="col" className="num">
                    Owed
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.lines.map((line, index) => (
                  <tr key={index}>
                    <td className="nowrap">{line.entryDate}</td>
                    <td>
                      #{line.entryId} {labelOf(journalKindLabels, line.kind)}
                    </td>
                    <td>{line.memo}</td>
                    <td>{line.accountName}</td>
                    <td className="num">{side(line.debit)}</td>
                    <td className="num">{side(line.credit)}</td>
                    <td className="num">{money(line.owed)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <CsvExport
            role={role}
            path={consoleCalls.consoleExportStatement.path}
            what="statement"
            fixed={{ order: String(data.orderId) }}
          />
        </>
      )}
    </>
  );
}
