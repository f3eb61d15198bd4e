// The history of CIC submission files (decision 0106): what was generated, by whom, and who marked
// it sent.
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { CicSubmissionTable, Database } from '../../db/schema.ts';

export interface CicSubmission {
  id: number;
  month: string;
  correction: boolean;
  fileName: string;
  filePath: string;
  sha256: string;
  byteSize: number;
  subjects: number;
  contracts: number;
  generatedBy: string;
  generatedAt: string;
  sentBy: string | null;
  sentAt: string | null;
}

const toSubmission = (row: Selectable<CicSubmissionTable>): CicSubmission => ({
  id: row.id,
  month: row.month,
  correction: row.submission_type === 1,
  fileName: row.file_name,
  filePath: row.file_path,
  sha256: row.sha256,
  // PostgreSQL answers a bigint as text.
  byteSize: Number(row.byte_size),
  subjects: row.subjects,
  contracts: row.contracts,
  generatedBy: row.generated_by,
  generatedAt: row.generated_at,
  sentBy: row.sent_by,
  sentAt: row.sent_at,
});

/** The file and the borrowers in it, together: a file is never listed without its borrowers. */
export async function recordCicSubmission(
  db: Kysely<Database>,
  borrowerIds: readonly number[],
  row: Omit<Insertable<CicSubmissionTable>, 'id' | 'sent_by' | 'sent_at'>,
): Promise<CicSubmission> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('cic_submissions')
      .values(row)
      .returningAll()
      .executeTakeFirstOrThrow();
    for (let start = 0; start < borrowerIds.length; start += 500) {
      await trx
        .insertInto('cic_submission_borrowers')
        .values(
          borrowerIds
            .slice(start, start + 500)
            .map((borrowerId) => ({ submission_id: inserted.id, borrower_id: borrowerId })),
        )
        .execute();
    }
    return toSubmission(inserted);
  });
}

/** Newest first. */
export async function listCicSubmissions(db: Kysely<Database>, limit = 100): Promise<CicSubmission[]> {
  const rows = await db
    .selectFrom('cic_submissions')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toSubmission);
}

export async function findCicSubmission(db: Kysely<Database>, id: number): Promise<CicSubmission | null> {
  const row = await db.selectFrom('cic_submissions').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toSubmission(row) : null;
}

/**
 * Marks a file sent once: a second mark changes nothing and answers the first (who and when), so
 * two operators pressing at once leave one record of the sending.
 */
export async function markCicSubmissionSent(
  db: Kysely<Database>,
  id: number,
  by: string,
  at: Date,
): Promise<CicSubmission | null> {
  await db
    .updateTable('cic_submissions')
    .set({ sent_by: by, sent_at: at.toISOString() })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .execute();
  return findCicSubmission(db, id);
}
