import { describe, expect, it } from 'vitest';
import { formatLenderTime, lenderTimeIso, timeZoneLabel } from '../src/lender-time.ts';

describe('lender time', () => {
  it('shows an instant in the lender zone with its offset, on screen and in a CSV', () => {
    const at = '2026-11-27T18:24:03.120Z';
    expect(formatLenderTime(at, 'Asia/Manila')).toBe('2026-11-28 02:24 +08:00');
    expect(lenderTimeIso(at, 'Asia/Manila')).toBe('2026-11-28T02:24:03+08:00');
    expect(formatLenderTime(new Date(at), 'UTC')).toBe('2026-11-27 18:24 +00:00');
    expect(lenderTimeIso(at, 'America/New_York')).toBe('2026-11-27T13:24:03-05:00');
    // Summer time: the offset follows the instant, not the zone's winter one.
    expect(formatLenderTime('2026-07-01T12:00:00Z', 'America/New_York')).toBe('2026-07-01 08:00 -04:00');
  });

  it('the same instant read back from either text', () => {
    const at = '2026-03-08T06:59:59.000Z';
    expect(new Date(lenderTimeIso(at, 'Asia/Kolkata')).toISOString()).toBe(at);
  });

  it('names the zone for a heading, and leaves text that is no instant as it is', () => {
    expect(timeZoneLabel('Asia/Manila')).toBe('Manila time');
    expect(timeZoneLabel('America/New_York')).toBe('New York time');
    expect(timeZoneLabel('UTC')).toBe('UTC');
    expect(formatLenderTime('not a time', 'Asia/Manila')).toBe('not a time');
  });
});
