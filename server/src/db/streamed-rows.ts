import type { CompiledQuery } from 'kysely';
import { BackendUnavailable } from './backend-unavailable.ts';
import { postgresPoolOf } from './database.ts';

/** A select ordered by its rows' id that can be limited or compiled (a Kysely select). */
export interface IdOrderedQuery<Row> {
  limit(limit: number): { execute(): Promise<Row[]> };
  compile(): CompiledQuery<Row>;
}

const POSTGRES_FETCH_ROWS = 256;
const SQLITE_PAGE_ROWS = 64;

/**
 * Every row of an id-ordered select, for exports of any size, a batch at a time, each read only
 * when the consumer asks for the next. This generator holds the batch it gave until then (the
 * consumer's wait for a slow socket included), so a consumer that keeps memory flat empties each
 * batch once used (lib/csv.ts csvChunks says why).
 * `readAfter(lastId)` gives the select of the rows after `lastId`.
 *
 * On PostgreSQL one server-side cursor (DECLARE … FETCH in a read-only transaction on a client of
 * its own) gives the batches: one query plan for the whole export. On SQLite a cursor would hold
 * the one connection for the whole export, so it reads pages by key (`id > last`), each one
 * indexed range read.
 *
 * `batchSize` by default: 256 rows a fetch on PostgreSQL, where each fetch is a round trip. 64 on
 * SQLite, where a read never waits: a page is read and written out in one go, so its size sets only
 * how much is alive when a young collection lands in its middle, and that much outlives it:
 * 256-row pages grew the young generation to its largest and promoted steadily, 64-row ones kept a
 * million-row export flat at about the same speed (decision 0099 has bench:export's figures).
 */
export async function* streamedBatches<Row extends { id: number }>(
  db: object,
  readAfter: (lastId: number) => IdOrderedQuery<Row>,
  batchSize?: number,
): AsyncGenerator<Row[]> {
  const pool = postgresPoolOf(db);
  if (!pool) {
    const pageSize = batchSize ?? SQLITE_PAGE_ROWS;
    let lastId = 0;
    for (;;) {
      const batch = await readAfter(lastId).limit(pageSize).execute();
      const last = batch.length < pageSize;
      // Read before the batch is given: the consumer may empty it.
      if (!last) lastId = batch.at(-1)!.id;
      if (batch.length > 0) yield batch;
      if (last) return;
    }
  }
  const fetchSize = batchSize ?? POSTGRES_FETCH_ROWS;
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
      const { rows } = await client.query<Row>(`fetch ${fetchSize} from streamed_rows`);
      const last = rows.length < fetchSize;
      if (rows.length > 0) yield rows;
      if (last) break;
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
