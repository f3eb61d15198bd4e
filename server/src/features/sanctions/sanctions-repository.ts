import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { ScreeningHit } from './screening.ts';
import type { ListedPerson } from './un-list.ts';

/** Replaces one list's entries with a new import, in one transaction (a list is imported whole). */
export async function replaceList(
  db: Kysely<Database>,
  listName: string,
  people: readonly ListedPerson[],
  now: Date,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('sanctions_entries').where('list_name', '=', listName).execute();
    const rows = people.map((person) => ({
      list_name: listName,
      reference: person.reference,
      name: person.name,
      aliases: JSON.stringify(person.aliases),
      dates_of_birth: JSON.stringify(person.datesOfBirth),
      imported_at: now.toISOString(),
    }));
    // Chunks keep each statement under SQLite's and PostgreSQL's parameter limits.
    for (let at = 0; at < rows.length; at += 500) {
      await trx
        .insertInto('sanctions_entries')
        .values(rows.slice(at, at + 500))
        .execute();
    }
  });
}

export interface ListedEntry extends ListedPerson {
  listName: string;
}

/** Every listed person of every list, for one screening index. */
export async function allListedPeople(db: Kysely<Database>): Promise<ListedEntry[]> {
  const rows = await db.selectFrom('sanctions_entries').selectAll().orderBy('id').execute();
  return rows.map((row) => ({
    listName: row.list_name,
    // The reference is unique per list only: qualify it so two lists never merge.
    reference: `${row.list_name}:${row.reference}`,
    name: row.name,
    aliases: JSON.parse(row.aliases) as string[],
    datesOfBirth: JSON.parse(row.dates_of_birth) as string[],
  }));
}

/**
 * Records what a screening found for one borrower. A hit an officer already cleared or
 * confirmed keeps its decision; a new one is recorded as possible. Returns whether any hit of
 * the borrower is still possible or confirmed.
 */
export async function recordHits(
  db: Kysely<Database>,
  borrowerId: number,
  hits: readonly ScreeningHit[],
  now: Date,
): Promise<'clear' | 'possible' | 'confirmed'> {
  for (const hit of hits) {
    const [listName, ...rest] = hit.reference.split(':');
    await db
      .insertInto('screening_hits')
      .values({
        borrower_id: borrowerId,
        list_name: listName!,
        reference: rest.join(':'),
        listed_name: hit.listedName,
        matched_name: hit.matchedName,
        score: Math.round(hit.score * 1000),
        date_of_birth_agrees: hit.dateOfBirthAgrees === null ? null : hit.dateOfBirthAgrees ? 1 : 0,
        status: 'possible',
        created_at: now.toISOString(),
      })
      .onConflict((conflict) => conflict.columns(['borrower_id', 'list_name', 'reference']).doNothing())
      .execute();
  }
  return screeningState(db, borrowerId);
}

export async function screeningState(
  db: Kysely<Database>,
  borrowerId: number,
): Promise<'clear' | 'possible' | 'confirmed'> {
  const rows = await db
    .selectFrom('screening_hits')
    .select('status')
    .where('borrower_id', '=', borrowerId)
    .execute();
  return screeningOf(rows.map((row) => row.status));
}

/** A borrower's screening from the statuses of its hits: any confirmed, else any possible, else clear. */
export function screeningOf(statuses: readonly string[]): 'clear' | 'possible' | 'confirmed' {
  if (statuses.includes('confirmed')) return 'confirmed';
  return statuses.includes('possible') ? 'possible' : 'clear';
}

export function hitsOf(db: Kysely<Database>, borrowerId: number) {
  return db
    .selectFrom('screening_hits')
    .selectAll()
    .where('borrower_id', '=', borrowerId)
    .orderBy('score', 'desc')
    .execute();
}

/** An officer's word on a borrower's open hits: cleared (another person) or confirmed. */
export async function decideHits(
  db: Kysely<Database>,
  borrowerId: number,
  status: 'cleared' | 'confirmed',
): Promise<void> {
  await db
    .updateTable('screening_hits')
    .set({ status })
    .where('borrower_id', '=', borrowerId)
    .where('status', '=', 'possible')
    .execute();
}
