/** SQLite and PostgreSQL name a unique-constraint violation differently; callers ask this. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** A table not there yet: a database no migration has run on. */
export function isMissingTable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '42P01' || (error instanceof Error && /^no such table/.test(error.message));
}

/** PostgreSQL's "database … does not exist" (3D000), also when wrapped as BackendUnavailable. */
export function isMissingDatabase(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '3D000') return true;
  }
  return false;
}

/** The one sentence that says how to make the database a URL names. */
export function missingDatabaseAdvice(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  const user = url.username ? ` -U ${decodeURIComponent(url.username)}` : '';
  return (
    `The database "${name}" does not exist on ${url.hostname}:${url.port || 5432}: create it ` +
    `(createdb -h ${url.hostname}${url.port ? ` -p ${url.port}` : ''}${user} ${name}), or start the ` +
    'server once with a user allowed to create databases, which creates it.'
  );
}

/**
 * The database cannot be set up (not reachable, not creatable, a migration failed): the operator's
 * to fix, so the server and the tools print this message alone, never a stack (decision 0101).
 */
export class DatabaseSetupError extends Error {}
