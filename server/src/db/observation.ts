// What the database layer tells about its own use, for /metrics (lib/metrics.ts).

/** The statement kinds query time is labelled by (Kysely's root node; raw SQL by its first word). */
export type QueryKind = 'select' | 'insert' | 'update' | 'delete' | 'other';

/** A pool's connections at one moment, for /metrics (lib/metrics.ts). */
export interface PoolUse {
  open: number;
  idle: number;
  waiting: number;
}

/** Told each statement's kind and time, and whether it failed (lib/metrics.ts observeQuery). */
export type QueryObserver = (kind: QueryKind, seconds: number, failed: boolean) => void;
