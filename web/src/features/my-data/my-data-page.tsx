import { useState, type FormEvent } from 'react';
import { Page } from '../../components/page.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { LoadState } from '../../components/load-state.tsx';
import { showToast } from '../../components/toast.tsx';
import { usePrivacyStatus, type PrivacyRequestView } from './api/privacy-status.ts';
import { prepareExport, sendPrivacyRequest, type PrivacyRequestInput } from './api/privacy-actions.ts';
import {
  fieldText,
  heldTexts,
  marketText,
  requestKind,
  requestStatus,
  type CorrectableField,
} from './my-data-texts.ts';
import './my-data.css';

/**
 * The borrower's data rights (decision 0107), phone first: a copy of their data through a
 * short-lived link, a correction, an erasure or a block, and each request with its deadline.
 * Rendered on the server with privacyStatus (pageLoads).
 */
export function MyDataPage() {
  const status = usePrivacyStatus();
  return (
    <Page title={marketText('myDataTitle')}>
      <p className="card my-data-intro">{marketText('myDataIntro')}</p>
      <DownloadSection />
      <CorrectionSection onSent={status.reload} />
      <EraseSection onSent={status.reload} />
      <section className="card" aria-labelledby="my-data-requests">
        <h2 id="my-data-requests">{marketText('myDataRequestsTitle')}</h2>
        <LoadState status={status.status} reload={status.reload} />
        {status.data &&
          (status.data.requests.length === 0 ? (
            <p className="muted">{marketText('myDataNoRequests')}</p>
          ) : (
            <ul className="my-data-requests">
              {status.data.requests.map((request) => (
                <RequestItem key={request.id} request={request} />
              ))}
            </ul>
          ))}
        <p className="muted my-data-note">{marketText('myDataComplain')}</p>
      </section>
    </Page>
  );
}

function RequestItem({ request }: { request: PrivacyRequestView }) {
  const field = request.field as CorrectableField | null;
  return (
    <li className="my-data-request">
      <p className="my-data-request-head">
        <strong>
          {requestKind(request)}
          {field && field in fieldText ? ` · ${marketText(fieldText[field])}` : ''}
        </strong>
        <span className={`my-data-status my-data-status-${request.status}`}>{requestStatus(request)}</span>
      </p>
      {request.requestedValue && <p className="muted">“{request.requestedValue}”</p>}
      <p>
        {request.status === 'open'
          ? marketText('myDataDueOn', { date: request.dueOn, days: request.workingDaysLeft })
          : marketText('myDataClosedOn', { date: (request.closedAt ?? '').slice(0, 10) })}
      </p>
      {heldTexts(request).map((text) => (
        <p key={text} className="muted">
          {text}
        </p>
      ))}
      {request.outcome?.note && <p>{marketText('myDataAnswer', { note: request.outcome.note })}</p>}
    </li>
  );
}

function DownloadSection() {
  const [link, setLink] = useState<{ jsonUrl: string; documentUrl: string; expiresAt: string } | null>(null);
  const [busy, setBusy] = useState(false);
  async function prepare() {
    setBusy(true);
    const result = await prepareExport();
    setBusy(false);
    if (result.success && result.data) setLink(result.data);
  }
  return (
    <section className="card" aria-labelledby="my-data-download">
      <h2 id="my-data-download">{marketText('myDataDownloadTitle')}</h2>
      <p className="muted">{marketText('myDataDownloadHint')}</p>
      {link ? (
        <div className="my-data-links">
          <a className="button button-block" href={link.jsonUrl} download>
            {marketText('myDataDownloadJson')}
          </a>
          <a className="button button-block button-secondary" href={link.documentUrl}>
            {marketText('myDataDownloadDocument')}
          </a>
          <p className="muted" role="status">
            {marketText('myDataLinkExpires', {
              time: new Date(link.expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }),
            })}
          </p>
        </div>
      ) : (
        <button type="button" className="button button-block" disabled={busy} onClick={prepare}>
          {marketText('myDataPrepare')}
        </button>
      )}
    </section>
  );
}

async function send(input: PrivacyRequestInput, onSent: () => void): Promise<boolean> {
  const result = await sendPrivacyRequest(input);
  if (!result.success || !result.data) return false;
  showToast(marketText('myDataRequestSent', { date: result.data.dueOn }));
  onSent();
  return true;
}

function CorrectionSection({ onSent }: { onSent: () => void }) {
  const [field, setField] = useState<CorrectableField>('full_name');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!value.trim()) {
      showToast(marketText('myDataCorrectEmpty'));
      return;
    }
    setBusy(true);
    if (await send({ kind: 'correction', field, value }, onSent)) setValue('');
    setBusy(false);
  }
  return (
    <section className="card" aria-labelledby="my-data-correct">
      <h2 id="my-data-correct">{marketText('myDataCorrectTitle')}</h2>
      <form className="my-data-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor="my-data-field">{marketText('myDataField')}</label>
          <select
            id="my-data-field"
            value={field}
            onChange={(event) => setField(event.target.value as CorrectableField)}
          >
            {(Object.keys(fieldText) as CorrectableField[]).map((key) => (
              <option key={key} value={key}>
                {marketText(fieldText[key])}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="my-data-value">{marketText('myDataCorrectValue')}</label>
          <input
            id="my-data-value"
            value={value}
            maxLength={200}
            autoComplete="off"
            onChange={(event) => setValue(event.target.value)}
          />
        </div>
        <button type="submit" className="button button-block" disabled={busy}>
          {marketText('myDataCorrectSend')}
        </button>
      </form>
    </section>
  );
}

function EraseSection({ onSent }: { onSent: () => void }) {
  const [asking, setAsking] = useState<'erasure' | 'block' | null>(null);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    if (!asking) return;
    setBusy(true);
    await send({ kind: asking }, onSent);
    setBusy(false);
    setAsking(null);
  }
  return (
    <section className="card" aria-labelledby="my-data-erase">
      <h2 id="my-data-erase">{marketText('myDataEraseTitle')}</h2>
      <p className="muted">{marketText('myDataEraseHint')}</p>
      <div className="my-data-links">
        <button
          type="button"
          className="button button-block button-secondary"
          onClick={() => setAsking('erasure')}
        >
          {marketText('myDataErase')}
        </button>
        <button
          type="button"
          className="button button-block button-secondary"
          onClick={() => setAsking('block')}
        >
          {marketText('myDataBlock')}
        </button>
      </div>
      <Dialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={marketText(asking === 'block' ? 'myDataConfirmBlockTitle' : 'myDataConfirmEraseTitle')}
        actions={[
          { label: marketText('myDataCancel'), onClick: () => setAsking(null) },
          { label: marketText('myDataConfirm'), onClick: confirm, primary: true, disabled: busy },
        ]}
      >
        <p>{marketText(asking === 'block' ? 'myDataConfirmBlock' : 'myDataConfirmErase')}</p>
      </Dialog>
    </section>
  );
}
