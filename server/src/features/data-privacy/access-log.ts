import type { Kysely } from 'kysely';
import type { Database, Operator } from '../../db/schema.ts';

/** The borrowers a read showed, named by borrower, order or complaint (a queue knows its rows by order). */
export interface ReadSubjects {
  borrowerIds?: readonly number[];
  orderIds?: readonly number[];
  complaintIds?: readonly number[];
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
  borrowerId: number;
  what: string;
  at: string;
}

/** Newest first; one borrower's when given. */
export async function listAccessLog(
  db: Kysely<Database>,
  input: { borrowerId?: number; limit?: number },
): Promise<AccessLogEntry[]> {
  let query = db
    .selectFrom('personal_data_access_log')
    .select(['operator_name', 'borrower_id', 'what', 'at'])
    .orderBy('id', 'desc')
    .limit(input.limit ?? 200);
  if (input.borrowerId !== undefined) query = query.where('borrower_id', '=', input.borrowerId);
  const rows = await query.execute();
  return rows.map((row) => ({
    operatorName: row.operator_name,
    borrowerId: row.borrower_id,
    what: row.what,
    at: row.at,
  }));
}
