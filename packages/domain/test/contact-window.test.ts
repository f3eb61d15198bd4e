import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarDateAt,
  complianceProfiles,
  contactDecision,
  defaultContactRules,
  instantAt,
} from '../src/index.ts';

const manila = 'Asia/Manila';
const rules = complianceProfiles['ph-sec-mc3-2022'].contact;
const at = (iso: string) => new Date(iso);

describe('contact window (SEC MC 18, s. 2019 under the PH profile)', () => {
  it('waits from 05:59 to 06:00, allows 06:00 to 21:59, and after 22:00 waits for the next morning', () => {
    const decide = (iso: string, daysPastDue = 0) =>
      contactDecision({ at: at(iso), timeZone: manila, rules, daysPastDue });
    expect(decide('2026-12-01T05:59:00+08:00')).toEqual({
      allowed: false,
      nextAllowedAt: at('2026-12-01T06:00:00+08:00'),
    });
    expect(decide('2026-12-01T06:00:00+08:00')).toEqual({ allowed: true, by: 'window' });
    expect(decide('2026-12-01T21:59:59+08:00')).toEqual({ allowed: true, by: 'window' });
    expect(decide('2026-12-01T22:00:00+08:00')).toEqual({
      allowed: false,
      nextAllowedAt: at('2026-12-02T06:00:00+08:00'),
    });
    // More than 15 days past due lifts the hours; 15 itself does not.
    expect(decide('2026-12-01T23:00:00+08:00', 16)).toEqual({ allowed: true, by: 'past-due-exception' });
    expect(decide('2026-12-01T23:00:00+08:00', 15).allowed).toBe(false);
  });

  it('without a profile keeps the same hours and no exception', () => {
    expect(
      contactDecision({
        at: at('2026-12-01T23:00:00+08:00'),
        timeZone: manila,
        rules: defaultContactRules,
        daysPastDue: 400,
      }).allowed,
    ).toBe(false);
  });

  it('finds the start of an hour in a zone with or without daylight saving', () => {
    expect(instantAt('2026-12-01', 6, manila).toISOString()).toBe('2026-11-30T22:00:00.000Z');
    expect(instantAt('2026-12-01', 6, 'Asia/Kolkata').toISOString()).toBe('2026-12-01T00:30:00.000Z');
    expect(instantAt('2026-07-01', 6, 'America/New_York').toISOString()).toBe('2026-07-01T10:00:00.000Z');
  });

  it('for any instant: allowed exactly inside the hours, else the next 06:00 within a day', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2020-01-01T00:00:00Z'),
          max: new Date('2035-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom('Asia/Manila', 'Asia/Kolkata', 'UTC'),
        fc.integer({ min: 0, max: 40 }),
        (instant, timeZone, daysPastDue) => {
          const decision = contactDecision({ at: instant, timeZone, rules, daysPastDue });
          const hour = Number(
            new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(instant),
          );
          const inHours = hour >= 6 && hour < 22;
          expect(decision.allowed).toBe(inHours || daysPastDue > 15);
          if (!decision.allowed) {
            const wait = decision.nextAllowedAt.getTime() - instant.getTime();
            expect(wait).toBeGreaterThan(0);
            expect(wait).toBeLessThanOrEqual(8 * 3_600_000);
            expect(decision.nextAllowedAt.getTime()).toBe(
              instantAt(calendarDateAt(decision.nextAllowedAt, timeZone), 6, timeZone).getTime(),
            );
          }
        },
      ),
      { numRuns: 10_000 },
    );
  });
});
