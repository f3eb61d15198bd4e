import { useState, type FormEvent } from 'react';
import { consoleCalls } from '@kwarta/contract';
import type { RatePeriod } from '@kwarta/domain/pricing';
import { consoleCall } from '../console-client.ts';
import type { DataOf } from '../../lib/api-client.ts';
import { useApiQuery } from '../../lib/use-api.ts';
import { formValues } from '../form-values.ts';
import { money, percentOfBps } from '../format.ts';
import { ConfirmDialog, useConfirmation } from './confirm-dialog.tsx';

type Product = DataOf<typeof consoleCalls.consoleProducts>[number];
type Preview = DataOf<typeof consoleCalls.consoleProductPreview>;
type StateOp = 'pause' | 'resume' | 'retire';

const stateNames: Record<Product['state'], string> = {
  on_offer: 'On offer',
  coming_soon: 'Coming soon (paused)',
  retired: 'Retired',
};

/** What each state change does, as the confirmation states it (decision 0115). */
const stateEffects: Record<StateOp, { label: string; done: string; effect: string }> = {
  pause: {
    label: 'Pause',
    done: 'paused',
    effect: 'Borrowers see it as Coming soon and cannot take it; loans already made are untouched.',
  },
  resume: { label: 'Resume', done: 'resumed', effect: 'Borrowers can take it again at its current terms.' },
  retire: {
    label: 'Retire',
    done: 'retired',
    effect:
      'It is never lent again and borrowers no longer see it; loans already made keep their plans and pages. This cannot be undone.',
  },
};

/**
 * The product editor (decision 0115): amounts in pesos and interest in percent as the market
 * writes them, a preview of the plans, their EIR and the compliance verdict before a save, and
 * pause, resume and retire behind a confirmation.
 */
