import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { OperatorRole } from '@kwarta/contract';
import type { Database, Operator } from '../../db/schema.ts';

/**
 * Operators and their console sessions. Tokens are 256 bits from the CSPRNG and only their
 * SHA-256 is stored, like borrower sessions: a copied database hands out no live session.
 * Sign-in (passwords, throttling, TOTP) belongs to the console; this is what it builds on.
 */

export interface OperatorSessionPolicy {
  idleMinutes: number;
  maxHours: number;
}

/** A console left open at a desk ends after half an hour unused and a working day at most. */
export const OPERATOR_SESSION_POLICY: OperatorSessionPolicy = { idleMinutes: 30, maxHours: 12 };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/**
 * A session's CSRF token is derived from its cookie token, so the console can be handed it again
 * after a reload (consoleMe) while only hashes are stored; a cross-site page can neither read the
 * cookie nor the answer that carries it.
 */
export const csrfTokenFor = (token: string) =>
  createHmac('sha256', token).update('kwarta-csrf').digest('base64url');

export async function createOperator(
  db: Kysely<Database>,
  input: { name: string; role: OperatorRole; now: Date; passwordHash?: string },
): Promise<number> {
  const row = await db
    .insertInto('operators')
    .values({
      name: input.name,
      role: input.role,
      created_at: input.now.toISOString(),
      ...(input.passwordHash ? { password_hash: input.passwordHash } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface OperatorSessionTokens {
  /** Goes into the HttpOnly cookie. */
  token: string;
  /** Goes to the console's page, which sends it back in the CSRF header on every write. */
  csrfToken: string;
}

export async function createOperatorSession(
  db: Kysely<Database>,
  input: {
    operatorId: number;
    now: Date;
    policy?: OperatorSessionPolicy;
    /** The operator's sign-in before this one: the session shows the failures since (decision 0091). */
    previousSignInAt?: string | null;
  },
): Promise<OperatorSessionTokens> {
  const policy = input.policy ?? OPERATOR_SESSION_POLICY;
  const token = newToken();
  const tokens = { token, csrfToken: csrfTokenFor(token) };
  const now = input.now.toISOString();
  await db
    .insertInto('operator_sessions')
    .values({
      token_hash: sha256(tokens.token),
      operator_id: input.operatorId,
      csrf_token_hash: sha256(tokens.csrfToken),
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(input.now.getTime() + policy.maxHours * 3_600_000).toISOString(),
      previous_sign_in_at: input.previousSignInAt ?? null,
    })
    .execute();
  return tokens;
}

export interface LiveOperatorSession {
  operator: Operator;
  /** The cookie token itself, from which the session's CSRF token is derived. */
  token: string;
  tokenHash: string;
  csrfTokenHash: string;
  /** When this session began, and the operator's sign-in before it (null: none recorded). */
  signedInAt: string;
  previousSignInAt: string | null;
}

/** The live session behind a cookie token with its (enabled) operator, or null. Reads only. */
export async function findLiveOperatorSession(
  db: Kysely<Database>,
  input: { token: string; now: Date; policy?: OperatorSessionPolicy },
): Promise<LiveOperatorSession | null> {
  const policy = input.policy ?? OPERATOR_SESSION_POLICY;
  const tokenHash = sha256(input.token);
  const row = await db
    .selectFrom('operator_sessions')
    .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
    .select([
      'operator_sessions.csrf_token_hash',
      'operator_sessions.last_seen_at',
      'operator_sessions.expires_at',
      'operator_sessions.created_at as signed_in_at',
      'operator_sessions.previous_sign_in_at',
      'operators.id',
      'operators.name',
      'operators.role',
      'operators.password_hash',
      'operators.disabled',
      'operators.created_at',
      'operators.totp_secret',
      'operators.last_sign_in_at',
    ])
    .where('operator_sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || row.disabled === 1) return null;
  const now = input.now.getTime();
  if (now >= Date.parse(row.expires_at)) return null;
  if (now - Date.parse(row.last_seen_at) > policy.idleMinutes * 60_000) return null;
  const {
    csrf_token_hash: csrfTokenHash,
    last_seen_at: _seen,
    expires_at: _expires,
    signed_in_at: signedInAt,
    previous_sign_in_at: previousSignInAt,
    ...operator
  } = row;
  return { operator, token: input.token, tokenHash, csrfTokenHash, signedInAt, previousSignInAt };
}

export async function touchOperatorSession(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ last_seen_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .execute();
}

/** Whether a sent CSRF token is the session's, compared in constant time. */
export function csrfTokenMatches(session: LiveOperatorSession, sent: string | undefined): boolean {
  if (!sent) return false;
  const expected = Buffer.from(session.csrfTokenHash, 'hex');
  const actual = Buffer.from(sha256(sent), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Signing out: the session ends now, whatever its expiry said. */
export async function deleteOperatorSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('operator_sessions').where('token_hash', '=', tokenHash).execute();
}
