import { useState, type FormEvent } from 'react';
import { consoleCalls, collectionTemplatePlaceholders } from '@kwarta/contract';
import { useApiQuery } from '../../lib/use-api.ts';
import { consoleCall } from '../console-client.ts';
import { formValues } from '../form-values.ts';
import { when } from '../format.ts';

/**
 * Collection SMS templates (admin, decision 0098): a collector may send only an approved one, and
 * an edit needs approval again.
 */
export function CollectionTemplatesSection() {
  const { data, error, reload } = useApiQuery(consoleCall, consoleCalls.consoleCollectionTemplates, {});
  const [editing, setEditing] = useState<{ id: number; name: string; text: string } | null>(null);
  const [message, setMessage] = useState('');
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(form);
    const result = await consoleCall(consoleCalls.consoleSaveCollectionTemplate, {
      ...(editing ? { templateId: String(editing.id) } : {}),
      name: values.name ?? '',
      text: values.text ?? '',
    });
    setMessage(result.success ? 'Saved; it awaits approval.' : result.message);
    if (result.success) {
      setEditing(null);
      form.reset();
      reload();
    }
  }
  async function approve(templateId: number) {
    const result = await consoleCall(consoleCalls.consoleApproveCollectionTemplate, {
      templateId: String(templateId),
    });
    setMessage(result.success ? 'Approved: collectors can send it.' : result.message);
    if (result.success) reload();
  }
  return (
    <section aria-labelledby="collection-templates-title">
      <h1 id="collection-templates-title">Collection SMS templates</h1>
      {error ? <p role="alert">{error}</p> : null}
      <table>
        <caption>Templates</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Text</th>
            <th scope="col">Approved</th>
            <th scope="col">Changed</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {data?.map((template) => (
            <tr key={template.id}>
              <td>{template.name}</td>
              <td>{template.text}</td>
              <td>{template.approved ? `yes (${template.approvedBy})` : 'no'}</td>
              <td>{when(template.updatedAt)}</td>
              <td>
                <button type="button" onClick={() => setEditing(template)}>
                  Edit
                </button>
                {template.approved ? null : (
                  <button type="button" onClick={() => approve(template.id)}>
                    Approve
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form
        className="product"
        onSubmit={save}
        key={editing?.id ?? 'new'}
        aria-labelledby="template-form-title"
      >
        <h2 id="template-form-title">{editing ? `Edit ${editing.name}` : 'New template'}</h2>
        <label>
          Name
          <input name="name" required maxLength={80} defaultValue={editing?.name ?? ''} />
        </label>
        <label>
          Text
          <textarea
            name="text"
            required
            maxLength={320}
            rows={3}
            aria-describedby="template-placeholders"
            defaultValue={editing?.text ?? ''}
          />
        </label>
        <small id="template-placeholders">
          May use {collectionTemplatePlaceholders.map((name) => `{${name}}`).join(', ')}.
        </small>
        <div className="actions">
          <button type="submit">Save template</button>
        </div>
        <p role="status">{message}</p>
      </form>
    </section>
  );
}
