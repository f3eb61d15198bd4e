import type { CompiledQuery } from 'kysely';
import { BackendUnavailable } from './backend-unavailable.ts';
import { postgresPoolOf } from './database.ts';

/** A select ordered by its rows' id that can be limited or compiled (a Kysely select). */
export interface IdOrderedQuery<Row> {
  limit(limit: number): { execute(): Promise<Row[]> };
  compile(): CompiledQuery<Row>;
}

/**
 * Every row of an id-ordered select, for exports of any size, holding one small batch at a time
 * and read only as fast as the consumer pulls (a download's stream pulls when its socket drained).
 * `readAfter(lastId)` gives the select of the rows after `lastId`.
 *
 * On PostgreSQL one server-side cursor (DECLARE … FETCH in a read-only transaction on a client of
 * its own) is read a batch at a time in the driver's array row mode: the driver builds no object
 * per row for a batch that waits on the socket, and each row's object is made only as it is
 * consumed, so it dies young. Reading pages by key instead (a new query per batch, rows as
 * objects) kept batches alive across the socket's waits and the garbage collector promoted them:
 * the export's memory swung past its budget without forced collections (bench:export, decision
 * 0099). On SQLite a cursor would hold the one connection for the whole export, so it reads pages
 * by key (`id > last`), each one indexed range read.
 */
export async function* streamedRows<Row extends { id: number }>(
  db: object,
  readAfter: (lastId: number) => IdOrderedQuery<Row>,
  batchSize = 256,
): AsyncGenerator<Row> {
  const pool = postgresPoolOf(db);
  if (!pool) {
    let lastId = 0;
    for (;;) {
      const batch = await readAfter(lastId).limit(batchSize).execute();
      yield* batch;
      if (batch.length < batchSize) return;
      lastId = batch.at(-1)!.id;
    }
  }
  const { sql, parameters } = readAfter(0).compile();
  const client = await pool.connect().catch((error: unknown) => {
    throw new BackendUnavailable('database', error);
  });
  let failure: Error | undefined;
  let open = false;
  try {
    await client.query('begin read only');
    open = true;
    await client.query({
      text: `declare streamed_rows no scroll cursor for ${sql}`,
      values: [...parameters],
    });
    for (;;) {
      const batch = await client.query<unknown[]>({
        text: `fetch ${batchSize} from streamed_rows`,
        rowMode: 'array',
      });
      const names = batch.fields.map((field) => field.name);
      for (const values of batch.rows) {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < names.length; i += 1) row[names[i]!] = values[i];
        yield row as Row;
      }
      if (batch.rows.length < batchSize) break;
    }
    await client.query('commit');
    open = false;
  } catch (error) {
    failure = error as Error;
    throw error;
  } finally {
    // A consumer that stopped early (a download cancelled) ends here too: its cursor goes with the transaction.
    if (open && !failure) await client.query('rollback').catch((error: Error) => (failure = error));
    client.release(failure);
  }
}
