/**
 * Reads that are the same for every borrower and change only when an operator edits them (the
 * product list the order pages recommend, the service contacts) are kept for a few seconds per
 * instance: the order page is the hottest borrower read (DESIGN §4) and these were most of its
 * queries. An operator's edit reaches borrowers' pages within `maxAgeMs` (LENDER_DATA_CACHE_MS);
 * anything that must be exact (a product's terms when a loan is confirmed or created) reads the
 * database directly. 0 turns caching off (the server tests).
 */
export class LenderWideCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxAgeMs: number) {}

  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.maxAgeMs <= 0) return load();
    // Monotonic time, not the app's clock: a test or job that moves the clock must not age entries.
    const now = performance.now();
    const entry = this.entries.get(key);
    if (entry && now - entry.at < this.maxAgeMs) return entry.value as Promise<T>;
    // Expired entries go when a new one is made: keys that are never read again (a report's
    // filters, a day gone by) do not pile up.
    for (const [old, { at }] of this.entries) if (now - at >= this.maxAgeMs) this.entries.delete(old);
    const value = load();
    const created: Entry = { at: now, value };
    this.entries.set(key, created);
    // A failed read is not kept: the next request tries the database again.
    value.catch(() => {
      if (this.entries.get(key) === created) this.entries.delete(key);
    });
    return value;
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
}
