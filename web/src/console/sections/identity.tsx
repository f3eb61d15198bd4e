import { useState, type FormEvent } from 'react';
import { consoleCalls } from '@kwarta/contract';
import type { DataOf } from '../../lib/api-client.ts';
import { useApiQuery } from '../../lib/use-api.ts';
import { consoleCall } from '../console-client.ts';
import { when } from '../format.ts';

type Identity = DataOf<typeof consoleCalls.consoleIdentity>;

/**
 * `#/identity` (decision 0108): the compliance officer's queue of identities waiting for review,
 * possible sanctions matches first; `#/identity/<borrowerId>` one identity with its photos, the
 * PhilSys QR result and the screening hits side by side, and the decision with its reason.
 */
export function IdentitySection({ borrowerId }: { borrowerId: string }) {
  return borrowerId ? <IdentityReview borrowerId={borrowerId} /> : <IdentityQueue />;
}

function IdentityQueue() {
  const { data, error, fetching } = useApiQuery(consoleCall, consoleCalls.consoleIdentityQueue, {});
  return (
    <div aria-busy={fetching}>
      <h1>Identity review</h1>
      <p>
        Identities the PhilSys QR did not verify on its own, and every possible sanctions match. No order of
        theirs is paid out until an officer decides.
      </p>
      {error ? <p role="alert">{error}</p> : null}
      {data ? (
        <div className="table-scroll">
          <table>
            <caption>{data.rows.length} waiting</caption>
            <thead>
              <tr>
                <th scope="col">Borrower</th>
                <th scope="col">Name</th>
                <th scope="col">ID</th>
                <th scope="col">PhilSys QR</th>
                <th scope="col">Screening</th>
                <th scope="col">Risk</th>
                <th scope="col">Submitted</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.borrowerId}>
                  <td>
                    <a href={`#/identity/${row.borrowerId}`}>{row.borrowerId}</a>
                  </td>
                  <td>{row.name}</td>
                  <td>{row.documentType}</td>
                  <td>{row.qrOutcome}</td>
                  <td>{row.possibleHits > 0 ? `possible match (${row.possibleHits})` : row.screening}</td>
                  <td>{row.riskRating}</td>
                  <td>{when(row.submittedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

function IdentityReview({ borrowerId }: { borrowerId: string }) {
  const { data, error, fetching, reload } = useApiQuery(consoleCall, consoleCalls.consoleIdentity, {
    borrowerId,
  });
  return (
    <div aria-busy={fetching}>
      <h1>Identity of borrower {borrowerId}</h1>
      <p>
        <a href="#/identity">Back to the queue</a>
      </p>
      {error ? <p role="alert">{error}</p> : null}
      {data ? <IdentityDetail identity={data} onDecided={reload} /> : null}
    </div>
  );
}

function IdentityDetail({ identity, onDecided }: { identity: Identity; onDecided: () => void }) {
  const person = identity.person;
  const image = (id: string) => `${consoleCalls.consoleIdentityImage.path}?${new URLSearchParams({ id })}`;
  return (
    <>
      <p role="status">
        Status: <strong>{identity.status}</strong> · risk {identity.riskRating}
        {identity.decision
          ? ` · decided by ${identity.decision.by} ${when(identity.decision.at)}: ${identity.decision.reason ?? ''}`
          : ''}
      </p>
      <div className="identity-review">
        <section aria-labelledby="identity-person">
          <h2 id="identity-person">As entered</h2>
          <dl>
            <dt>Name</dt>
            <dd>{[person.firstName, person.middleName, person.lastName].filter(Boolean).join(' ')}</dd>
            <dt>Born</dt>
            <dd>
              {person.dateOfBirth}, {person.placeOfBirth}
            </dd>
            <dt>Nationality</dt>
            <dd>{person.nationality}</dd>
            <dt>Present address</dt>
            <dd>{person.presentAddress}</dd>
            <dt>Permanent address</dt>
            <dd>{person.permanentAddress}</dd>
            <dt>E-mail</dt>
            <dd>{person.email}</dd>
            <dt>Occupation</dt>
            <dd>
              {person.occupation}
              {person.employer ? `, ${person.employer}` : ''}
            </dd>
            <dt>Source of funds</dt>
            <dd>{person.sourceOfFunds}</dd>
            <dt>TIN / SSS / GSIS</dt>
            <dd>{person.taxNumber ?? '—'}</dd>
            <dt>ID</dt>
            <dd>
              {identity.document.type} {identity.document.number}
            </dd>
          </dl>
        </section>
        <section aria-labelledby="identity-photos">
          <h2 id="identity-photos">Photos</h2>
          <figure>
            <img src={image(identity.images.front)} alt="Front of the ID" width="320" />
            <figcaption>Front</figcaption>
          </figure>
          <figure>
            <img src={image(identity.images.back)} alt="Back of the ID" width="320" />
            <figcaption>Back</figcaption>
          </figure>
          <figure>
            <img src={image(identity.images.selfie)} alt="Selfie" width="200" />
            <figcaption>Selfie</figcaption>
          </figure>
        </section>
        <section aria-labelledby="identity-checks">
          <h2 id="identity-checks">Checks</h2>
          <p>
            PhilSys QR: <strong>{identity.qr.outcome}</strong> — {identity.qr.detail} (
            {when(identity.qr.checkedAt)})
          </p>
          <p>
            Screening: <strong>{identity.screening}</strong> ({when(identity.screenedAt)})
          </p>
          {identity.hits.length > 0 ? (
            <table>
              <caption>Sanctions hits</caption>
              <thead>
                <tr>
                  <th scope="col">List</th>
                  <th scope="col">Listed name</th>
                  <th scope="col">Matched</th>
                  <th scope="col">Score</th>
                  <th scope="col">Birth date</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {identity.hits.map((hit) => (
                  <tr key={`${hit.list}:${hit.reference}:${hit.matchedName}`}>
                    <td>
                      {hit.list}:{hit.reference}
                    </td>
                    <td>{hit.listedName}</td>
                    <td>{hit.matchedName}</td>
                    <td>{hit.score.toFixed(3)}</td>
                    <td>
                      {hit.dateOfBirthAgrees === null
                        ? 'not listed'
                        : hit.dateOfBirthAgrees
                          ? 'agrees'
                          : 'differs'}
                    </td>
                    <td>{hit.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p>No sanctions hits.</p>
          )}
        </section>
      </div>
      {identity.status === 'pending' ? (
        <Decision borrowerId={identity.borrowerId} hasHits={identity.hits.length > 0} onDecided={onDecided} />
      ) : null}
    </>
  );
}

function Decision({
  borrowerId,
  hasHits,
  onDecided,
}: {
  borrowerId: number;
  hasHits: boolean;
  onDecided: () => void;
}) {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  async function decide(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const decision = submitter?.value === 'reject' ? 'reject' : 'approve';
    setBusy(true);
    const result = await consoleCall(consoleCalls.consoleIdentityDecide, {
      borrowerId: String(borrowerId),
      decision,
      reason: String(form.get('reason') ?? ''),
      confirmMatch: form.get('confirmMatch') === 'on' ? '1' : '0',
    });
    setBusy(false);
    if (result.success) onDecided();
    else setMessage(result.message);
  }
  return (
    <form className="filters" onSubmit={decide} aria-label="Decide this identity">
      <label>
        Reason (required, kept in the audit log)
        <textarea name="reason" required rows={3} maxLength={1000} />
      </label>
      {hasHits ? (
        <label>
          <input type="checkbox" name="confirmMatch" /> Rejecting: the sanctions match is confirmed (blocks
          lending for good)
        </label>
      ) : null}
      {message ? <p role="alert">{message}</p> : null}
      <button type="submit" name="decision" value="approve" disabled={busy}>
        Approve
      </button>
      <button type="submit" name="decision" value="reject" disabled={busy}>
        Reject
      </button>
    </form>
  );
}
