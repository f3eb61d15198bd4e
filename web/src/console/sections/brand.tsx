import { useState, type FormEvent } from 'react';
import { consoleCalls } from '@kwarta/contract';
import { consoleCall } from '../console-client.ts';
import { formValues } from '../form-values.ts';
import { when } from '../format.ts';
import { useApiQuery } from '../../lib/use-api.ts';

/** The look's fields as the screen labels them. */
const fields = [
  { key: 'name', label: 'Name' },
  { key: 'primary', label: 'Primary colour (buttons, links; white text on it)' },
  { key: 'accent', label: 'Accent colour (rating stars)' },
  { key: 'text', label: 'Text colour' },
  { key: 'urlScheme', label: 'App URL scheme' },
] as const;

/**
 * The deployment's brand (decision 0096): name, colours and the app's URL scheme. One precedence:
 * a brand saved here wins over the configuration (BRAND_* variables, over BRAND_FILE, over
 * Kwarta's own file); each value says which of them it comes from, and a reset brings the
 * configured brand back. The server refuses colours under WCAG AA contrast with the figure; a
 * change shows from the next page load. The logo and icons stay configuration (BRAND_FILE).
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
  async function reset() {
    const result = await consoleCall(consoleCalls.consoleResetBrand, {});
    setMessage(
      result.success ? 'Reset. Pages show the configured brand from their next load.' : result.message,
    );
    if (result.success) reload();
  }
  const overridden = data?.saved
    ? fields.filter(({ key }) => data.shown[key] !== data.defaults[key]).map(({ key }) => key)
    : [];
  return (
    <section aria-labelledby="brand-title">
      <h1 id="brand-title">Brand</h1>
      {error ? <p role="alert">{error}</p> : null}
      {data ? (
        // Re-mounted when the brand shown changes, so the fields show it after a save or a reset.
        <form
          key={JSON.stringify(data.shown)}
          className="product"
          onSubmit={save}
          aria-labelledby="brand-title"
        >
          <p>
            <img src="/brand/logo.svg" alt="Logo" height="40" />{' '}
            <img src="/brand/icon.svg" alt="App icon" height="40" />
          </p>
          <p>
            A brand saved here wins over the configuration (BRAND_* variables, over BRAND_FILE, over the
            default); the logo, icons and company texts always come from the configuration.
          </p>
          <p>
            {data.saved
              ? `The saved brand shows: saved by ${data.saved.by} on ${when(data.saved.at)}.`
              : 'The configured brand shows: no admin has saved one.'}
          </p>
          {overridden.length > 0 ? (
            <p role="note" className="error">
              The saved brand overrides the configured {overridden.join(', ')}. Reset to show the configured
              brand.
            </p>
          ) : null}
          <div className="grid">
            {fields.map(({ key, label }) => (
              <label key={key}>
                {label}
                <input
                  name={key}
                  required
                  {...(key === 'name'
                    ? { maxLength: 60 }
                    : key === 'urlScheme'
                      ? {}
                      : { pattern: '#[0-9a-fA-F]{6}' })}
                  defaultValue={data.shown[key]}
                />
                <small>
                  {data.saved
                    ? `From the console; configured: ${data.defaults[key]} (${data.configuredFrom[key]}).`
                    : `From ${data.configuredFrom[key]}.`}
                  {key === 'primary' ? ` Derived: strong ${data.shown.strong}, soft ${data.shown.soft}.` : ''}
                </small>
              </label>
            ))}
          </div>
          <div className="actions">
            <button type="submit">Save brand</button>
            {data.saved ? (
              <button type="button" onClick={() => void reset()}>
                Reset to the configured brand
              </button>
            ) : null}
          </div>
          <p role="status">{message}</p>
        </form>
      ) : null}
    </section>
  );
}
