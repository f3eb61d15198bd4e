import { addDays, daysBetween, type CalendarDate } from './calendar-date.ts';

/**
 * Collections (decision 0098): overdue orders sorted into buckets by the days their oldest unpaid
 * instalment is past due, and promises to pay judged from the payments posted after them.
 */

/** The buckets a collector works, by days past due (first day, last day; null: no end). */
export const collectionBuckets = [
  { key: '1-15', from: 1, to: 15 },
  { key: '16-30', from: 16, to: 30 },
  { key: '31-60', from: 31, to: 60 },
  { key: '61-90', from: 61, to: 90 },
  { key: '90+', from: 91, to: null },
] as const satisfies readonly { key: string; from: number; to: number | null }[];

export type CollectionBucket = (typeof collectionBuckets)[number]['key'];

export const collectionBucketKeys = collectionBuckets.map((bucket) => bucket.key) as [
  CollectionBucket,
  ...CollectionBucket[],
];

/** The bucket of a day count, or null when nothing is past due (0 or less). */
export function bucketOf(daysPastDue: number): CollectionBucket | null {
  if (!(daysPastDue >= 1)) return null;
  const bucket = collectionBuckets.find((b) => b.to === null || daysPastDue <= b.to);
  return bucket ? bucket.key : null;
}

/**
 * The due dates whose lines fall in a bucket on `today`, as an inclusive range (`earliest` null:
 * no lower end), so a query can select a bucket by the oldest unpaid due date with an index.
 */
export function bucketDueDates(
  bucket: CollectionBucket,
  today: CalendarDate,
): { earliest: CalendarDate | null; latest: CalendarDate } {
  const { from, to } = collectionBuckets.find((b) => b.key === bucket)!;
  return { earliest: to === null ? null : addDays(today, -to), latest: addDays(today, -from) };
}

/** Days the oldest unpaid line is past due on `today` (0 when it is not yet due). */
export function daysPastDue(oldestUnpaidDue: CalendarDate | null, today: CalendarDate): number {
  return oldestUnpaidDue === null ? 0 : Math.max(0, daysBetween(oldestUnpaidDue, today));
}

export type PromiseState = 'kept' | 'broken' | 'pending';

/**
 * A promise to pay `amount` by `promisedOn` (the lender's date), made at `madeAt`, is kept when
 * the payments posted from `madeAt` on and no later than that date reach the amount (money paid
 * before the promise was already counted when it was made); broken once the date has passed
 * without that; pending until then.
 */
export function promiseState(input: {
  amount: number;
  promisedOn: CalendarDate;
  madeAt: string;
  /** Posted payments: the amount received, when it was posted and on which lender date. */
  payments: readonly { amount: number; postedAt: string; postedOn: CalendarDate }[];
  today: CalendarDate;
}): PromiseState {
  const madeAt = Date.parse(input.madeAt);
  const paid = input.payments
    .filter((payment) => Date.parse(payment.postedAt) >= madeAt && payment.postedOn <= input.promisedOn)
    .reduce((sum, payment) => sum + payment.amount, 0);
  if (paid >= input.amount) return 'kept';
  return input.today > input.promisedOn ? 'broken' : 'pending';
}
