import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type LogEvent,
  type Logger,
  type PostgresPool,
} from 'kysely';
import { BackendUnavailable } from './backend-unavailable.ts';
import type { PoolUse, QueryKind, QueryObserver } from './observation.ts';
import type { Database } from './schema.ts';
import { QueuedSqliteDialect } from './sqlite-driver.ts';

export type Dialect = 'sqlite' | 'postgres';

/** The SQLite database's file in DATA_DIR. */
export const SQLITE_FILE = 'kwarta.sqlite';

/** Our driver (sqlite-driver.ts), or Kysely's own as the reference it must behave like. */
export type SqliteDriver = 'fast' | 'kysely';

// The SQLite dialect behind each database this process opened, for reads that may skip the
// connection queue (preparedQuery). A transaction's Kysely is not in here: it goes the usual way.
const sqliteDialects = new WeakMap<object, QueuedSqliteDialect>();
const postgresPools = new WeakMap<object, pg.Pool>();

/** The PostgreSQL pool of a database createDatabase opened, if it is one (db/streamed-rows.ts). */
export function postgresPoolOf(db: object): pg.Pool | undefined {
  return postgresPools.get(db);
}

/** The SQLite dialect of a database createDatabase opened, if it is one. */
export function sqliteDialectOf(db: object): QueuedSqliteDialect | undefined {
  return sqliteDialects.get(db);
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The connections' use now, for /metrics; absent where it says nothing (Kysely's SQLite driver). */
  poolUse?: () => PoolUse;
}

const KINDS_BY_NODE: Record<string, QueryKind> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
};
// After preparedQuery's leading comment, if any (PREPARED_MARK).
const RAW_KIND = /^\s*(?:\/\*.*?\*\/\s*)?(select|insert|update|delete)\b/i;

/** A statement's kind from its root node; raw SQL (preparedQuery's reads) by its first word. */
function queryKind(event: LogEvent): QueryKind {
  const { query } = event.query;
  if (query.kind !== 'RawNode') return KINDS_BY_NODE[query.kind] ?? 'other';
  return (RAW_KIND.exec(event.query.sql)?.[1]?.toLowerCase() as QueryKind | undefined) ?? 'other';
}

/**
 * Kysely's log hook as a query timer: Kysely times every statement itself when a hook is set
 * (two performance.now() calls), so this adds one function call and a histogram observation.
 */
function timedBy(observe: QueryObserver): Logger {
  return (event) => observe(queryKind(event), event.queryDurationMillis / 1000, event.level === 'error');
}

/**
 * SQLite file by default, PostgreSQL when a URL is given (DESIGN §1). Everything above this
 * function is dialect-agnostic; the few differences live in migrations.
 */
export function createDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Which driver runs the SQLite file (SQLITE_DRIVER); ours unless told. */
  sqliteDriver?: SqliteDriver | undefined;
  /** Told about connections lost outside a query (an idle connection terminated, say). */
  onConnectionError?: (error: Error) => void;
  /** Told each statement's kind and time (metrics); reads preparedQuery runs at once skip Kysely and it. */
  observeQuery?: QueryObserver | undefined;
  /**
   * A bulk load's many small transactions (seed:history) commit without waiting for PostgreSQL's
   * WAL flush (synchronous_commit off), as SQLite's synchronous=NORMAL commits: a crash may lose
   * the last commits, never corrupt the database. Never for serving money. Its statements are
   * also all prepared by name (preparesMarked): a bulk load runs the same few hundred statements
   * tens of thousands of times, and parsing and planning each run again cost PostgreSQL a third
   * of a small statement's round trip.
   */
  bulkLoad?: boolean;
}): DatabaseHandle {
  const log = options.observeQuery ? { log: timedBy(options.observeQuery) } : {};
  if (options.databaseUrl) {
    // COUNT(*) and BIGINT come back as strings by default; our integers fit in a JS number.
    pg.types.setTypeParser(20, (value) => Number(value));
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
      ...(options.bulkLoad ? { options: '-c synchronous_commit=off' } : {}),
    });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: resilient(pool, { ...options, prepareAll: options.bulkLoad === true }),
      }),
      ...log,
    });
    postgresPools.set(db, pool);
    return {
      db,
      dialect: 'postgres',
      poolUse: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = new SQLite(path.join(options.dataDir, SQLITE_FILE));
  // WAL lets readers proceed during a write; foreign keys are off by default in SQLite.
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  // Kysely's own driver on the same file and pragmas: everything but the driver is the same, so
  // the server tests run with it show that ours behaves alike. preparedQuery then has no
  // dialect to read through and goes through Kysely like any other query.
  if (options.sqliteDriver === 'kysely')
    return {
      db: new Kysely<Database>({ dialect: new SqliteDialect({ database: file }), ...log }),
      dialect: 'sqlite',
    };
  const dialect = new QueuedSqliteDialect(file);
  const db = new Kysely<Database>({ dialect, ...log });
  sqliteDialects.set(db, dialect);
  // One connection: open always, idle when nothing holds it, and the queue of queries waiting for it.
  return { db, dialect: 'sqlite', poolUse: () => dialect.connectionUse() };
}

