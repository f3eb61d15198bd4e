import type SQLite from 'better-sqlite3';
import { CompiledQuery, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import type { PoolUse } from './observation.ts';

/**
 * Kysely's SQLite dialect with our driver (below); the adapter, compiler and introspector are
 * Kysely's own.
 */
export class QueuedSqliteDialect extends SqliteDialect {
  readonly #driver: QueuedSqliteDriver;

  constructor(file: SQLite.Database) {
    super({ database: file });
    this.#driver = new QueuedSqliteDriver(file);
  }

  override createDriver(): Driver {
    return this.#driver;
  }

  /**
   * Runs a compiled read at once when nothing holds the connection, or answers undefined (then
   * go through Kysely, which waits its turn). A free connection means no write or transaction of
   * ours is open on it, so the read sees what it would have seen after waiting; it skips Kysely's
   * hand-over (about half the time of a small indexed read) and shares the turn's read
   * transaction (QueuedSqliteDriver.readNow). Only for a Kysely without plugins.
   */
  readNow<Row>(sql: string, parameters: readonly unknown[]): Row[] | undefined {
    return this.#driver.readNow(sql, parameters);
  }

  /** The one connection's use, as a pool's is reported (/metrics). */
  connectionUse(): PoolUse {
    return this.#driver.connectionUse();
  }
}

/**
 * SQLite has one connection, which a query or a whole transaction holds while it runs. Kysely's
 * own driver guards it with a lock that, on every release, wakes every waiting query: each checks
 * again and all but one go back to waiting. With a hundred requests in flight (DESIGN §4's
 * order-page read) that hand-over cost more than the reads themselves. Here waiters queue, and a
 * release hands the connection to exactly the next one, in arrival order.
 */
class QueuedSqliteDriver implements Driver {
  readonly #file: SQLite.Database;
  readonly #connection: CachedStatementConnection;
  readonly #lock = new QueueLock();
  /** A read transaction of this event-loop turn is open (readNow). */
  #readTransaction = false;
  /** The schema was looked at during this turn (see acquireConnection). */
  #schemaChecked = false;
  /** The end of this turn is scheduled (#endTurn). */
  #turnEnding = false;
  /** Kysely has asked for the connection once (see readNow). */
  #started = false;

  constructor(file: SQLite.Database) {
    this.#file = file;
    this.#connection = new CachedStatementConnection(file);
  }

  async init(): Promise<void> {}

  connectionUse(): PoolUse {
    return { open: 1, idle: this.#lock.held ? 0 : 1, waiting: this.#lock.waiting };
  }

  /**
   * The reads made at once during one turn of the event loop share one read transaction, begun
   * by the first and ended after the turn's I/O (setImmediate). Each statement on its own would
   * take and drop SQLite's WAL read lock, two fcntl calls that were half of SQLite's time on the
   * order page's read; a busy turn serves dozens of requests. The shared read never meets a
   * write of ours: whoever takes the connection (below) ends it first, so a read after a write
   * sees it. Another process's commit shows from the next turn on, as if read a moment earlier.
   */
  readNow<Row>(sql: string, parameters: readonly unknown[]): Row[] | undefined {
    // Kysely starts a driver (init) before its first query takes the connection, a few
    // microtasks after that query was made: a read made at once in between would overtake it.
    if (this.#lock.held || !this.#started) return undefined;
    if (!this.#readTransaction) {
      this.#connection.run('begin');
      this.#readTransaction = true;
      // Inside the read transaction this is the very schema its reads see, and costs nothing.
      this.#connection.forgetStatementsIfSchemaChanged();
      this.#schemaChecked = true;
      this.#endTurnLater();
    }
    return this.#connection.readNow<Row>(sql, parameters);
  }

  #endTurnLater(): void {
    if (this.#turnEnding) return;
    this.#turnEnding = true;
    setImmediate(this.#endTurn);
  }

  readonly #endTurn = (): void => {
    this.#turnEnding = false;
    this.#schemaChecked = false;
    this.#endReadTransaction();
  };

  #endReadTransaction(): void {
    if (!this.#readTransaction) return;
    this.#readTransaction = false;
    // SQLite may have ended it already (it rolls back on some I/O errors); then nothing is open.
    if (this.#file.inTransaction) this.#connection.run('commit');
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire();
    this.#started = true;
    try {
      this.#endReadTransaction();
      // Another process may have changed the schema (a newer version migrating during a deploy).
      // Outside a transaction reading the schema version costs as much as a small query, so it
      // is read once a turn: like its data, another process's schema shows from the next turn on.
      if (!this.#schemaChecked) {
        this.#connection.forgetStatementsIfSchemaChanged();
        this.#schemaChecked = true;
        this.#endTurnLater();
      }
    } catch (error) {
      // Nobody would release a connection they never got.
      this.#lock.release();
      throw error;
    }
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    this.#lock.release();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdentifier(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteIdentifier(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteIdentifier(name)}`));
  }

  async destroy(): Promise<void> {
    this.#endReadTransaction();
    this.#file.close();
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** First come, first served; acquiring a free lock does not wait for anything. */
class QueueLock {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  get held(): boolean {
    return this.#held;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    // Handed straight to the next waiter: the lock stays held, so nobody can slip in between.
    if (next) next();
    else this.#held = false;
  }
}

const STATEMENT_CACHE_SIZE = 500;

interface CachedStatement {
  statement: SQLite.Statement;
  /** It returns rows, and runs in raw mode: toRow makes each row's object from its values. */
  reader: boolean;
  toRow?: RowBuilder;
}

type RowBuilder = (values: unknown[]) => Record<string, unknown>;

function cacheStatement(statement: SQLite.Statement): CachedStatement {
  return statement.reader ? { statement: statement.raw(true), reader: true } : { statement, reader: false };
}

function readRows<R>(cached: CachedStatement, parameters: readonly unknown[]): R[] {
  const rows = cached.statement.all(parameters) as unknown[][];
  // The columns are named once the statement has run: one prepared on a schema that another
  // connection has changed since is prepared again by SQLite as it runs, and only then answers
  // its real columns (a `select *` of a table a migration rebuilt).
  const toRow = (cached.toRow ??= rowBuilder(cached.statement.columns().map((column) => column.name)));
  const built = new Array<unknown>(rows.length);
  for (let i = 0; i < rows.length; i++) built[i] = toRow(rows[i]!);
  return built as R[];
}

/**
 * better-sqlite3 builds a row by setting each column on an empty object, one name at a time;
 * V8 then looks each name up and reshapes the object per property. An object literal with the
 * columns as fixed keys is built in one step with a known shape: 7 µs instead of 15 for a
 * 27-column row. The names come from the statement's own columns and
 * are written as JSON strings, so no text of a query or a row becomes code. A name that appears
 * twice (a join) keeps its last value, as better-sqlite3's rows do.
 */
function rowBuilder(names: readonly string[]): RowBuilder {
  // A "__proto__" key in a literal would set the prototype; a computed key makes it a column.
  const fields = names.map(
    (name, index) => `${name === '__proto__' ? '["__proto__"]' : JSON.stringify(name)}: values[${index}]`,
  );
  return new Function('values', `return { ${fields.join(', ')} };`) as RowBuilder;
}

/** SQL that may change the schema: DDL, and a rollback (of a transaction or savepoint that ran some). */
const CHANGES_SCHEMA = /^\s*(create|alter|drop|rollback)\b/i;

/**
 * Kysely prepares every query anew; preparing costs more than running a small indexed read.
 * The same SQL text always gets the same prepared statement here (better-sqlite3 statements are
 * reusable, and this process is single-threaded), bounded so ad-hoc SQL cannot grow it forever.
 * A statement's row builder names the columns it answered with; after a schema change the same
 * SQL may answer others (`select *` of an altered table), so the cache is emptied then.
 */
class CachedStatementConnection implements DatabaseConnection {
  readonly #file: SQLite.Database;
  readonly #statements = new Map<string, CachedStatement>();
  readonly #schemaVersionQuery: SQLite.Statement;
  /** SQLite's schema version when the statements in the cache were prepared. */
  #schemaVersion: unknown;

  constructor(file: SQLite.Database) {
    this.#file = file;
    this.#schemaVersionQuery = file.prepare('pragma schema_version').pluck();
  }

  /** SQLite counts every change of the schema, by any connection, in the file's header. */
  forgetStatementsIfSchemaChanged(): void {
    const version = this.#schemaVersionQuery.get();
    if (version === this.#schemaVersion) return;
    this.#statements.clear();
    this.#schemaVersion = version;
  }

  #prepare(sql: string): CachedStatement {
    let cached = this.#statements.get(sql);
    if (!cached) {
      cached = cacheStatement(this.#file.prepare(sql));
      if (this.#statements.size >= STATEMENT_CACHE_SIZE)
        this.#statements.delete(this.#statements.keys().next().value!);
      this.#statements.set(sql, cached);
    }
    return cached;
  }

  /** A statement that answers no rows (begin, commit), run now. */
  run(sql: string): void {
    this.#prepare(sql).statement.run();
  }

  /** A statement that returns rows, run now; undefined for one that writes. */
  readNow<R>(sql: string, parameters: readonly unknown[]): R[] | undefined {
    const cached = this.#prepare(sql);
    return cached.reader ? readRows<R>(cached, parameters) : undefined;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const cached = this.#prepare(compiledQuery.sql);
    const parameters = compiledQuery.parameters as unknown[];
    if (cached.reader) return { rows: readRows<R>(cached, parameters) };
    const { changes, lastInsertRowid } = cached.statement.run(parameters);
    if (CHANGES_SCHEMA.test(compiledQuery.sql)) this.forgetStatementsIfSchemaChanged();
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // A statement of its own: a cached one is busy while iterated and could not serve anyone else.
    const statement = this.#file.prepare(compiledQuery.sql);
    if (!statement.reader) throw new Error('SQLite streams only queries that return rows');
    for (const row of statement.iterate(compiledQuery.parameters as unknown[])) yield { rows: [row as R] };
  }
}
