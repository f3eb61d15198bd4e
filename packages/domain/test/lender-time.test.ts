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

  it('writes what the zone formatter writes, around offset changes too', () => {
    // The formatter itself, as lenderTimeIso used it on every instant before it kept each hour's offset.
    const formatted = (at: Date, timeZone: string) => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-US', {
          timeZone,
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
          timeZoneName: 'longOffset',
        })
          .formatToParts(at)
          .map((part) => [part.type, part.value]),
      );
      const offset = (parts.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
      return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
    };
    // Lord Howe moves by half an hour at half past a UTC hour; Kathmandu and Chatham have
    // quarter-hour offsets; Manila's local mean time had whole seconds before 1900.
    const zones = [
      'Asia/Manila',
      'America/New_York',
      'Europe/London',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'Pacific/Chatham',
      'America/St_Johns',
      'UTC',
    ];
    const instants = [
      '2026-03-08T06:59:59.999Z',
      '2026-03-08T07:00:00.000Z',
      '2026-11-01T05:59:59.999Z',
      '2026-11-01T06:00:00Z',
      '2026-03-29T00:59:59.999Z',
      '2026-03-29T01:00:00Z',
      '2026-04-04T14:59:59.999Z',
      '2026-04-04T15:00:00Z',
      '2026-10-03T15:29:59.999Z',
      '2026-10-03T15:30:00Z',
      '1899-12-31T15:55:59Z',
      '1900-01-01T00:00:00Z',
      '0999-06-01T00:00:00Z',
      '9999-12-31T20:00:00Z',
      '1969-12-31T23:59:59.500Z',
    ];
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    for (let i = 0; i < 300; i++)
      instants.push(new Date(Date.UTC(1890, 0, 1) + random() * 200 * 365.25 * 86_400_000).toISOString());
    for (const timeZone of zones)
      for (const at of instants)
        expect(lenderTimeIso(at, timeZone), `${at} in ${timeZone}`).toBe(formatted(new Date(at), timeZone));
  });

  it('names the zone for a heading, and leaves text that is no instant as it is', () => {
    expect(timeZoneLabel('Asia/Manila')).toBe('Manila time');
    expect(timeZoneLabel('America/New_York')).toBe('New York time');
    expect(timeZoneLabel('UTC')).toBe('UTC');
    expect(formatLenderTime('not a time', 'Asia/Manila')).toBe('not a time');
  });
});
