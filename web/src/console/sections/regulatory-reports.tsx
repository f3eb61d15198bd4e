import { useState, type FormEvent } from 'react';
import { consoleCalls } from '@kwarta/contract';
import type { DataOf } from '../../lib/api-client.ts';
import { useApiQuery } from '../../lib/use-api.ts';
import { consoleCall } from '../console-client.ts';
import { when } from '../format.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

type Generated = DataOf<typeof consoleCalls.consoleCicGenerate>;

/**
 * `#/regulatory` (decision 0106): the Credit Information Corporation's monthly submission file.
 * Generate a month's file (validated first: the errors, with their record, field and rule, instead
 * of a file), download a file kept, and mark it sent once it went to the CIC.
 */
export function RegulatoryReportsSection() {
  const { data, error, fetching, reload } = useApiQuery(consoleCall, consoleCalls.consoleCicSubmissions, {});
  const [outcome, setOutcome] = useState<Generated | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState<{ id: number; fileName: string } | null>(null);

  async function generate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setMessage('');
    const result = await consoleCall(consoleCalls.consoleCicGenerate, {
      month: String(form.get('month') ?? ''),
      correction: form.get('correction') === 'on' ? '1' : '0',
    });
    setBusy(false);
    if (result.success && result.data) {
      setOutcome(result.data);
      reload();
    } else setMessage(result.message);
  }

  async function markSent() {
    if (!sending) return;
    setBusy(true);
    const result = await consoleCall(consoleCalls.consoleCicMarkSent, { id: String(sending.id) });
    setBusy(false);
    setMessage(result.success ? `${sending.fileName} marked sent.` : result.message);
    setSending(null);
    reload();
  }

  return (
    <div aria-busy={fetching}>
      <h1>Regulatory reports</h1>
      <p>
        The Credit Information Corporation&apos;s monthly submission file (RA 9510): every borrower and
        instalment contract of a month, validated before it is written.
      </p>
      {error ? <p role="alert">{error}</p> : null}
      {data ? (
        <>
          {data.providerCode === null ? (
            <p role="alert">Set CIC_PROVIDER_CODE to the provider code the CIC assigned to generate files.</p>
          ) : (
            <form className="filters" onSubmit={generate} aria-label="Generate a CIC file">
              <label>
                Month
                <input
                  type="month"
                  name="month"
                  required
                  defaultValue={data.lastMonth}
                  max={data.lastMonth}
                />
              </label>
              <label>
                <input type="checkbox" name="correction" /> Correction of a file sent
              </label>
              <button type="submit" disabled={busy}>
                Generate CIC file
              </button>
            </form>
          )}
          {message ? <p role="status">{message}</p> : null}
          {outcome ? <Validation outcome={outcome} /> : null}
          <div className="table-scroll">
            <table>
              <caption>
                CIC files generated, newest first (provider code {data.providerCode ?? 'not set'})
              </caption>
              <thead>
                <tr>
                  <th scope="col">File</th>
                  <th scope="col">Month</th>
                  <th scope="col">Type</th>
                  <th scope="col" className="num">
                    Borrowers
                  </th>
                  <th scope="col" className="num">
                    Contracts
                  </th>
                  <th scope="col">SHA-256</th>
                  <th scope="col">Generated</th>
                  <th scope="col">Sent</th>
                </tr>
              </thead>
              <tbody>
                {data.submissions.map((file) => (
                  <tr key={file.id}>
                    <th scope="row">
                      <a
                        href={`${consoleCalls.consoleCicDownload.path}?id=${file.id}`}
                        download={file.fileName}
                      >
                        {file.fileName}
                      </a>
                    </th>
                    <td>{file.month}</td>
                    <td>{file.correction ? 'Correction' : 'Regular'}</td>
                    <td className="num">{file.subjects}</td>
                    <td className="num">{file.contracts}</td>
                    <td>
                      <code title={file.sha256}>{file.sha256.slice(0, 12)}…</code>
                    </td>
                    <td>
                      {when(file.generatedAt)} by {file.generatedBy}
                    </td>
                    <td>
                      {file.sentAt ? (
                        `${when(file.sentAt)} by ${file.sentBy ?? ''}`
                      ) : (
                        <button
                          type="button"
                          onClick={() => setSending({ id: file.id, fileName: file.fileName })}
                        >
                          Mark sent
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.submissions.length === 0 ? <p>No file generated yet.</p> : null}
        </>
      ) : null}
      <ConfirmDialog
        open={sending !== null}
        title="Mark the file sent"
        confirmLabel="Mark sent"
        busy={busy}
        onConfirm={() => void markSent()}
        onCancel={() => setSending(null)}
      >
        <p>
          {sending?.fileName} is recorded as sent to the CIC, with you and now. A month sent is corrected by a
          correction file, not sent again.
        </p>
      </ConfirmDialog>
    </div>
  );
}

function Validation({ outcome }: { outcome: Generated }) {
  if (outcome.submission)
    return (
      <p role="status">
        Valid: {outcome.submission.fileName} written with {outcome.subjects} borrowers and {outcome.contracts}{' '}
        contracts.
      </p>
    );
  return (
    <>
      <h2 role="alert">
        Not written: {outcome.errorCount} error{outcome.errorCount === 1 ? '' : 's'} in {outcome.subjects}{' '}
        borrowers and {outcome.contracts} contracts
      </h2>
      <div className="table-scroll">
        <table>
          <caption>
            Validation errors
            {outcome.errorCount > outcome.errors.length ? ` (the first ${outcome.errors.length})` : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Record</th>
              <th scope="col">Field</th>
              <th scope="col">Rule</th>
              <th scope="col">What is wrong</th>
            </tr>
          </thead>
          <tbody>
            {outcome.errors.map((error, index) => (
              <tr key={index}>
                <td>{error.line}</td>
                <td>{error.record}</td>
                <td>{error.field ?? ''}</td>
                <td>{error.rule}</td>
                <td>{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
