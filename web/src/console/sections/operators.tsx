import { useState, type FormEvent } from 'react';
import {
  ConsoleSignInLimits,
  OPERATOR_PASSWORD_MIN_LENGTH,
  fillMessage,
  messages,
  operatorRoles,
  consoleCalls,
  type OperatorRole,
} from '@kwarta/contract';
import { consoleCall } from '../console-client.ts';
import type { DataOf } from '../../lib/api-client.ts';
import { formValues } from '../form-values.ts';
import { useApiQuery } from '../../lib/use-api.ts';
import { when } from '../format.ts';
import { Pager } from './pager.tsx';
import { failureText } from '../failed-sign-ins.ts';

type Operator = DataOf<typeof consoleCalls.consoleOperators>['items'][number];

/** The role a form's RoleSelect names: it offers only roles (and the server checks anyway). */
const selectedRole = (form: HTMLFormElement) => formValues(form).role as OperatorRole;

/** Operators: create, change role, disable or enable, reset a password. */
export function OperatorsSection({ me }: { me: string }) {
  const [page, setPage] = useState(1);
  const { data, error, fetching, reload } = useApiQuery(consoleCall, consoleCalls.consoleOperators, {
    page: String(page),
  });
  const [message, setMessage] = useState('');
  const done = (result: { success: boolean; message: string }, success: string) => {
    setMessage(result.success ? success : result.message);
    if (result.success) reload();
  };
  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(form);
    const result = await consoleCall(consoleCalls.consoleCreateOperator, {
      name: values.name ?? '',
      role: selectedRole(form),
      password: values.password ?? '',
    });
    done(result, `Operator ${values.name} created.`);
    if (result.success) form.reset();
  }
  return (
    <section aria-labelledby="operators-title">
      <h1 id="operators-title">Operators</h1>
      <p role="status">{message}</p>
      {error ? <p role="alert">{error}</p> : null}
      <table aria-busy={fetching}>
        <caption>Console operators by name</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">Authenticator</th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
            <th scope="col">
              {fillMessage(messages.consoleFailedSignInsColumn, {
                days: ConsoleSignInLimits.failuresShownDays,
              })}
            </th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {data?.items.map((operator) => (
            <OperatorRow key={operator.id} operator={operator} isMe={operator.name === me} onDone={done} />
          ))}
        </tbody>
      </table>
      <Pager page={page} hasMore={data?.hasMore ?? false} onPage={setPage} />
      <form className="product" onSubmit={create} aria-labelledby="new-operator-title">
        <h2 id="new-operator-title">New operator</h2>
        <div className="grid">
          <label>
            Name
            <input name="name" required autoComplete="off" />
          </label>
          <label>
            Role
            <RoleSelect defaultValue="viewer" />
          </label>
          <label>
            Initial password (at least {OPERATOR_PASSWORD_MIN_LENGTH} characters)
            <NewPasswordInput />
          </label>
        </div>
        <div className="actions">
          <button type="submit">Create operator</button>
        </div>
      </form>
    </section>
  );
}

/** A new password field; the browser checks the length rule the server enforces. */
function NewPasswordInput({ label, placeholder }: { label?: string; placeholder?: string }) {
  return (
    <input
      name="password"
      type="password"
      required
      minLength={OPERATOR_PASSWORD_MIN_LENGTH}
      autoComplete="new-password"
      aria-label={label}
      placeholder={placeholder}
    />
  );
}

function RoleSelect({ defaultValue, label }: { defaultValue: OperatorRole; label?: string }) {
  return (
    <select name="role" defaultValue={defaultValue} aria-label={label}>
      {operatorRoles.map((role) => (
        <option key={role} value={role}>
          {role}
        </option>
      ))}
    </select>
  );
}

function OperatorRow({
  operator,
  isMe,
  onDone,
}: {
  operator: Operator;
  isMe: boolean;
  onDone: (result: { success: boolean; message: string }, success: string) => void;
}) {
  const operatorId = String(operator.id);
  async function changeRole(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const role = selectedRole(event.currentTarget);
    onDone(
      await consoleCall(consoleCalls.consoleChangeOperator, { operatorId, role }),
      `${operator.name} is now ${role}.`,
    );
  }
  async function toggleDisabled() {
    const disabled = operator.disabled ? '0' : '1';
    onDone(
      await consoleCall(consoleCalls.consoleChangeOperator, { operatorId, disabled }),
      `${operator.name} ${operator.disabled ? 'enabled' : 'disabled; their sessions ended'}.`,
    );
  }
  async function resetPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const password = formValues(form).password ?? '';
    const result = await consoleCall(consoleCalls.consoleResetOperatorPassword, { operatorId, password });
    onDone(result, `New password set for ${operator.name}; their sessions ended.`);
    if (result.success) form.reset();
  }
  return (
    <tr>
      <td>
        {operator.name} {isMe ? '(you)' : ''}
      </td>
      <td>{operator.role}</td>
      <td>{operator.totp ? 'On' : 'Off'}</td>
      <td>{operator.disabled ? 'Disabled' : 'Active'}</td>
      <td>{when(operator.createdAt)}</td>
      <td>
        {operator.recentFailures
          ? failureText(messages.consoleFailedSignInsSummary, operator.recentFailures)
          : messages.consoleFailedSignInsNone}
      </td>
      <td>
        {/* An admin cannot demote or disable themself (the server refuses it too). */}
        {isMe ? null : (
          <div className="row-actions">
            <form onSubmit={changeRole}>
              <RoleSelect defaultValue={operator.role} label={`Role of ${operator.name}`} />
              <button type="submit">Change role</button>
            </form>
            <button type="button" onClick={toggleDisabled}>
              {operator.disabled ? 'Enable' : 'Disable'} {operator.name}
            </button>
          </div>
        )}
        <form className="row-actions" onSubmit={resetPassword}>
          <NewPasswordInput label={`New password for ${operator.name}`} placeholder="New password" />
          <button type="submit">Reset password</button>
        </form>
      </td>
    </tr>
  );
}
