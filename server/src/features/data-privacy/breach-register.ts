import type { Kysely } from 'kysely';
import type { Database, Operator } from '../../db/schema.ts';

/** The NPC and the people affected are told within 72 hours of discovery (NPC Circular 16-03). */
export const NOTIFY_WITHIN_HOURS = 72;

export interface BreachView {
  id: number;
  title: string;
  description: string;
  discoveredAt: string;
  notifyBy: string;
  /** Hours left on the clock (negative once late); null once the NPC was notified. */
  hoursLeft: number | null;
  npcNotifiedAt: string | null;
  recordedBy: string;
}

export async function recordBreach(
  db: Kysely<Database>,
  input: {
    title: string;
    description: string;
    discoveredAt: Date;
    operator: Pick<Operator, 'name'>;
    now: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('privacy_breaches')
    .values({
      title: input.title,
      description: input.description,
      discovered_at: input.discoveredAt.toISOString(),
      npc_notified_at: null,
      recorded_by: input.operator.name,
      created_at: input.now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Stops the clock; a second call keeps the first time. False when there is no such breach. */
export async function markBreachNotified(
  db: Kysely<Database>,
  input: { breachId: number; now: Date },
): Promise<boolean> {
  const found = await db
    .selectFrom('privacy_breaches')
    .select('id')
    .where('id', '=', input.breachId)
    .executeTakeFirst();
  if (!found) return false;
  await db
    .updateTable('privacy_breaches')
    .set({ npc_notified_at: input.now.toISOString() })
    .where('id', '=', input.breachId)
    .where('npc_notified_at', 'is', null)
    .execute();
  return true;
}

export async function listBreaches(db: Kysely<Database>, now: Date): Promise<BreachView[]> {
  const rows = await db.selectFrom('privacy_breaches').selectAll().orderBy('id', 'desc').limit(200).execute();
  return rows.map((row) => {
    const notifyBy = new Date(new Date(row.discovered_at).getTime() + NOTIFY_WITHIN_HOURS * 3_600_000);
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      discoveredAt: row.discovered_at,
      notifyBy: notifyBy.toISOString(),
      hoursLeft:
        row.npc_notified_at === null ? Math.floor((notifyBy.getTime() - now.getTime()) / 3_600_000) : null,
      npcNotifiedAt: row.npc_notified_at,
      recordedBy: row.recorded_by,
    };
  });
}
