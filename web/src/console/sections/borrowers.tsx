import { useState, type FormEvent, type ReactNode } from 'react';
import { consoleCalls, type OperatorRole } from '@kwarta/contract';
import { useApiQuery } from '../../lib/use-api.ts';
import { consoleCall } from '../console-client.ts';
import { money, when } from '../format.ts';
import { useHashQuery } from './table-controls.tsx';

const matchedLabels: Record<string, string> = {
  name: 'name',
  phone: 'phone',
  'phone-last4': 'last 4 of phone',
  'account-last4': 'last 4 of payout account',
  order: 'order number',
};

/**
 * `#/borrowers?q=` (decision 0113): find a borrower by name, phone (whole or last 4 digits), order
 * number or payout account's last 4 digits; the query stays in the address.
 */
export function BorrowerSearchSection() {
  const [view, setView] = useHashQuery({ q: '' });
  const { data, error, fetching } = useApiQuery(consoleCall, consoleCalls.consoleBorrowerSearch, {
    q: view.q,
  });
  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setView({ q: String(new FormData(event.currentTarget).get('q') ?? '').trim() });
  }
  return (
    <section aria-labelledby="borrowers-title">
      <h1 id="borrowers-title">Borrowers</h1>
      <form className="filters" role="search" onSubmit={search}>
        <label>
          Name, phone, last 4 digits or order number
          <input key={view.q} name="q" type="search" defaultValue={view.q} required minLength={2} />
        </label>
        <button type="submit">Search</button>
      </form>
      {error ? <p role="alert">{error}</p> : null}
      {view.q && data ? (
        <table aria-busy={fetching}>
          <caption>
            {data.rows.length === 0 ? 'No borrower matches' : `Borrowers matching “${data.q}”`}
          </caption>
          <thead>
            <tr>
              <th scope="col">Borrower</th>
              <th scope="col">Phone</th>
              <th scope="col">Matched by</th>
              <th scope="col">Registered</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.borrowerId}>
                <td>
                  <a href={`#/borrowers/${row.borrowerId}`}>{row.name ?? `Borrower ${row.borrowerId}`}</a>
                </td>
                <td>{row.phone}</td>
                <td>{matchedLabels[row.matched] ?? row.matched}</td>
                <td>{when(row.registeredAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

/** `#/borrowers/:id` (decision 0113): one borrower in one place, and the operators' notes. */
export function BorrowerProfileSection({ borrowerId, role }: { borrowerId: string; role: OperatorRole }) {
  const { data, error, reload } = useApiQuery(consoleCall, consoleCalls.consoleBorrowerProfile, {
    borrowerId,
  });
  if (error) return <p role="alert">{error}</p>;
  if (!data) return <p aria-busy="true">Loading…</p>;
  const { borrower, identity } = data;
  const title = borrower.name ?? `Borrower ${borrower.id}`;
  return (
    <article aria-labelledby="profile-title" className="profile">
      <p>
        <a href="#/borrowers">Back to borrower search</a>
      </p>
      <h1 id="profile-title">{title}</h1>
      <section aria-labelledby="profile-identity">
        <h2 id="profile-identity">Identity and contacts</h2>
        <dl className="facts">
          <dt>Identity</dt>
          <dd>{data.identityStatus}</dd>
          {identity ? (
            <>
              <dt>Name on the ID</dt>
              <dd>
                {[identity.firstName, identity.middleName, identity.lastName].filter(Boolean).join(' ')}
              </dd>
              <dt>Date of birth</dt>
              <dd>{identity.dateOfBirth}</dd>
              <dt>Nationality</dt>
              <dd>{identity.nationality}</dd>
              <dt>Address</dt>
              <dd>{identity.presentAddress}</dd>
              <dt>Email</dt>
              <dd>{identity.email || '—'}</dd>
            </>
          ) : null}
          <dt>Phone</dt>
          <dd>{borrower.phone}</dd>
          <dt>Payout account</dt>
          <dd>
            {data.payoutAccount
              ? `${data.payoutAccount.institution} · ${data.payoutAccount.holderName} · ${data.payoutAccount.accountNumber}`
              : 'none bound'}
          </dd>
          <dt>Registered</dt>
          <dd>
            {when(borrower.registeredAt)}
            {borrower.repeatClient ? ' · repeat client' : ''}
          </dd>
        </dl>
      </section>
      <Listing
        id="profile-loans"
        title="Loans"
        empty="No loans."
        head={['Order', 'Status', 'Product', 'Amount', 'Applied', 'Due', 'Balance']}
        rows={data.loans.map((loan) => [
          <a key="order" href={`#/order/${loan.orderId}`}>
            {loan.orderNo}
          </a>,
          loan.statusText,
          loan.productName,
          money(loan.principal),
          when(loan.appliedAt),
          loan.dueDate ?? '—',
          money(loan.balance),
        ])}
      />
      <Listing
        id="profile-payments"
        title="Payments"
        empty="No payments."
        head={['Order', 'Kind', 'Provider', 'Amount', 'Status', 'Paid']}
        rows={data.payments.map((payment) => [
          payment.orderNo,
          payment.kind,
          `${payment.provider} ${payment.channel}`,
          money(payment.receivedAmount ?? payment.expectedAmount),
          payment.status,
          payment.paidAt ? when(payment.paidAt) : '—',
        ])}
      />
      <Listing
        id="profile-messages"
        title="Messages sent"
        empty="No messages."
        head={['When', 'Order', 'Purpose', 'Status', 'Text']}
        rows={data.messages.map((message) => [
          when(message.createdAt),
          message.orderNo,
          message.purpose,
          message.status,
          message.text,
        ])}
      />
      <Listing
        id="profile-contacts"
        title="Contacts logged"
        empty="No contacts logged."
        head={['When', 'Order', 'Kind', 'Outcome', 'Note', 'By']}
        rows={data.contacts.map((contact) => [
          when(contact.at),
          contact.orderNo,
          contact.kind,
          contact.outcome,
          contact.note,
          contact.operator,
        ])}
      />
      <Listing
        id="profile-complaints"
        title="Complaints"
        empty="No complaints."
        head={['Filed', 'Order', 'Complaint', 'Answered']}
        rows={data.complaints.map((complaint) => [
          when(complaint.createdAt),
          complaint.orderNo,
          complaint.content,
          complaint.repliedAt ? when(complaint.repliedAt) : 'not yet',
        ])}
      />
      <Listing
        id="profile-decisions"
        title="Credit decisions"
        empty="No credit decisions."
        head={['Decided', 'Order', 'Outcome', 'Reasons', 'Limit']}
        rows={data.decisions.map((decision) => [
          when(decision.decidedAt),
          decision.orderNo,
          `${decision.outcome}${decision.overridden ? ' (overridden)' : ''}`,
          decision.reasons.join(', ') || '—',
          decision.limit === null ? '—' : money(decision.limit),
        ])}
      />
      <section aria-labelledby="profile-notes">
        <h2 id="profile-notes">Notes</h2>
        {role === 'viewer' ? null : <AddNote borrowerId={borrower.id} onAdded={reload} />}
        {data.notes.length === 0 ? (
          <p>No notes yet.</p>
        ) : (
          <ol className="notes">
            {data.notes.map((note) => (
              <li key={note.id}>
                <p>{note.text}</p>
                <p>
                  {note.operator}, {when(note.at)}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </article>
  );
}

/** A table of one kind of the borrower's records, or a line saying there are none. */
function Listing({
  id,
  title,
  empty,
  head,
  rows,
}: {
  id: string;
  title: string;
  empty: string;
  head: string[];
  rows: ReactNode[][];
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                {head.map((label) => (
                  <th key={label} scope="col">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((cells, index) => (
                <tr key={index}>
                  {cells.map((cell, column) => (
                    <td key={column}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function AddNote({ borrowerId, onAdded }: { borrowerId: number; onAdded: () => void }) {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    const result = await consoleCall(consoleCalls.consoleBorrowerNote, {
      borrowerId: String(borrowerId),
      text: String(new FormData(form).get('text') ?? ''),
    });
    setBusy(false);
    if (result.success) {
      form.reset();
      setMessage('Note added.');
      onAdded();
    } else setMessage(result.message);
  }
  return (
    <form onSubmit={submit} aria-label="Add a note">
      <label>
        New note (kept as written: notes are never edited or deleted)
        <textarea name="text" required maxLength={2000} rows={3} />
      </label>
      <button type="submit" disabled={busy}>
        Add note
      </button>
      {message ? <p role="status">{message}</p> : null}
    </form>
  );
}
