import { useState, type FormEvent } from 'react';
import { consoleCalls } from '@kwarta/contract';
import { consoleCall } from '../console-client.ts';
import { formValues } from '../form-values.ts';
import { money, when } from '../format.ts';
import { useApiQuery } from '../../lib/use-api.ts';

type Figures = {
  name: string;
  applications: number;
  approved: number;
  declined: number;
  referred: number;
  approvalRate: number;
  reasons: { reason: string; count: number }[];
  averageLimit: number | null;
  backtest: {
    approvedDisbursed: number;
    approvedDisbursedPrincipal: number;
    par30: number;
    writtenOff: number;
  };
};
type ModelTable = {
  id: string;
  hitPolicy: string;
  rows: { id: string; when?: Record<string, string>; expression?: string; then: Record<string, unknown> }[];
};

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/**
 * Decision models (decision 0109): the active model read as tables, a draft pasted or uploaded as
 * JSON (errors name table, row and field), simulated over a period beside the active model, then
 * saved and activated; rolling back is activating an older version. Credit and admin.
 */
export function DecisionModelsSection() {
  const { data, error, reload } = useApiQuery(consoleCall, consoleCalls.consoleCreditModels, {});
  const [draft, setDraft] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [figures, setFigures] = useState<Figures[] | null>(null);
  const [saved, setSaved] = useState<{ versionHash: string; name: string } | null>(null);
  /** The product an activation is for: '0' is the general model, for every product without its own. */
  const [productId, setProductId] = useState('0');

  async function simulate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    setMessage('Simulating…');
    const result = await consoleCall(consoleCalls.consoleCreditSimulate, {
      model: draft,
      from: values.from ?? '',
      to: values.to ?? '',
    });
    if (!result.success || !result.data) return setMessage(result.message);
    setErrors(result.data.errors);
    setFigures(result.data.simulation?.models ?? null);
    setMessage(
      result.data.simulation ? `Simulated in ${result.data.simulation.tookMs} ms.` : 'The draft has errors.',
    );
  }
  async function save() {
    const result = await consoleCall(consoleCalls.consoleCreditModelSave, { model: draft });
    if (!result.success || !result.data) return setMessage(result.message);
    setErrors(result.data.errors);
    setSaved(result.data.saved);
    setMessage(
      result.data.saved
        ? `Saved as version ${result.data.saved.versionHash.slice(0, 12)}.`
        : 'Not saved: the draft has errors.',
    );
    if (result.data.saved) reload();
  }
  async function activate(versionHash: string, reason: string) {
    const result = await consoleCall(consoleCalls.consoleCreditActivate, {
      versionHash,
      role: 'active',
      shareBps: '0',
      productId,
      reason,
    });
    const scope =
      productId === '0'
        ? 'for every product without its own model'
        : `for ${data?.products.find((product) => String(product.id) === productId)?.name ?? productId}`;
    setMessage(
      result.success ? `Version ${versionHash.slice(0, 12)} is now active ${scope}.` : result.message,
    );
    if (result.success) reload();
  }
  async function upload(file: File | undefined) {
    if (file) setDraft(await file.text());
  }

  const active = data?.active;
  const activeInScope =
    productId === '0'
      ? active?.versionHash
      : data?.productModels.find((row) => String(row.productId) === productId)?.versionHash;
  return (
    <section aria-labelledby="models-title">
      <h1 id="models-title">Decision models</h1>
      {error ? <p role="alert">{error}</p> : null}
      {active ? (
        <>
          <p>
            Active for every product without its own model: <strong>{active.name}</strong> (version{' '}
            <code>{active.versionHash.slice(0, 12)}</code>), activated by {active.activatedBy} at{' '}
            {when(active.activatedAt)}.{' '}
            <button type="button" onClick={() => setDraft(JSON.stringify(active.body, null, 2))}>
              Copy into the draft
            </button>
          </p>
          {((active.body as { tables?: ModelTable[] }).tables ?? []).map((table) => (
            <table key={table.id}>
              <caption>
                Table {table.id} ({table.hitPolicy === 'first' ? 'first matching row' : 'every matching row'})
              </caption>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">When</th>
                  <th scope="col">Then</th>
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, index) => (
                  <tr key={row.id}>
                    <td>
                      {index + 1}. {row.id}
                    </td>
                    <td>
                      {[
                        ...Object.entries(row.when ?? {}).map(([input, test]) => `${input} ${test}`),
                        ...(row.expression ? [row.expression] : []),
                      ].join(' and ') || 'always'}
                    </td>
                    <td>
                      <code>{JSON.stringify(row.then)}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </>
      ) : null}

      <h2 id="draft-title">Draft</h2>
      <form onSubmit={simulate} aria-labelledby="draft-title">
        <label>
          Model JSON
          <textarea name="model" rows={14} value={draft} onChange={(event) => setDraft(event.target.value)} />
        </label>
        <label>
          Or upload a file
          <input
            type="file"
            accept="application/json,.json"
            onChange={(event) => void upload(event.target.files?.[0])}
          />
        </label>
        <div className="grid">
          <label>
            From
            <input name="from" type="date" required />
          </label>
          <label>
            To
            <input name="to" type="date" required />
          </label>
        </div>
        <div className="actions">
          <button type="submit">Simulate against the active model</button>
          <button type="button" onClick={() => void save()}>
            Save draft
          </button>
          {saved ? (
            <button
              type="button"
              onClick={() => void activate(saved.versionHash, 'Activated after simulation')}
            >
              Activate {saved.name}
            </button>
          ) : null}
        </div>
        <p role="status">{message}</p>
        {errors.length ? (
          <ul role="alert" aria-label="Errors in the draft">
            {errors.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
      </form>

      {figures ? (
        <table>
          <caption>Simulation: the period's applications decided again</caption>
          <thead>
            <tr>
              <th scope="col">Model</th>
              <th scope="col">Applications</th>
              <th scope="col">Approval rate</th>
              <th scope="col">Declined</th>
              <th scope="col">Referred</th>
              <th scope="col">Average limit</th>
              <th scope="col">Approved and disbursed</th>
              <th scope="col">PAR30</th>
              <th scope="col">Written off</th>
              <th scope="col">Top reasons</th>
            </tr>
          </thead>
          <tbody>
            {figures.map((model) => (
              <tr key={model.name}>
                <th scope="row">{model.name}</th>
                <td>{model.applications}</td>
                <td>{percent(model.approvalRate)}</td>
                <td>{model.declined}</td>
                <td>{model.referred}</td>
                <td>{model.averageLimit === null ? '-' : money(model.averageLimit)}</td>
                <td>{model.backtest.approvedDisbursed}</td>
                <td>{percent(model.backtest.par30)}</td>
                <td>{model.backtest.writtenOff}</td>
                <td>
                  {model.reasons
                    .slice(0, 3)
                    .map((entry) => `${entry.reason} ${entry.count}`)
                    .join(', ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}

      <h2 id="products-title">Models per product</h2>
      {data?.productModels.length ? (
        <ul aria-labelledby="products-title">
          {data.productModels.map((row) => (
            <li key={row.productId}>
              {row.productName}: <strong>{row.name}</strong> (version{' '}
              <code>{row.versionHash.slice(0, 12)}</code>), activated by {row.activatedBy} at{' '}
              {when(row.activatedAt)}
            </li>
          ))}
        </ul>
      ) : (
        <p>Every product is decided by the general model.</p>
      )}

      <h2>Versions</h2>
      <label>
        Activate for
        <select value={productId} onChange={(event) => setProductId(event.target.value)}>
          <option value="0">Every product without its own model (general)</option>
          {data?.products.map((product) => (
            <option key={product.id} value={String(product.id)}>
              {product.name} only
            </option>
          ))}
        </select>
      </label>
      <table>
        <caption>Every saved model, newest first; activating an older one rolls back</caption>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Name</th>
            <th scope="col">Saved</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {data?.models.map((model) => (
            <tr key={model.id}>
              <td>
                <code>{model.versionHash.slice(0, 12)}</code>
              </td>
              <td>{model.name}</td>
              <td>
                {model.savedBy}, {when(model.savedAt)}
              </td>
              <td>
                {model.versionHash === activeInScope ? (
                  'Active'
                ) : (
                  <button
                    type="button"
                    onClick={() => void activate(model.versionHash, 'Rolled back or activated from versions')}
                  >
                    Activate {model.name}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2>Overrides and reviews</h2>
      <ul>
        {data?.overridesPerOfficer.map((row) => (
          <li key={row.actor}>
            {row.actor}: {row.count} override(s)
          </li>
        ))}
        {data?.pendingReviews.map((row) => (
          <li key={row.orderId}>
            <a href={`#/order/${row.orderId}`}>Order {row.orderId}</a>: review asked {when(row.requestedAt)} (
            {row.reasons.join(', ')})
          </li>
        ))}
      </ul>
    </section>
  );
}
