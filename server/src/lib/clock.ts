/** Time comes from here so that tests (and the scheduled status job) can fix "now". */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** 'YYYY-MM-DD' of an instant in UTC: calendar dates are stored this way (see db/schema.ts). */
export function isoDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}
