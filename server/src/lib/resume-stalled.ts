import type { Clock } from './clock.ts';

/** The `updated_at` before which a row in flight counts as stalled: its outcome was lost. */
export function stalledBefore(clock: Clock, stalledMs: number): string {
  return new Date(clock.now().getTime() - stalledMs).toISOString();
}

/**
 * What every resume job shares (decisions 0052, 0075, 0080): each stalled row is taken over once,
 * in order, and the run counts how each ended, so the job's log line says what it did. Rows are
 * resumed one after another, not in parallel: each one calls a provider, and a crash in the
 * middle leaves the rest for the next run exactly as they were.
 */
export async function resumeEach<Row, Outcome extends string>(
  rows: readonly Row[],
  outcomes: readonly Outcome[],
  resume: (row: Row) => Promise<Outcome>,
): Promise<{ resumed: number } & Record<Outcome, number>> {
  const counts: Record<string, number> = Object.fromEntries(outcomes.map((outcome) => [outcome, 0]));
  for (const row of rows) {
    const outcome = await resume(row);
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  return { resumed: rows.length, ...counts } as { resumed: number } & Record<Outcome, number>;
}