export function ProductsSection() {
  const { data, error, reload } = useApiQuery(consoleCall, consoleCalls.consoleProducts, {});
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const confirmation = useConfirmation<{ product: Product; op: StateOp }>();
  const changing = confirmation.subject;
  const [message, setMessage] = useState('');
  async function changeState() {
    const done = await confirmation.run(async ({ product, op }) => {
      const result = await consoleCall(consoleCalls.consoleProductState, {
        productId: String(product.id),
        op,
      });
      return result.success ? outcomeText(result.data, product.name, stateEffects[op].done) : result.message;
    });
    if (done === undefined) return;
    setMessage(done);
    reload();
  }
  return (
    <section aria-labelledby="products-title">
      <h1 id="products-title">Products</h1>
      {error ? <p role="alert">{error}</p> : null}
      <table>
        <caption>Loan products and what borrowers see of them</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">State</th>
            <th scope="col" className="num">
              Amounts
            </th>
            <th scope="col" className="num">
              Term
            </th>
            <th scope="col" className="num">
              Interest
            </th>
            <th scope="col">Fees</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {data?.map((product) => (
            <tr key={product.id}>
              <td>{product.name}</td>
              <td>{stateNames[product.state]}</td>
              <td className="num nowrap">
                {money(product.minAmount)} – {money(product.maxAmount)}
              </td>
              <td className="num">
                {product.termDays} days, {product.periods} instalments
              </td>
              <td className="num">{percentOfBps(product.termRateBps)}% for the term</td>
              <td>{product.fees.map(feeText).join('; ') || 'None'}</td>
              <td>
                {product.state === 'retired' ? null : (
                  <span className="row-actions nowrap">
                    <button
                      type="button"
                      aria-label={`Edit ${product.name}`}
                      onClick={() => setEditing(product)}
                    >
                      Edit
                    </button>
                    {(['pause', 'resume', 'retire'] as const)
                      .filter((op) => (op === 'pause' ? product.state === 'on_offer' : true))
                      .filter((op) => (op === 'resume' ? product.state === 'coming_soon' : true))
                      .map((op) => (
                        <button
                          key={op}
                          type="button"
                          aria-label={`${stateEffects[op].label} ${product.name}`}
                          onClick={() => confirmation.ask({ product, op })}
                        >
                          {stateEffects[op].label}
                        </button>
                      ))}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="actions">
        <button type="button" onClick={() => setEditing('new')}>
          New product
        </button>
      </div>
      <p role="status">{message}</p>
      {editing ? (
        <ProductEditor
          key={editing === 'new' ? 'new' : editing.id}
          product={editing === 'new' ? null : editing}
          onDone={(text) => {
            setEditing(null);
            setMessage(text);
            reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        {...confirmation.dialog}
        title={changing ? `${stateEffects[changing.op].label} ${changing.product.name}` : ''}
        confirmLabel={changing ? `${stateEffects[changing.op].label} product` : ''}
        onConfirm={() => void changeState()}
      >
        <p>{changing ? stateEffects[changing.op].effect : ''}</p>
      </ConfirmDialog>
    </section>
  );
}

/** A fee as the lender sets it: "Processing fee 2% + ₱50.00". */
const feeText = (fee: Product['fees'][number]) =>
  `${fee.name} ${[
    fee.principalBps ? `${percentOfBps(fee.principalBps)}%` : '',
    fee.fixedMinor ? money(fee.fixedMinor) : '',
  ]
    .filter(Boolean)
    .join(' + ')}`;

function outcomeText(
  data: { status: 'applied' | 'pending'; requestId: number | null } | null | undefined,
  name: string,
  done = 'saved',
) {
  return data?.status === 'pending'
    ? `${name}: proposed as request ${data.requestId}; another admin must approve it (Approvals).`
    : `${name}: ${done}.`;
}

/** Up to this many fee rows; the loan rules take ten. */
const FEE_ROWS = 3;

function ProductEditor({ product, onDone }: { product: Product | null; onDone: (message: string) => void }) {
  const [preview, setPreview] = useState<Preview | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const id = (name: string) => `product-editor-${name}`;
  const fees = product?.fees ?? [];
  /** The form's fields as the call takes them: the fee rows as one list. */
  function fields(form: HTMLFormElement) {
    const values = formValues(form);
    const feeRows = Array.from({ length: FEE_ROWS }, (_, index) => ({
      name: values[`feeName${index}`] ?? '',
      percent: values[`feePercent${index}`] ?? '',
      fixed: values[`feeFixed${index}`] ?? '',
    }));
    return {
      ...(product ? { productId: String(product.id) } : {}),
      name: values.name ?? '',
      minAmount: values.minAmount ?? '',
      maxAmount: values.maxAmount ?? '',
      termDays: values.termDays ?? '',
      periods: values.periods ?? '',
      minTermDays: values.minTermDays ?? '',
      maxTermDays: values.maxTermDays ?? '',
      rate: values.rate ?? '',
      ratePer: (values.ratePer ?? 'term') as RatePeriod,
      fees: JSON.stringify(feeRows),
    };
  }
  async function previewPlans(form: HTMLFormElement) {
    setBusy(true);
    const result = await consoleCall(consoleCalls.consoleProductPreview, fields(form));
    setBusy(false);
    setPreview(result.success ? (result.data ?? null) : null);
    setMessage(result.success ? '' : result.message);
  }
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read before the call: React clears currentTarget once the handler has returned.
    const saved = fields(event.currentTarget);
    setBusy(true);
    const result = await consoleCall(consoleCalls.consoleSaveProduct, saved);
    setBusy(false);
    if (result.success) onDone(outcomeText(result.data, saved.name));
    else setMessage(result.message);
  }
  const breaking = (preview?.breaches.length ?? 0) > 0;
  return (
    <form
      className="product"
      onSubmit={save}
      // Any change makes the preview stale: a save needs the verdict of what it saves.
      onChange={() => setPreview(null)}
      aria-labelledby={id('title')}
    >
      <h2 id={id('title')}>{product ? `Edit ${product.name}` : 'New product'}</h2>
      <div className="grid">
        <label>
          Name
          <input name="name" required maxLength={60} defaultValue={product?.name ?? ''} />
        </label>
        <label>
          Smallest amount (₱)
          <input
            name="minAmount"
            inputMode="decimal"
            defaultValue={product ? money(product.minAmount) : ''}
          />
        </label>
        <label>
          Largest amount (₱)
          <input
            name="maxAmount"
            inputMode="decimal"
            defaultValue={product ? money(product.maxAmount) : ''}
          />
        </label>
        <label>
          Term (days)
          <input name="termDays" inputMode="numeric" defaultValue={product?.termDays ?? 91} />
        </label>
        <label>
          Instalments
          <input name="periods" inputMode="numeric" defaultValue={product?.periods ?? 3} />
        </label>
        <label>
          Shortest term a borrower may ask (days)
          <input name="minTermDays" inputMode="numeric" defaultValue={product?.minTermDays ?? 91} />
        </label>
        <label>
          Longest term a borrower may ask (days)
          <input name="maxTermDays" inputMode="numeric" defaultValue={product?.maxTermDays ?? 91} />
        </label>
        <label>
          Interest (%)
          <input
            name="rate"
            inputMode="decimal"
            defaultValue={product ? percentOfBps(product.termRateBps) : ''}
          />
        </label>
        <label>
          Interest per
          <select name="ratePer" defaultValue={product ? 'term' : 'day'}>
            <option value="day">day</option>
            <option value="month">month (30 days)</option>
            <option value="term">the whole term</option>
          </select>
        </label>
      </div>
      <fieldset>
        <legend>Fees (each a share of the amount, a fixed sum, or both)</legend>
        {Array.from({ length: FEE_ROWS }, (_, index) => {
          const fee = fees[index];
          return (
            <div className="grid" key={index}>
              <label>
                Fee {index + 1} name
                <input name={`feeName${index}`} maxLength={60} defaultValue={fee?.name ?? ''} />
              </label>
              <label>
                Fee {index + 1} (% of the amount)
                <input
                  name={`feePercent${index}`}
                  inputMode="decimal"
                  defaultValue={fee?.principalBps ? percentOfBps(fee.principalBps) : ''}
                />
              </label>
              <label>
                Fee {index + 1} fixed (₱)
                <input
                  name={`feeFixed${index}`}
                  inputMode="decimal"
                  defaultValue={fee?.fixedMinor ? money(fee.fixedMinor) : ''}
                />
              </label>
            </div>
          );
        })}
      </fieldset>
      <div className="actions">
        <button
          type="button"
          disabled={busy}
          onClick={(event) => void previewPlans(event.currentTarget.form!)}
        >
          Preview plans
        </button>
        <button type="submit" disabled={busy || !preview || breaking}>
          {product ? 'Save changes' : 'Create product'}
        </button>
        <button type="button" onClick={() => onDone('')}>
          Cancel
        </button>
      </div>
      <p role="status">{message || (preview ? '' : 'Preview the plans to see the verdict before saving.')}</p>
      {preview ? <PreviewView preview={preview} /> : null}
    </form>
  );
}

function PreviewView({ preview }: { preview: Preview }) {
  return (
    <div aria-label="Preview" role="region">
      {preview.breaches.length ? (
        <div role="alert">
          <p>
            <strong>Refused:</strong> this product breaks the {preview.profile?.name}; it cannot be saved.
          </p>
          <ul>
            {preview.breaches.map((breach) => (
              <li key={breach}>{breach}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p>
          <strong>Complies</strong>
          {preview.profile
            ? ` with every cap: ${preview.profile.name}.`
            : ': this market applies no compliance profile.'}
        </p>
      )}
      {preview.plans.map((plan) => (
        <table key={plan.principal}>
          <caption>
            {money(plan.principal)} over {plan.termDays} days: charges {money(plan.charges)}
            {plan.fees.length
              ? ` (${plan.fees.map((fee) => `${fee.name} ${money(fee.amount)}`).join(', ')})`
              : ''}
            , total {money(plan.total)}; EIR {percentOfBps(Math.round(plan.eirMonthly * 10_000))}% a month,{' '}
            {percentOfBps(Math.round(plan.eirAnnual * 10_000))}% a year
          </caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Due</th>
              <th scope="col" className="num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {plan.lines.map((line) => (
              <tr key={line.seq}>
                <td>{line.seq}</td>
                <td>{line.dueDate}</td>
                <td className="num">{money(line.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
