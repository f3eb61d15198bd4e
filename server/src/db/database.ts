import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type PostgresPool } from 'kysely';
import { BackendUnavailable } from '../lib/backend-unavailable.ts';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
}

/**
 * SQLite file by default, PostgreSQL when a URL is given (DESIGN §1). Everything above this
 * function is dialect-agnostic; the few differences live in migrations.
 */
export function createDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Told about connections lost outside a query (an idle connection terminated, say). */
  onConnectionError?: (error: Error) => void;
}): DatabaseHandle {
  if (options.databaseUrl) {
    // COUNT(*) and BIGINT come back as strings by default; our integers fit in a JS number.
    pg.types.setTypeParser(20, (value) => Number(value));
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
    });
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: resilient(pool, options) }) }),
      dialect: 'postgres',
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = new SQLite(path.join(options.dataDir, 'kwarta.sqlite'));
  // WAL lets readers proceed during a write; foreign keys are off by default in SQLite.
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) }),
    dialect: 'sqlite',
  };
}

/**
 * A terminated backend (pg_terminate_backend, a restart, a dropped network) makes pg emit
 * 'error' on the pool (idle connections) and on the client (one checked out between queries);
 * an 'error' event nobody listens to ends the process (issue 9). Both are listened to here: the
 * broken client is thrown away by the pool on release and the next request opens a fresh one,
 * so the server recovers on its own. A failed connect becomes BackendUnavailable (503).
 */
function resilient(
  pool: pg.Pool,
  options: { onConnectionError?: ((error: Error) => void) | undefined },
): PostgresPool {
  const report = (error: Error) => options.onConnectionError?.(error);
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
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

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing costs more than running a small indexed read.
 * The same SQL text always gets the same prepared statement here (better-sqlite3 statements are
 * reusable, and this process is single-threaded), bounded so ad-hoc SQL cannot grow it forever.
 */
function withStatementCache(file: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = file.prepare.bind(file);
  return new Proxy(file, {
    get(target, property, receiver) {
      if (property !== 'prepare') {
        const value: unknown = Reflect.get(target, property, receiver);
        // Native methods must be called on the real object, not the proxy.
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (source: string) => {
        let statement = cache.get(source);
        if (!statement) {
          statement = prepare(source);
          if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
          cache.set(source, statement);
        }
        return statement;
      };
    },
  });
}
