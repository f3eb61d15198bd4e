import { useState, type FormEvent } from 'react';
import { consoleCalls } from '@kwarta/contract';
import { consoleCall } from '../console-client.ts';
import type { DataOf } from '../../lib/api-client.ts';
import { useApiQuery } from '../../lib/use-api.ts';
import { money } from '../format.ts';

type Product = DataOf<typeof consoleCalls.consoleProducts>[number];
type Preview = DataOf<typeof consoleCalls.consolePlanPreview>;

export function ProductsSection() {
  const { data, error, reload } = useApiQuery(consoleCall, consoleCalls.consoleProducts, {});
  return (
    <section aria-labelledby="products-title">
      <h1 id="products-title">Products and loan rules</h1>
      {error ? <p role="alert">{error}</p> : null}
      {data?.map((product) => (
        <ProductForm key={product.id} product={product} onSaved={reload} />
      ))}
    </section>
  );
}

function ProductForm({ product, onSaved }: { product: Product; onSaved: () => void }) {
  const [message, setMessage] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const fields = (form: HTMLFormElement) => {
    const values = new FormData(form);
    const read = (name: string) => String(values.get(name) ?? '').trim();
    return {
      productId: String(product.id),
      minAmount: read('minAmount'),
      maxAmount: read('maxAmount'),
      termDays: read('termDays'),
      termRateBps: read('termRateBps'),
      loanRules: read('loanRules'),
    };
  };
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await consoleCall(consoleCalls.consoleSaveProduct, fields(event.currentTarget));
    setMessage(result.success ? 'Saved.' : result.message);
    if (result.success) onSaved();
  }
  async function previewPlan(form: HTMLFormElement) {
    const amount = String(new FormData(form).get('amount') ?? '');
    const result = await consoleCall(consoleCalls.consolePlanPreview, { ...fields(form), amount });
    setPreview(result.data);
    setMessage(result.success ? '' : result.message);
  }
  const id = (name: string) => `product-${product.id}-${name}`;
  return (
    <form className="product" onSubmit={save} aria-labelledby={id('title')}>
      <h2 id={id('title')}>{product.name}</h2>
      <div className="grid">
        <label>
          Minimum amount (centavos)
          <input name="minAmount" inputMode="numeric" defaultValue={product.minAmount} />
        </label>
        <label>
          Maximum amount (centavos)
          <input name="maxAmount" inputMode="numeric" defaultValue={product.maxAmount} />
        </label>
        <label>
          Term (days)
          <input name="termDays" inputMode="numeric" defaultValue={product.termDays} />
        </label>
        <label>
          Rate over the term (basis points)
          <input name="termRateBps" inputMode="numeric" defaultValue={product.termRateBps} />
        </label>
      </div>
      <label>
        Loan rules (JSON)
        <textarea name="loanRules" rows={4} defaultValue={product.loanRules} spellCheck={false} />
      </label>
      <div className="actions">
        <button type="submit">Save {product.name}</button>
        <label>
          Preview amount (centavos)
          <input name="amount" inputMode="numeric" defaultValue={product.maxAmount} />
        </label>
        <button type="button" onClick={(event) => previewPlan(event.currentTarget.form!)}>
          Preview plan
        </button>
      </div>
      <p role="status">{message}</p>
      {preview ? (
        <table>
          <caption>
            Plan for {money(preview.principal)} over {preview.termDays} days: charges {money(preview.charges)}
            , total {money(preview.total)}
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
            {preview.lines.map((line) => (
              <tr key={line.seq}>
                <td>{line.seq}</td>
                <td>{line.dueDate}</td>
                <td className="num">{money(line.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </form>
  );
}
