import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import { PREPARED_MARK, sqliteDialectOf, statementName } from './database.ts';

function marked(sqlText: string): string {
  return `${PREPARED_MARK}${statementName(sqlText)}*/ ${sqlText}`;
}

/**
 * Builds and compiles a query once per database, then runs the same SQL with new arguments.
 * Kysely otherwise rebuilds and recompiles the query tree on every call, which costs more than
 * a small indexed read itself — worth avoiding only on paths every request takes (the session
 * lookup, a credit decision's reads). On PostgreSQL the statement is also prepared by name on
 * each connection, so it is not parsed and planned again on every run (PREPARED_MARK). The query's parameters must be exactly the arguments, in order; that is checked the
 * first time, so a query that inlines or reorders them fails loudly instead of binding wrongly.
 * On SQLite a read also skips Kysely's connection hand-over when the connection is free.
 */
export function preparedQuery<DB, Args extends readonly unknown[], Row>(
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): (db: Kysely<DB>, ...args: Args) => Promise<Row[]> {
  const compiledByDb = new WeakMap<Kysely<DB>, CompiledQuery<Row>>();
  return async (db, ...args) => {
    let compiled = compiledByDb.get(db);
    if (!compiled) {
      const built = build(db, ...args).compile();
      compiled = { ...built, sql: marked(built.sql) };
      const same =
        compiled.parameters.length === args.length &&
        compiled.parameters.every((value, i) => value === args[i]);
      if (!same)
        throw new Error('preparedQuery: the query parameters must be exactly its arguments, in order');
      compiledByDb.set(db, compiled);
    }
    // On SQLite with the connection free, a read runs at once (QueuedSqliteDialect.readNow).
    const rows = sqliteDialectOf(db)?.readNow<Row>(compiled.sql, args);
    if (rows) return rows;
    const result = await db.executeQuery(CompiledQuery.raw(compiled.sql, [...args]) as CompiledQuery<Row>);
    return result.rows;
  };
}
