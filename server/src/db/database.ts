import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
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
}): DatabaseHandle {
  if (options.databaseUrl) {
    // COUNT(*) and BIGINT come back as strings by default; our integers fit in a JS number.
    pg.types.setTypeParser(20, (value) => Number(value));
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
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
