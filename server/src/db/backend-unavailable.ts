/**
 * The database or Redis could not be reached (connection refused, dropped, terminated by an
 * operator, pool timeout). Not the caller's fault and not a bug: it answers 503 with
 * Retry-After, and the same request succeeds once the backend is back (decision 0040).
 */
export class BackendUnavailable extends Error {
  constructor(
    readonly backend: 'database' | 'redis',
    cause: unknown,
  ) {
    super(`${backend} unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'BackendUnavailable';
  }
}

// SQLSTATE classes and codes that mean "the connection, not the statement, failed": 08 connection
// exception, 57P0x operator intervention (pg_terminate_backend, shutdown), 53300 too many
// connections. Node's own socket errors and pg's messages for a connection that went away count too.
const CONNECTION_SQLSTATE = /^(08...|57P0[1-5]|53300)$/;
const SOCKET_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const CONNECTION_MESSAGES =
  /Connection terminated|connection is closed|Client has encountered a connection error/i;

/** Whether an error means a backend is unreachable rather than that a request or query is wrong. */
export function isBackendUnavailable(error: unknown): boolean {
  if (error instanceof BackendUnavailable) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_SQLSTATE.test(code) || SOCKET_ERRORS.has(code))) return true;
  // SQLite under a long write lock: busy, not broken.
  if (code === 'SQLITE_BUSY') return true;
  return CONNECTION_MESSAGES.test(error.message);
}
