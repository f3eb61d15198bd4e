import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import { streamedBatches } from '../../db/streamed-rows.ts';

const lineRows = (db: Kysely<Database>) =>
  db
    .selectFrom('journal_lines as line')
    .innerJoin('journal_entries as entry', 'entry.id', 'line.entry_id')
    .select([
      'line.id',
      'line.entry_id',
      'line.entry_date',
      'entry.kind',
      'entry.event_key',
      'line.order_id',
      'entry.payment_id',
      'entry.provider',
      'entry.provider_ref',
      'entry.reverses_entry_id',
      'line.account',
      'line.debit',
      'line.credit',
      'entry.memo',
    ]);

type JournalLineRow = Awaited<ReturnType<ReturnType<typeof lineRows>['executeTakeFirstOrThrow']>>;

/**
 * Every journal line dated from `from` to `to` (the lender's calendar dates, both included), in
 * the order they were written, with its entry's references: what an auditor traces a peso by.
 */
export function journalExportRows(db: Kysely<Database>, range: { from?: string; to?: string }) {
  return streamedBatches(db, (lastId) => {
    let query = lineRows(db).where('line.id', '>', lastId);
    if (range.from) query = query.where('line.entry_date', '>=', range.from);
    if (range.to) query = query.where('line.entry_date', '<=', range.to);
    return query.orderBy('line.id');
  });
}

export const journalExportColumns: CsvColumn<JournalLineRow>[] = [
  { header: 'entry_id', cell: (row) => row.entry_id },
  { header: 'entry_date', cell: (row) => row.entry_date },
  { header: 'kind', cell: (row) => row.kind },
  { header: 'event_key', cell: (row) => row.event_key },
  { header: 'order_id', cell: (row) => row.order_id },
  { header: 'payment_id', cell: (row) => row.payment_id },
  { header: 'provider', cell: (row) => row.provider },
  { header: 'provider_ref', cell: (row) => row.provider_ref },
  { header: 'reverses_entry_id', cell: (row) => row.reverses_entry_id },
  { header: 'account', cell: (row) => row.account },
  { header: 'debit_minor', cell: (row) => row.debit },
  { header: 'credit_minor', cell: (row) => row.credit },
  { header: 'memo', cell: (row) => row.memo },
];
