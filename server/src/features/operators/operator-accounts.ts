import type { Kysely } from 'kysely';
import {
  ConsoleSignInLimits,
  OPERATOR_NAME_PATTERN,
  OPERATOR_PASSWORD_MIN_LENGTH,
  fillMessage,
  messages,
  type OperatorRole,
} from '@kwarta/contract';
import type { Database, Operator } from '../../db/schema.ts';
import { readPage, type PageRequest } from '../../lib/paging.ts';
import { hashPassword } from './password-hash.ts';
import { findOperatorByName } from './operator-sign-in.ts';
import { createOperator } from './operator-repository.ts';
import type { AccountKeyRing } from '../bank-binding/index.ts';
import { newTotpSecret } from './totp.ts';
import { sealTotpSecret } from './totp-secrets.ts';
import { failureSummaries } from './sign-in-failures.ts';
import { Refusal } from '../../lib/refusal.ts';

/**
 * Managing operator accounts: the one set of use cases both the console's operators screen and
 * `npm run operator` call, so a rule (password length, the last admin) cannot hold in one and
 * not the other. Each takes `db` (the caller's transaction when it audits) and changes nothing
 * when it refuses.
 */

/** Why a change was refused: `invalid` input, a `conflict` with the accounts as they are, or `missing`. */
export class OperatorChangeRefused extends Refusal {
  constructor(
    readonly kind: 'invalid' | 'conflict' | 'missing',
    message: string,
  ) {
    super(kind === 'missing' ? 'not-found' : kind === 'conflict' ? 'refused' : 'invalid', message);
  }
}

/** What an operator looks like outside this module: never the password hash or the TOTP secret. */
export const operatorSummary = (operator: Operator) => ({
  id: operator.id,
  name: operator.name,
  role: operator.role as OperatorRole,
  totp: operator.totp_secret !== null,
  disabled: operator.disabled === 1,
  createdAt: operator.created_at,
});

export type OperatorSummary = ReturnType<typeof operatorSummary>;

/**
 * Checks a new password against the length rule and hashes it (scrypt, a few hundred ms), so
 * callers hash before they open a transaction rather than hold one open for it.
 */
export async function newPasswordHash(password: string): Promise<string> {
  if (password.length < OPERATOR_PASSWORD_MIN_LENGTH)
    throw new OperatorChangeRefused(
      'invalid',
      fillMessage(messages.operatorPasswordShort, { min: OPERATOR_PASSWORD_MIN_LENGTH }),
    );
  return hashPassword(password);
}

export async function createOperatorAccount(
  db: Kysely<Database>,
  input: { name: string; role: OperatorRole; passwordHash: string; now: Date },
): Promise<Operator> {
  const name = input.name.trim();
  if (!OPERATOR_NAME_PATTERN.test(name))
    throw new OperatorChangeRefused('invalid', messages.operatorNameInvalid);
  if (await findOperatorByName(db, name))
    throw new OperatorChangeRefused('conflict', messages.operatorNameTaken);
  const id = await createOperator(db, {
    name,
    role: input.role,
    now: input.now,
    passwordHash: input.passwordHash,
  });
  return findOperator(db, id);
}

/**
 * A role change or disabling/enabling. An admin (`actorId`) may not demote or disable themself,
 * and whoever asks (the CLI too), the last enabled admin stays one: otherwise nobody could
 * administer the console any more. Disabling ends the operator's sessions at once.
 */
