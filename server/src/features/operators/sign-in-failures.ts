import type { Kysely } from 'kysely';
import type { SignInFailureReason } from '@kwarta/contract';
import type { Database } from '../../db/schema.ts';

/**
 * Failed console sign-in attempts (decision 0091): recorded one row each, so an operator learns
 * after signing in that someone tried (when, from where), and an admin sees it per operator.
 */

export interface SignInFailure {
  /** The operator whose name was tried; null when no operator has it. */
  operatorId: number | null;
  name: string;
  address: string;
  knownDevice: boolean;
  reason: SignInFailureReason;
  at: Date;
}

export async function recordSignInFailure(db: Kysely<Database>, failure: SignInFailure): Promise<void> {
  await db
    .insertInto('operator_sign_in_failures')
    .values({
      operator_id: failure.operatorId,
      // A name no operator has is kept as typed (what else would identify the attempt), bounded.
      name: failure.operatorId === null ? failure.name.slice(0, 64) : null,
      at: failure.at.toISOString(),
      address: failure.address,
      known_device: failure.knownDevice ? 1 : 0,
      reason: failure.reason,
    })
    .execute();
}

export interface FailureSummary {
  count: number;
  lastAt: string;
  lastAddress: string;
}

/**
 * Per operator, the failed attempts after `after` (exclusive) up to `upTo` (inclusive, if given):
 * how many, and when and from where the last came. Operators without any are absent. Two
 * aggregate reads, whatever the number of rows (a flood of throttled attempts is many).
 */
export async function failureSummaries(
  db: Kysely<Database>,
  input: { operatorIds: readonly number[]; after: string; upTo?: string },
): Promise<Map<number, FailureSummary>> {
  const summaries = new Map<number, FailureSummary>();
  if (input.operatorIds.length === 0) return summaries;
  let counted = db
    .selectFrom('operator_sign_in_failures')
    .select((eb) => [
      'operator_id',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.max('id').as('last_id'),
    ])
    .where('operator_id', 'in', input.operatorIds)
    .where('at', '>', input.after);
  if (input.upTo) counted = counted.where('at', '<=', input.upTo);
  const groups = await counted.groupBy('operator_id').execute();
  if (groups.length === 0) return summaries;
  const lastRows = await db
    .selectFrom('operator_sign_in_failures')
    .select(['id', 'at', 'address'])
    .where(
      'id',
      'in',
      groups.map((group) => group.last_id),
    )
    .execute();
  const lastById = new Map(lastRows.map((row) => [row.id, row]));
  for (const group of groups) {
    const last = lastById.get(group.last_id)!;
    summaries.set(group.operator_id!, {
      count: Number(group.count),
      lastAt: last.at,
      lastAddress: last.address,
    });
  }
  return summaries;
}

/** Failures older than the keeping time go (the purge-sign-in-records job). */
export async function purgeOldSignInFailures(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('operator_sign_in_failures')
    .where('at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
