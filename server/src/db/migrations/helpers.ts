import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/** The one dialect difference our tables have: how an auto-increment id is declared. */
export function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}