export async function changeOperator(
  db: Kysely<Database>,
  input: { operatorId: number; actorId?: number; role?: OperatorRole; disabled?: boolean },
): Promise<{ before: Operator; after: Operator }> {
  const before = await findOperator(db, input.operatorId);
  const role = input.role ?? (before.role as OperatorRole);
  const disabled = input.disabled ?? before.disabled === 1;
  const losesAdmin = before.role === 'admin' && before.disabled === 0 && (role !== 'admin' || disabled);
  if (losesAdmin) {
    if (input.actorId === before.id) throw new OperatorChangeRefused('conflict', messages.operatorSelfChange);
    // Two admins demoting each other at once must not both succeed. Touching the enabled admins'
    // rows locks them (row locks on PostgreSQL, the write lock on SQLite), so a second such
    // change waits for this transaction and then counts what it left.
    await db
      .updateTable('operators')
      .set((eb) => ({ role: eb.ref('role') }))
      .where('role', '=', 'admin')
      .where('disabled', '=', 0)
      .execute();
    const others = await db
      .selectFrom('operators')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('role', '=', 'admin')
      .where('disabled', '=', 0)
      .where('id', '<>', before.id)
      .executeTakeFirstOrThrow();
    if (Number(others.count) === 0) throw new OperatorChangeRefused('conflict', messages.operatorLastAdmin);
  }
  await db
    .updateTable('operators')
    .set({ role, disabled: disabled ? 1 : 0 })
    .where('id', '=', before.id)
    .execute();
  if (disabled) await endOperatorSessions(db, before.id);
  return { before, after: await findOperator(db, before.id) };
}

/** A new password (already checked and hashed by newPasswordHash); the operator's sessions end. */
export async function resetOperatorPassword(
  db: Kysely<Database>,
  input: { operatorId: number; passwordHash: string },
): Promise<Operator> {
  const operator = await findOperator(db, input.operatorId);
  await db
    .updateTable('operators')
    .set({ password_hash: input.passwordHash })
    .where('id', '=', operator.id)
    .execute();
  await endOperatorSessions(db, operator.id);
  return operator;
}

/** Any change of an operator's credentials or standing ends their open sessions. */
export async function endOperatorSessions(db: Kysely<Database>, operatorId: number): Promise<void> {
  await db.deleteFrom('operator_sessions').where('operator_id', '=', operatorId).execute();
}

/**
 * Operators by name, one page (the console's operators screen), each with the failed sign-in
 * attempts on them over the last ConsoleSignInLimits.failuresShownDays days (decision 0091).
 */
export async function listOperators(db: Kysely<Database>, page: PageRequest, now: Date) {
  const listed = await readPage(
    db.selectFrom('operators').selectAll().orderBy('name').orderBy('id'),
    page,
    operatorSummary,
  );
  const failures = await failureSummaries(db, {
    operatorIds: listed.items.map((item) => item.id),
    after: new Date(now.getTime() - ConsoleSignInLimits.failuresShownDays * 86_400_000).toISOString(),
  });
  return {
    ...listed,
    items: listed.items.map((item) => ({ ...item, recentFailures: failures.get(item.id) ?? null })),
  };
}

/** The collectors an order can be assigned to (enabled ones), by name: the console's choice list. */
export async function activeCollectorNames(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('operators')
    .select('name')
    .where('role', '=', 'collector')
    .where('disabled', '=', 0)
    .orderBy('name')
    .execute();
  return rows.map((row) => row.name);
}

async function findOperator(db: Kysely<Database>, id: number): Promise<Operator> {
  const operator = await db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
  if (!operator) throw new OperatorChangeRefused('missing', messages.operatorNotFound);
  return operator;
}

/** A new second factor for the operator, stored sealed; their sessions end. The secret, to show once. */
export async function setUpTotp(
  deps: { db: Kysely<Database>; accountKeys: AccountKeyRing },
  operatorId: number,
): Promise<string> {
  const secret = newTotpSecret();
  await deps.db
    .updateTable('operators')
    .set({ totp_secret: sealTotpSecret(deps.accountKeys, operatorId, secret) })
    .where('id', '=', operatorId)
    .execute();
  await endOperatorSessions(deps.db, operatorId);
  return secret;
}

/** Removes the operator's second factor (the CLI's `totp-off`): they sign in with the password alone. */
export async function removeTotp(db: Kysely<Database>, operatorId: number): Promise<void> {
  await db.updateTable('operators').set({ totp_secret: null }).where('id', '=', operatorId).execute();
}
