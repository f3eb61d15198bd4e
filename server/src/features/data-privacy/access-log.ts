import type { Kysely } from 'kysely';
import type { Database, Operator } from '../../db/schema.ts';

/**
 * The borrowers a read showed, named by borrower, order or complaint (a queue knows its rows by
 * order); or a file of many borrowers (a CIC submission file), logged as one row naming the file,
 * whose borrowers are the file's own list.
 */
export interface ReadSubjects {
  borrowerIds?: readonly number[];
  orderIds?: readonly number[];
  complaintIds?: readonly number[];
  cicSubmissionId?: number;
}

/**
 * Every console read of a borrower's personal data (decision 0107): who, whose, what, when, one row
 * per borrower shown. Endpoints declare their reads (personal-data-reads.ts), which call this; the
 * DPO and the borrower read it.
 */
export async function recordPersonalDataRead(
  db: Kysely<Database>,
  input: ReadSubjects & { operator: Pick<Operator, 'id' | 'name'>; what: string; now: Date },
): Promise<void> {
  if (input.cicSubmissionId !== undefined) {
    await db
      .insertInto('personal_data_file_reads')
      .values({
        operator_id: input.operator.id,
        operator_name: input.operator.name,
        cic_submission_id: input.cicSubmissionId,
        what: input.what,
        at: input.now.toISOString(),
      })
      .execute();
  }
  const borrowerIds = new Set(input.borrowerIds);
  const orderIds = [...new Set(input.orderIds)];
  const complaintIds = [...new Set(input.complaintIds)];
  if (orderIds.length > 0) {
    const rows = await db.selectFrom('orders').select('borrower_id').where('id', 'in', orderIds).execute();
    for (const row of rows) borrowerIds.add(row.borrower_id);
  }
  if (complaintIds.length > 0) {
    const rows = await db
      .selectFrom('problems')
      .select('borrower_id')
      .where('id', 'in', complaintIds)
      .execute();
    for (const row of rows) borrowerIds.add(row.borrower_id);
  }
  if (borrowerIds.size === 0) return;
  await db
    .insertInto('personal_data_access_log')
    .values(
      [...borrowerIds].map((borrowerId) => ({
        operator_id: input.operator.id,
        operator_name: input.operator.name,
        borrower_id: borrowerId,
        what: input.what,
        at: input.now.toISOString(),
      })),
    )
    .execute();
}

export interface AccessLogEntry {
  operatorName: string;
  /** Null for a file's download: it showed every borrower in the file. */
  borrowerId: number | null;
  what: string;
  at: string;
}

/** The downloads of files that held a borrower, as their access log reads them. */
export async function fileReadsOf(
  db: Kysely<Database>,
  borrowerId: number,
  limit?: number,
): Promise<{ operator_name: string; what: string; at: string }[]> {
  let query = db
    .selectFrom('personal_data_file_reads as r')
    .innerJoin('cic_submission_borrowers as b', 'b.submission_id', 'r.cic_submission_id')
    .select(['r.operator_name', 'r.what', 'r.at'])
    .where('b.borrower_id', '=', borrowerId)
    .orderBy('r.id', 'desc');
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, what: `${row.what}, which holds this borrower` }));
}

/** Newest first; one borrower's when given, with the downloaded files that held them. */
export async function listAccessLog(
  db: Kysely<Database>,
  input: { borrowerId?: number; limit?: number },
): Promise<AccessLogEntry[]> {
  const limit = input.limit ?? 200;
  let query = db
    .selectFrom('personal_data_access_log')
    .select(['operator_name', 'borrower_id', 'what', 'at'])
    .orderBy('id', 'desc')
    .limit(limit);
  if (input.borrowerId !== undefined) query = query.where('borrower_id', '=', input.borrowerId);
  const reads = (await query.execute()).map((row) => ({
    operatorName: row.operator_name,
    borrowerId: row.borrower_id,
    what: row.what,
    at: row.at,
  }));
  const files =
    input.borrowerId === undefined
      ? (
          await db
            .selectFrom('personal_data_file_reads')
            .select(['operator_name', 'what', 'at'])
            .orderBy('id', 'desc')
            .limit(limit)
            .execute()
        ).map((row) => ({ ...row, borrowerId: null, what: `${row.what}, every borrower in it` }))
      : (await fileReadsOf(db, input.borrowerId, limit)).map((row) => ({
          ...row,
          borrowerId: input.borrowerId!,
        }));
  const entries: AccessLogEntry[] = [
    ...reads,
    ...files.map(({ operator_name, ...row }) => ({ ...row, operatorName: operator_name })),
  ];
  // Stable: rows of one instant keep each table's newest-first order.
  return entries.sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit);
}
