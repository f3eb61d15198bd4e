import { useState, type FormEvent } from 'react';
import { consoleCalls } from '@kwarta/contract';
import { consoleCall } from '../console-client.ts';
import { formValues } from '../form-values.ts';
import { useApiQuery } from '../../lib/use-api.ts';

/** The contacts /customerService and the order page show borrowers. */
export function ServiceSection() {
  const { data, error, reload } = useApiQuery(consoleCall, consoleCalls.consoleServiceContacts, {});
  const [message, setMessage] = useState('');
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const result = await consoleCall(consoleCalls.consoleSaveServiceContacts, {
      email: values.email ?? '',
      whatsapp: values.whatsapp ?? '',
      phone: values.phone ?? '',
    });
    setMessage(result.success ? 'Saved. Borrower pages show it within a few seconds.' : result.message);
    if (result.success) reload();
  }
  return (
    <section aria-labelledby="service-title">
      <h1 id="service-title">Customer-service contacts</h1>
      {error ? <p role="alert">{error}</p> : null}
      {data ? (
        <form className="product" onSubmit={save} aria-labelledby="service-title">
          <div className="grid">
            <label>
              Email
              <input name="email" type="email" required defaultValue={data.shown.email} />
              <small>Default: {data.defaults.email}</small>
            </label>
            <label>
              Telephone / WhatsApp (customer-service page)
              <input name="whatsapp" type="tel" required defaultValue={data.shown.whatsapp} />
              <small>Default: {data.defaults.whatsapp}</small>
            </label>
            <label>
              Telephone (order page)
              <input name="phone" type="tel" required defaultValue={data.shown.phone} />
              <small>Default: {data.defaults.phone}</small>
            </label>
          </div>
          <div className="actions">
            <button type="submit">Save contacts</button>
          </div>
          <p role="status">{message}</p>
        </form>
      ) : null}
    </section>
  );
}