/**
 * Marks a statement PostgreSQL keeps prepared on each connection under the name that follows
 * (preparesMarked below): parsed once per connection, and after a few runs planned once too (a generic
 * plan), where an unnamed statement is parsed and planned on every run. The name is the text's
 * hash, so two texts never share one. A comment, so SQLite and any log read the SQL unchanged.
 */
export const PREPARED_MARK = '/*prepared:';
export const NAME_LENGTH = 'k'.length + 20;

/** The name a statement is prepared under: its text's hash, so two texts never share one. */
export function statementName(sqlText: string): string {
  return (
    'k' +
    createHash('sha256')
      .update(sqlText)
      .digest('hex')
      .slice(0, NAME_LENGTH - 1)
  );
}

/** The statement's prepared name when its SQL carries the mark, else undefined. */
export function preparedName(sqlText: string): string | undefined {
  return sqlText.startsWith(PREPARED_MARK)
    ? sqlText.slice(PREPARED_MARK.length, PREPARED_MARK.length + NAME_LENGTH)
    : undefined;
}

/**
 * Runs a statement preparedQuery marked as a named prepared statement (pg parses it on this
 * connection the first time only); every other query goes through unchanged, or with `prepareAll`
 * (a bulk load) every statement with parameters is prepared by name too. Not for serving: a
 * server's statements with lists of varying length would each stay prepared on every connection.
 */
function preparesMarked(client: pg.PoolClient, prepareAll: boolean) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const names = new Map<string, string>();
  const nameOf = (text: string, values: unknown) => {
    const marked = preparedName(text);
    if (marked || !prepareAll || !Array.isArray(values) || values.length === 0) return marked;
    let name = names.get(text);
    if (!name) names.set(text, (name = statementName(text)));
    return name;
  };
  (client as { query: unknown }).query = (text: unknown, ...rest: unknown[]) => {
    const name = typeof text === 'string' ? nameOf(text, rest[0]) : undefined;
    return name ? query({ name, text, values: rest[0] }, ...rest.slice(1)) : query(text, ...rest);
  };
}

/**
 * A terminated backend (pg_terminate_backend, a restart, a dropped network) makes pg emit
 * 'error' on the pool (idle connections) and on the client (one checked out between queries);
 * an 'error' event nobody listens to ends the process (decision 0040). Both are listened to here: the
 * broken client is thrown away by the pool on release and the next request opens a fresh one,
 * so the server recovers on its own. A failed connect becomes BackendUnavailable (503).
 */
function resilient(
  pool: pg.Pool,
  options: { onConnectionError?: ((error: Error) => void) | undefined; prepareAll: boolean },
): PostgresPool {
  const report = (error: Error) => options.onConnectionError?.(error);
  pool.on('error', report);
  pool.on('connect', (client) => {
    client.on('error', report);
    preparesMarked(client, options.prepareAll);
  });
  return {
    async connect() {
      try {
        return await pool.connect();
      } catch (error) {
        throw new BackendUnavailable('database', error);
      }
    },
    end: () => pool.end(),
  };
}
