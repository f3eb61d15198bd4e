import type { Kysely } from 'kysely';
import type { Database, Operator } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Deps } from '../../lib/deps.ts';
import { readPage, type PageRequest } from '../../lib/paging.ts';

export interface AuditEntry {
  /** What was done: 'order.approve', 'complaint.reply', 'product.save'. */
  action: string;
  /** What it was done to: 'order:12', 'problem:3', 'product:1'. */
  subject: string;
  before: unknown;
  after: unknown;
}

/**
 * Runs a console write and records it in the audit log in the same transaction: who, what, when,
 * the values before and after. Either both are kept or neither. The log is append-only (database
 * triggers refuse UPDATE and DELETE), and no console call writes it other than through here.
 */
export async function audited<T>(
  deps: Pick<Deps, 'db' | 'clock'>,
  operator: Pick<Operator, 'id' | 'name'>,
  write: (trx: Kysely<Database>) => Promise<{ result: T; audit: AuditEntry }>,
): Promise<T> {
  return inTransaction(deps.db, async (trx) => {
    const { result, audit } = await write(trx);
    await trx
      .insertInto('operator_audit')
      .values({
        operator_id: operator.id,
        operator_name: operator.name,
        action: audit.action,
        subject: audit.subject,
        before_json: audit.before === undefined ? null : JSON.stringify(audit.before),
        after_json: audit.after === undefined ? null : JSON.stringify(audit.after),
        created_at: deps.clock.now().toISOString(),
      })
      .execute();
    return result;
  });
}

export function listAudit(db: Kysely<Database>, input: PageRequest & { subject: string }) {
  let query = db.selectFrom('operator_audit').selectAll();
  if (input.subject) query = query.where('subject', '=', input.subject);
  return readPage(query.orderBy('id', 'desc'), input, (row) => ({
    id: row.id,
    operator: row.operator_name,
    action: row.action,
    subject: row.subject,
    before: row.before_json,
    after: row.after_json,
    at: row.created_at,
  }));
}
