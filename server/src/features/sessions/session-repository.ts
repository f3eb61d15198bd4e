import { hash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Borrower, Database } from '../../db/schema.ts';
import { preparedQuery } from '../../db/prepared-query.ts';

export interface SessionPolicy {
  idleMinutes: number;
  maxDays: number;
}

export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** 256 bits from the CSPRNG, URL-safe (D1 asks for at least 128). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function createSession(
  db: Kysely<Database>,
  input: { borrowerId: number; deviceId?: string | null; now: Date; policy: SessionPolicy },
): Promise<string> {
  const token = newSessionToken();
  const now = input.now.toISOString();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      borrower_id: input.borrowerId,
      device_id: input.deviceId ?? null,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(input.now.getTime() + input.policy.maxDays * 86_400_000).toISOString(),
    })
    .execute();
  return token;
}

// Writing last_seen_at on every request would turn every read into a write; a minute's
// precision is plenty for an idle timeout measured in hours.
const TOUCH_INTERVAL_MS = 60_000;

// Every borrower call runs this lookup, so it is compiled once (see preparedQuery).
const findSessionBorrower = preparedQuery((db: Kysely<Database>, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('borrowers', 'borrowers.id', 'sessions.borrower_id')
    .select([
      'sessions.last_seen_at',
      'sessions.expires_at',
      'borrowers.id',
      'borrowers.phone',
      'borrowers.full_name',
      'borrowers.is_repeat_client',
      'borrowers.created_at',
    ])
    .where('sessions.token_hash', '=', tokenHash),
);

export interface LiveSession {
  borrower: Borrower;
  tokenHash: string;
  /** last_seen_at is older than the touch interval and should be written (touchSession). */
  stale: boolean;
}

/**
 * The live session behind a token, or null when the token is unknown, past its absolute expiry,
 * or idle for longer than the policy allows. Only reads: a refused request writes nothing, and
 * dead sessions are swept by purgeExpiredSessions.
 */
export async function findLiveSession(
  db: Kysely<Database>,
  input: { token: string; now: Date; policy: SessionPolicy },
): Promise<LiveSession | null> {
  const tokenHash = hashToken(input.token);
  const [row] = await findSessionBorrower(db, tokenHash);
  if (!row) return null;
  const now = input.now.getTime();
  const lastSeen = Date.parse(row.last_seen_at);
  if (now >= Date.parse(row.expires_at) || now - lastSeen > input.policy.idleMinutes * 60_000) return null;
  const borrower: Borrower = {
    id: row.id,
    phone: row.phone,
    full_name: row.full_name,
    is_repeat_client: row.is_repeat_client,
    created_at: row.created_at,
  };
  return { borrower, tokenHash, stale: now - lastSeen > TOUCH_INTERVAL_MS };
}

/** Records use of a session, which keeps it from idling out. */
export async function touchSession(db: Kysely<Database>, session: LiveSession, now: Date): Promise<void> {
  if (!session.stale) return;
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now.toISOString() })
    .where('token_hash', '=', session.tokenHash)
    .execute();
}

/** findLiveSession and touchSession together, for calls that have nothing to check in between. */
export async function resolveSession(
  db: Kysely<Database>,
  input: { token: string; now: Date; policy: SessionPolicy },
): Promise<Borrower | null> {
  const session = await findLiveSession(db, input);
  if (!session) return null;
  await touchSession(db, session, input.now);
  return session.borrower;
}

/** Removes sessions past their absolute expiry or idle limit. Run at boot and periodically. */
export async function purgeExpiredSessions(
  db: Kysely<Database>,
  input: { now: Date; policy: SessionPolicy },
): Promise<number> {
  const idleCutoff = new Date(input.now.getTime() - input.policy.idleMinutes * 60_000).toISOString();
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([eb('expires_at', '<=', input.now.toISOString()), eb('last_seen_at', '<', idleCutoff)]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
