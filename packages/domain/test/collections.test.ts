import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  bucketDueDates,
  bucketOf,
  collectionBuckets,
  daysPastDue,
  fromEpochDay,
  promiseState,
  type CalendarDate,
} from '../src/index.ts';

describe('collection buckets', () => {
  it('puts each boundary day in its bucket and nothing not yet due in any', () => {
    expect([0, -3, 1, 15, 16, 30, 31, 60, 61, 90, 91, 400].map(bucketOf)).toEqual([
      null,
      null,
      '1-15',
      '1-15',
      '16-30',
      '16-30',
      '31-60',
      '31-60',
      '61-90',
      '61-90',
      '90+',
      '90+',
    ]);
  });

  it('selects by due date exactly the lines whose days past due fall in the bucket', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 19_000, max: 22_000 }),
        fc.integer({ min: -5, max: 500 }),
        (todayDay, days) => {
          const today = fromEpochDay(todayDay);
          const due = addDays(today, -days);
          const bucket = bucketOf(daysPastDue(due, today));
          for (const { key } of collectionBuckets) {
            const { earliest, latest } = bucketDueDates(key, today);
            const inRange = (earliest === null || due >= earliest) && due <= latest;
            expect(inRange).toBe(bucket === key);
          }
        },
      ),
    );
  });

  it('counts days past due from the oldest unpaid line, never below zero', () => {
    expect(daysPastDue('2026-11-01', '2026-11-25')).toBe(24);
    expect(daysPastDue('2026-12-01', '2026-11-25')).toBe(0);
    expect(daysPastDue(null, '2026-11-25')).toBe(0);
  });
});

describe('promise to pay', () => {
  const promise = {
    amount: 50_000,
    promisedOn: '2026-11-28' as CalendarDate,
    madeAt: '2026-11-25T02:00:00.000Z',
  };
  const paid = (amount: number, postedAt: string, postedOn: CalendarDate) => ({ amount, postedAt, postedOn });

  it('is kept when payments after it reach the amount by the date', () => {
    const payments = [
      paid(20_000, '2026-11-26T01:00:00.000Z', '2026-11-26'),
      paid(30_000, '2026-11-28T10:00:00.000Z', '2026-11-28'),
    ];
    expect(promiseState({ ...promise, payments, today: '2026-11-28' })).toBe('kept');
    expect(promiseState({ ...promise, payments, today: '2026-12-10' })).toBe('kept');
  });

  it('is pending until the date passes, then broken', () => {
    const payments = [paid(20_000, '2026-11-26T01:00:00.000Z', '2026-11-26')];
    expect(promiseState({ ...promise, payments, today: '2026-11-28' })).toBe('pending');
    expect(promiseState({ ...promise, payments, today: '2026-11-29' })).toBe('broken');
  });

  it('counts neither money paid before the promise nor after its date', () => {
    const payments = [
      paid(50_000, '2026-11-25T01:59:59.000Z', '2026-11-25'),
      paid(50_000, '2026-11-29T01:00:00.000Z', '2026-11-29'),
    ];
    expect(promiseState({ ...promise, payments, today: '2026-11-29' })).toBe('broken');
  });

  it('is kept exactly when the counted payments reach the amount (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40_000 }), { maxLength: 5 }), (amounts) => {
        const payments = amounts.map((amount) => paid(amount, '2026-11-27T00:00:00.000Z', '2026-11-27'));
        const total = amounts.reduce((a, b) => a + b, 0);
        expect(promiseState({ ...promise, payments, today: '2026-11-30' })).toBe(
          total >= promise.amount ? 'kept' : 'broken',
        );
      }),
    );
  });
});
