import type { Kysely } from 'kysely';
import type { Database, Operator } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import { Refusal } from '../../lib/refusal.ts';
import { findBorrower } from '../borrowers/index.ts';

/**
 * Operators' notes on a borrower (decision 0113): append-only. Nothing here edits or deletes one,
 * and the database's triggers refuse it, so a note stays what its author wrote, when they wrote it;
 * a correction is a new note.
 */
export interface NoteView {
  id: number;
  text: string;
  operator: string;
  at: string;
}

/** A new note, answered with the audit entry the console records in the same transaction. */
export async function addBorrowerNote(
  deps: Pick<Deps, 'db' | 'clock'>,
  operator: Pick<Operator, 'id' | 'name'>,
  input: { borrowerId: number; text: string },
) {
  if (!(await findBorrower(deps.db, input.borrowerId))) throw Refusal.notFound();
  const at = deps.clock.now().toISOString();
  const row = await deps.db
    .insertInto('borrower_notes')
    .values({
      borrower_id: input.borrowerId,
      text: input.text,
      operator_id: operator.id,
      operator_name: operator.name,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const note: NoteView = { id: row.id, text: input.text, operator: operator.name, at };
  return {
    result: note,
    audit: {
      action: 'borrower.note',
      subject: `borrower:${input.borrowerId}`,
      before: undefined,
      after: { noteId: row.id, text: input.text },
    },
  };
}

/** A borrower's notes, newest first. */
export async function borrowerNotes(db: Kysely<Database>, borrowerId: number): Promise<NoteView[]> {
  const rows = await db
    .selectFrom('borrower_notes')
    .select(['id', 'text', 'operator_name', 'created_at'])
    .where('borrower_id', '=', borrowerId)
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return rows.map((row) => ({ id: row.id, text: row.text, operator: row.operator_name, at: row.created_at }));
}
