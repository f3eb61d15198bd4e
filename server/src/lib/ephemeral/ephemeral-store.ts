/**
 * Short-lived values and counters (DESIGN §1, D9, D10): rate-limit counters, captcha answers,
 * SMS codes. Redis when REDIS_URL is set, so several server instances share one view; the
 * database otherwise (one SQLite process, or instances sharing PostgreSQL). Every operation is
 * a single atomic step in either backend, so limits hold under concurrent requests.
 */
export interface EphemeralStore {
  readonly backend: 'redis' | 'database';
  /**
   * Adds one to the counter at `key` and returns the new count. The first increment (or the
   * first after expiry) starts a window of `ttlMs`; later ones do not extend it.
   */
  increment(key: string, ttlMs: number): Promise<number>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  get(key: string): Promise<string | null>;
  /** Reads and deletes in one step: of two concurrent callers only one gets the value. */
  take(key: string): Promise<string | null>;
  delete(key: string): Promise<void>;
  /** Rejects when the backend cannot be reached (for /healthz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
