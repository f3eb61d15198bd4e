import { useState, type FormEvent } from 'react';
import { consoleCalls } from '@kwarta/contract';
import { consoleCall } from '../console-client.ts';
import { formValues } from '../form-values.ts';
import { when } from '../format.ts';
import { useApiQuery } from '../../lib/use-api.ts';

/**
 * The deployment's brand (decision 0096): name, colours and the app's URL scheme. The server
 * refuses colours under WCAG AA contrast with the figure; a save shows from the next page load.
 * The logo and icons stay configuration (BRAND_FILE), shown here as the pages show them.
 */
export function BrandSection() {
  const { data, error, reload } = useApiQuery(consoleCall, consoleCalls.consoleBrand, {});
  const [message, setMessage] = useState('');
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const result = await consoleCall(consoleCalls.consoleSaveBrand, {
      name: values.name ?? '',
      primary: values.primary ?? '',
      accent: values.accent ?? '',
      text: values.text ?? '',
      urlScheme: values.urlScheme ?? '',
    });
    setMessage(result.success ? 'Saved. Pages show the brand from their next load.' : result.message);
    if (result.success) reload();
  }
  return (
    <section aria-labelledby="brand-title">
      <h1 id="brand-title">Brand</h1>
      {error ? <p role="alert">{error}</p> : null}
      {data ? (
        <form className="product" onSubmit={save} aria-labelledby="brand-title">
          <p>
            <img src="/brand/logo.svg" alt="Logo" height="40" />{' '}
            <img src="/brand/icon.svg" alt="App icon" height="40" />
          </p>
          <p>
            {data.saved
              ? `Saved by ${data.saved.by} on ${when(data.saved.at)}.`
              : 'The configured brand (BRAND_FILE, BRAND_*) shows: no admin has saved one.'}
          </p>
          <div className="grid">
            <label>
              Name
              <input name="name" required maxLength={60} defaultValue={data.shown.name} />
              <small>Default: {data.defaults.name}</small>
            </label>
            <label>
              Primary colour (buttons, links; white text on it)
              <input name="primary" required pattern="#[0-9a-fA-F]{6}" defaultValue={data.shown.primary} />
              <small>
                Default: {data.defaults.primary}. Derived: strong {data.shown.strong}, soft {data.shown.soft}
              </small>
            </label>
            <label>
              Accent colour (rating stars)
              <input name="accent" required pattern="#[0-9a-fA-F]{6}" defaultValue={data.shown.accent} />
              <small>Default: {data.defaults.accent}</small>
            </label>
            <label>
              Text colour
              <input name="text" required pattern="#[0-9a-fA-F]{6}" defaultValue={data.shown.text} />
              <small>Default: {data.defaults.text}</small>
            </label>
            <label>
              App URL scheme
              <input name="urlScheme" required defaultValue={data.shown.urlScheme} />
              <small>Default: {data.defaults.urlScheme}</small>
            </label>
          </div>
          <div className="actions">
            <button type="submit">Save brand</button>
          </div>
          <p role="status">{message}</p>
        </form>
      ) : null}
    </section>
  );
}
