import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';

type WrittenColumn = 'due_date' | 'interest_paid' | 'principal_paid' | 'paid_amount';

type LineChange<C extends WrittenColumn> = { seq: number } & {
  [column in C]: column extends 'due_date' ? string : number;
};

/**
 * Sets `columns` of some of an order's plan lines in one UPDATE, each column a CASE on the line's
 * seq: a payout dates every line and an extension moves them all, and on PostgreSQL an UPDATE per
 * line was a round trip per line (decision 0099). The values are parameters, so the statement's
 * text depends only on how many lines it sets (a prepared statement serves every order). A
 * parameter has no type of its own in a CASE on PostgreSQL: an integer is cast, a text is text.
 */
export async function updatePlanLines<C extends WrittenColumn>(
  trx: Kysely<Database>,
  orderId: number,
  columns: readonly C[],
  lines: readonly LineChange<C>[],
): Promise<void> {
  if (lines.length === 0) return;
  const caseOn = (column: C): RawBuilder<unknown> => {
    const arms = lines.map((line) => {
      const value = line[column];
      return sql`when ${line.seq} then ${typeof value === 'number' ? sql`cast(${value} as integer)` : value}`;
    });
    return sql`case ${sql.ref('seq')} ${sql.join(arms, sql` `)} end`;
  };
  await trx
    .updateTable('order_plan_lines')
    .set(Object.fromEntries(columns.map((column) => [column, caseOn(column)])))
    .where('order_id', '=', orderId)
    .where(
      'seq',
      'in',
      lines.map((line) => line.seq),
    )
    .execute();
}
