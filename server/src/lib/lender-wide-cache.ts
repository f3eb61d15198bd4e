/**
 * Reads that are the same for every borrower and change only when an operator edits them (the
 * product list the order pages recommend, the service contacts) are kept for a few seconds per
 * instance: the order page is the hottest borrower read (DESIGN §4) and these were most of its
 * queries. An operator's edit reaches borrowers' pages within `maxAgeMs` (LENDER_DATA_CACHE_MS);
 * anything that must be exact (a product's terms when a loan is confirmed or created) reads the
 * database directly. 0 turns caching off (the server tests).
 *
 * A read that takes seconds (the portfolio at a million orders) may also be served stale for
 * `servesStaleForMs` past `maxAgeMs` while one refresh runs behind it: only the first read of a key,
 * or one after it has gone unread that long, waits for the load. Off by default: a borrower's page
 * must see an operator's edit within `maxAgeMs`.
 */
export class LenderWideCache {
  private readonly entries = new Map<string, Entry>();
  private readonly servesStaleForMs: number;

  constructor(
    private readonly maxAgeMs: number,
    options: { servesStaleForMs?: number } = {},
  ) {
    this.servesStaleForMs = options.servesStaleForMs ?? 0;
  }

  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.maxAgeMs <= 0) return load();
    // Monotonic time, not the app's clock: a test or job that moves the clock must not age entries.
    const now = performance.now();
    const entry = this.entries.get(key);
    if (entry && now - entry.at < this.maxAgeMs) return entry.value as Promise<T>;
    if (entry?.settled && now - entry.at < this.maxAgeMs + this.servesStaleForMs) {
      if (!entry.refreshing) this.refresh(key, entry, load);
      return entry.value as Promise<T>;
    }
    // Expired entries go when a new one is made: keys that are never read again (a report's
    // filters, a day gone by) do not pile up.
    const keptFor = this.maxAgeMs + this.servesStaleForMs;
    for (const [old, { at }] of this.entries) if (now - at >= keptFor) this.entries.delete(old);
    const value = load();
    const created: Entry = { at: now, value, settled: false, refreshing: false };
    this.entries.set(key, created);
    value.then(
      () => (created.settled = true),
      // A failed read is not kept: the next request tries the database again.
      () => {
        if (this.entries.get(key) === created) this.entries.delete(key);
      },
    );
    return value;
  }

  /** Loads `key` again behind the stale entry; it replaces the entry once it has succeeded. */
  private refresh(key: string, stale: Entry, load: () => Promise<unknown>): void {
    stale.refreshing = true;
    const at = performance.now();
    const value = load();
    value.then(
      () => {
        if (this.entries.get(key) === stale)
          this.entries.set(key, { at, value, settled: true, refreshing: false });
      },
      // A failed refresh leaves the stale entry to serve until it is too old; the next read tries again.
      () => (stale.refreshing = false),
    );
  }

  /** Entries held, expired or not. */
  get size(): number {
    return this.entries.size;
  }

  /** Drops a key, so this instance's next read sees an edit made here at once. */
  forget(key: string): void {
    this.entries.delete(key);
  }
}

interface Entry {
  /** When its load started (performance.now()). */
  at: number;
  value: Promise<unknown>;
  /** Its load succeeded: it may be served stale. */
  settled: boolean;
  /** A refresh is running behind it. */
  refreshing: boolean;
}
