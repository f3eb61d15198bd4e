import pg from 'pg';
import { DatabaseSetupError, isMissingDatabase, missingDatabaseAdvice } from './errors.ts';

/**
 * Makes sure the PostgreSQL database DATABASE_URL names exists, creating it (through the server's
 * `postgres` database, as the same user) when it does not, so `DATABASE_URL=postgres://…/kwarta npm
 * start` works on a fresh server. When it cannot, says in one sentence how to create it.
 */
export async function ensurePostgresDatabase(databaseUrl: string): Promise<'exists' | 'created'> {
  const url = new URL(databaseUrl);
  const where = `${url.hostname}:${url.port || 5432}`;
  try {
    await withClient(databaseUrl, async () => {});
    return 'exists';
  } catch (error) {
    if (!isMissingDatabase(error)) {
      throw new DatabaseSetupError(`Cannot connect to the database at ${where}: ${messageOf(error)}`, {
        cause: error,
      });
    }
  }
  const name = decodeURIComponent(url.pathname.slice(1));
  const maintenance = new URL(databaseUrl);
  maintenance.pathname = '/postgres';
  try {
    await withClient(maintenance.toString(), (client) =>
      client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`),
    );
    return 'created';
  } catch (error) {
    // Another instance starting beside this one created it first.
    if ((error as { code?: unknown }).code === '42P04') return 'exists';
    throw new DatabaseSetupError(`${missingDatabaseAdvice(databaseUrl)} (${messageOf(error)})`, {
      cause: error,
    });
  }
}

async function withClient<T>(connectionString: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
