import pg from 'pg';

// What the server project's global setup (postgres-template.ts) hands the test workers.
declare module 'vitest' {
  export interface ProvidedContext {
    /** A database with every migration applied, which each test database is copied from; '' when none. */
    postgresTemplate: string;
  }
}

/** The server the PostgreSQL tests create their databases on (trust auth on CI's machine). */
export const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The address of database `name` on the admin server. */
export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * pg's pool.end() resolves before its connections have finished closing. Dropping WITH (FORCE)
 * at that moment kills them mid-goodbye, and the FATAL they receive surfaces as an uncaught
 * error in whichever test file runs next. So wait for them to go (a few ms), and force only if
 * they linger.
 */
export async function dropWhenIdle(name: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name}`));
      return;
    } catch (error) {
      // 55006: the database is still being accessed.
      if ((error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
