import { useState, type FormEvent } from 'react';
import { consoleCalls } from '@kwarta/contract';
import { consoleCall } from '../console-client.ts';
import type { DataOf, RequestOf } from '../../lib/api-client.ts';
import { formValues } from '../form-values.ts';
import { useApiQuery } from '../../lib/use-api.ts';
import { money, when } from '../format.ts';
import { Pager } from './pager.tsx';

type Template = DataOf<typeof consoleCalls.consoleTemplates>['items'][number];

/** Channel templates: the promotion landing's configurations (`/promotion?id=…`). */
export function TemplatesSection() {
  const [page, setPage] = useState(1);
  const { data, error, fetching, reload } = useApiQuery(consoleCall, consoleCalls.consoleTemplates, {
    page: String(page),
  });
  // The template being edited, or 'new'; the form sits under the list.
  const [editing, setEditing] = useState<Template | 'new' | null>(null);
  return (
    <section aria-labelledby="templates-title">
      <h1 id="templates-title">Channel templates</h1>
      <button type="button" onClick={() => setEditing('new')}>
        New template
      </button>
      {error ? <p role="alert">{error}</p> : null}
      <table aria-busy={fetching}>
        <caption>Landing configurations, newest first; a link is /promotion?id=…</caption>
        <thead>
          <tr>
            <th scope="col">Id</th>
            <th scope="col">Name</th>
            <th scope="col">Headline</th>
            <th scope="col">Advertised amount</th>
            <th scope="col">Live</th>
            <th scope="col">Created</th>
            <th scope="col">Edit</th>
          </tr>
        </thead>
        <tbody>
          {data?.items.map((template) => (
            <tr key={template.id}>
              <td>{template.id}</td>
              <td>{template.name}</td>
              <td>{template.config.headline}</td>
              <td className="num">
                {template.config.maxAmountMinor === undefined ? '—' : money(template.config.maxAmountMinor)}
              </td>
              <td>{template.active ? 'Yes' : 'No'}</td>
              <td>{when(template.createdAt)}</td>
              <td>
                <button type="button" onClick={() => setEditing(template)}>
                  Edit {template.name}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={page} hasMore={data?.hasMore ?? false} onPage={setPage} />
      {editing ? (
        <TemplateForm
          key={editing === 'new' ? 'new' : editing.id}
          template={editing === 'new' ? null : editing}
          onSaved={(saved) => {
            setEditing(saved);
            reload();
          }}
        />
      ) : null}
    </section>
  );
}

function TemplateForm({
  template,
  onSaved,
}: {
  template: Template | null;
  onSaved: (saved: Template) => void;
}) {
  const [message, setMessage] = useState('');
  const config = template?.config;
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    // The form's fields are named after the template's; the server checks what they hold.
    const result = await consoleCall(consoleCalls.consoleSaveTemplate, {
      ...(values as RequestOf<typeof consoleCalls.consoleSaveTemplate>),
      ...(template ? { templateId: String(template.id) } : {}),
      active: values.active === '1' ? '1' : '0',
    });
    setMessage(result.success ? 'Saved. The landing shows it to the next visitor.' : result.message);
    if (result.success && result.data) onSaved(result.data);
  }
  const title = template ? `Edit template ${template.id}` : 'New template';
  return (
    <form className="product" onSubmit={save} aria-label={title}>
      <h2>{title}</h2>
      <div className="grid">
        <label>
          Name (for operators)
          <input name="name" required defaultValue={template?.name} />
        </label>
        <label>
          App name
          <input name="appName" required defaultValue={config?.appName} />
        </label>
        <label>
          Headline ({'{maxAmount}'} shows the amount)
          <input name="headline" required defaultValue={config?.headline} />
        </label>
        <label>
          Subline
          <input name="subline" defaultValue={config?.subline} />
        </label>
        <label>
          Advertised amount (centavos)
          <input name="maxAmountMinor" inputMode="numeric" defaultValue={config?.maxAmountMinor} />
        </label>
        <label>
          Android store link (https)
          <input name="androidUrl" type="url" required defaultValue={config?.androidUrl} />
        </label>
        <label>
          iOS store link (https)
          <input name="iosUrl" type="url" required defaultValue={config?.iosUrl} />
        </label>
        <label>
          App link (opens the installed app)
          <input name="appScheme" required defaultValue={config?.appScheme} />
        </label>
        <label>
          Agreement title
          <input name="agreementTitle" required defaultValue={config?.agreementTitle} />
        </label>
      </div>
      <label>
        Agreement text
        <textarea name="agreementText" rows={4} defaultValue={config?.agreementText} />
      </label>
      <label className="inline">
        <input name="active" type="checkbox" value="1" defaultChecked={template?.active ?? true} /> Live (the
        landing serves it)
      </label>
      <div className="actions">
        <button type="submit">Save template</button>
      </div>
      <p role="status">{message}</p>
    </form>
  );
}
