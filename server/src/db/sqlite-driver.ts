import type SQLite from 'better-sqlite3';
import { CompiledQuery, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';

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
   * go through Kysely, which waits its turn). A free connection means no transaction is open on
   * it, so the read sees exactly what it would have seen after waiting; it skips only Kysely's
   * hand-over (about half the time of a small indexed read). Only for a Kysely without plugins.
   */
  readNow<Row>(sql: string, parameters: readonly unknown[]): Row[] | undefined {
    return this.#driver.readNow(sql, parameters);
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

  constructor(file: SQLite.Database) {
    this.#file = file;
    this.#connection = new CachedStatementConnection(file);
  }

  async init(): Promise<void> {}

  readNow<Row>(sql: string, parameters: readonly unknown[]): Row[] | undefined {
    if (this.#lock.held) return undefined;
    return this.#connection.readNow<Row>(sql, parameters);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire();
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

/**
 * Kysely prepares every query anew; preparing costs more than running a small indexed read.
 * The same SQL text always gets the same prepared statement here (better-sqlite3 statements are
 * reusable, and this process is single-threaded), bounded so ad-hoc SQL cannot grow it forever.
 */
class CachedStatementConnection implements DatabaseConnection {
  readonly #file: SQLite.Database;
  readonly #statements = new Map<string, SQLite.Statement>();

  constructor(file: SQLite.Database) {
    this.#file = file;
  }

  #prepare(sql: string): SQLite.Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#file.prepare(sql);
      if (this.#statements.size >= STATEMENT_CACHE_SIZE)
        this.#statements.delete(this.#statements.keys().next().value!);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  /** A statement that returns rows, run now; undefined for one that writes. */
  readNow<R>(sql: string, parameters: readonly unknown[]): R[] | undefined {
    const statement = this.#prepare(sql);
    return statement.reader ? (statement.all(parameters) as R[]) : undefined;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.#prepare(compiledQuery.sql);
    const parameters = compiledQuery.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // A statement of its own: a cached one is busy while iterated and could not serve anyone else.
    const statement = this.#file.prepare(compiledQuery.sql);
    if (!statement.reader) throw new Error('SQLite streams only queries that return rows');
    for (const row of statement.iterate(compiledQuery.parameters as unknown[])) yield { rows: [row as R] };
  }
}
