import { useState, type FormEvent } from 'react';
import {
  ConsoleRoles,
  consoleCalls,
  contactOutcomes,
  mayAct,
  recordedContactKinds,
  type OperatorRole,
} from '@kwarta/contract';
import { contactKindLabels, contactOutcomeLabels, labelOf } from '@kwarta/contract/labels';
import { useApiQuery } from '../../lib/use-api.ts';
import { consoleCall } from '../console-client.ts';
import { formValues } from '../form-values.ts';
import { money, typedAmount, when } from '../format.ts';

/**
 * An order's collections panel on its page (decision 0098): standing, assignment, promises to
 * pay, the contact log, and for the collector (and admin) the forms to record a contact with a
 * promise, take the order, and send an approved SMS. System SMS show in the page's Messages.
 */
export function CollectionsPanel({ role, orderId }: { role: OperatorRole; orderId: string }) {
  const { data, error, reload } = useApiQuery(consoleCall, consoleCalls.consoleCollectionsOrder, { orderId });
  const [outcome, setOutcome] = useState('');
  // Nothing past due (settled, or not yet late): nothing to collect, so no forms.
  const canCollect = mayAct(role, ConsoleRoles.collect) && data?.bucket !== null;
  async function done(result: { success: boolean; message: string }, said: string, form?: HTMLFormElement) {
    setOutcome(result.success ? said : result.message);
    if (result.success) {
      form?.reset();
      reload();
    }
  }
  async function record(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const { promiseAmount = '', promiseDate = '', ...values } = formValues(form);
    const promise =
      promiseAmount !== '' || promiseDate !== ''
        ? // An amount that is not one goes as typed, so the server's refusal names the field.
          { promiseAmount: String(typedAmount(promiseAmount) ?? promiseAmount), promiseDate }
        : {};
    const result = await consoleCall(consoleCalls.consoleRecordContact, {
      orderId,
      kind: values.kind as 'call',
      outcome: values.outcome as 'reached',
      note: values.note ?? '',
      ...promise,
    });
    await done(result, 'Contact recorded.', form);
  }
  async function take(collector = '') {
    await done(await consoleCall(consoleCalls.consoleAssignCollector, { orderId, collector }), 'Assigned.');
  }
  async function sendSms(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const result = await consoleCall(consoleCalls.consoleSendCollectionSms, {
      orderId,
      templateId: formValues(form).templateId ?? '',
    });
    await done(result, `SMS queued: ${result.data?.text ?? ''}`, form);
  }
  if (error) return <p role="alert">{error}</p>;
  if (!data) return null;
  return (
    <section aria-labelledby="collections-panel-title" className="collections-panel">
      <h2 id="collections-panel-title">Collections</h2>
      <dl className="facts">
        <dt>Days past due</dt>
        <dd>{data.bucket ? `${data.daysPastDue} (${data.bucket})` : 'nothing past due'}</dd>
        <dt>Due now</dt>
        <dd>{money(data.amountDueNow)}</dd>
        <dt>Collector</dt>
        <dd>{data.assignedTo ?? 'unassigned'}</dd>
        <dt>Contact rule</dt>
        <dd>
          {data.contactRule}{' '}
          {data.contactAllowedNow
            ? 'Contact is allowed now.'
            : `Next allowed at ${data.nextAllowedAt ?? ''}.`}
        </dd>
      </dl>
      {canCollect ? (
        <div className="actions">
          {data.assignedTo === null ? (
            <button type="button" onClick={() => take()}>
              Take this order
            </button>
          ) : null}
          {role === 'admin' ? (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void take(formValues(event.currentTarget).collector ?? '');
              }}
            >
              <label>
                Assign to collector
                <select name="collector" required defaultValue="">
                  <option value="" disabled>
                    Choose a collector
                  </option>
                  {data.collectors.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit">Assign</button>
            </form>
          ) : null}
        </div>
      ) : null}
      <p role="status">{outcome}</p>
      {canCollect ? (
        <form className="product" onSubmit={record} aria-label="Record a contact">
          <div className="grid">
            <label>
              Kind
              <select name="kind" defaultValue="call">
                {recordedContactKinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {contactKindLabels[kind]}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Outcome
              <select name="outcome" defaultValue="reached">
                {contactOutcomes
                  .filter((value) => value !== 'queued')
                  .map((value) => (
                    <option key={value} value={value}>
                      {contactOutcomeLabels[value]}
                    </option>
                  ))}
              </select>
            </label>
            <label>
              Note
              <input name="note" maxLength={1000} />
            </label>
            <label>
              Promise amount (e.g. 1500.00)
              <input name="promiseAmount" inputMode="decimal" pattern="\d+(\.\d{1,2})?" />
            </label>
            <label>
              Promise date
              <input name="promiseDate" type="date" />
            </label>
          </div>
          <div className="actions">
            <button type="submit">Record contact</button>
          </div>
        </form>
      ) : null}
      {canCollect && data.templates.length === 0 ? (
        <p>No approved SMS template yet: an admin writes and approves them under Collection SMS.</p>
      ) : null}
      {canCollect && data.templates.length > 0 ? (
        <form className="product" onSubmit={sendSms} aria-label="Send an SMS">
          <label>
            Approved template
            <select name="templateId" required>
              {data.templates.map((template) => (
                <option key={template.id} value={template.id}>
                  {template.name}
                </option>
              ))}
            </select>
          </label>
          <div className="actions">
            <button type="submit">Send SMS</button>
          </div>
        </form>
      ) : null}
      <table>
        <caption>Promises to pay</caption>
        <thead>
          <tr>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">By</th>
            <th scope="col">State</th>
            <th scope="col">Taken by</th>
            <th scope="col">When</th>
          </tr>
        </thead>
        <tbody>
          {data.promises.map((promise) => (
            <tr key={promise.id}>
              <td className="num">{money(promise.amount)}</td>
              <td>{promise.promisedOn}</td>
              <td>{promise.state}</td>
              <td>{promise.madeBy}</td>
              <td>{when(promise.madeAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table>
        <caption>Contact log</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Kind</th>
            <th scope="col">Outcome</th>
            <th scope="col">Note</th>
            <th scope="col">Collector</th>
          </tr>
        </thead>
        <tbody>
          {data.contacts.map((contact) => (
            <tr key={contact.id}>
              <td>{when(contact.at)}</td>
              <td>{labelOf(contactKindLabels, contact.kind)}</td>
              <td>{labelOf(contactOutcomeLabels, contact.outcome)}</td>
              <td>{contact.note}</td>
              <td>{contact.operator}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
