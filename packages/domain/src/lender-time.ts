/**
 * Instants as a lender reads them: in its own time zone (LENDER_TIME_ZONE, the zone its contact
 * hours, due dates and books are in) and labelled with the offset, so no reader takes a UTC time
 * for a local one. The one formatter of every console screen and every CSV export; zod-free, so
 * the console imports it by subpath (`@kwarta/domain/lender-time`).
 */

/** Formatters by time zone: making one costs far more than formatting a row with it. */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    });
    formats.set(timeZone, format);
  }
  return format;
}

interface LenderTimeParts {
  /** 'YYYY-MM-DD' in the zone. */
  date: string;
  /** 'HH:MM' in the zone. */
  minutes: string;
  seconds: string;
  /** '+08:00', '-05:00', '+00:00'. */
  offset: string;
}

function partsOf(instant: string | Date, timeZone: string): LenderTimeParts | null {
  const at = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(at.getTime())) return null;
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  // 'GMT+08:00', or plain 'GMT' for a zero offset.
  const offset = (parts.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: `${parts.hour}:${parts.minute}`,
    seconds: parts.second ?? '00',
    offset,
  };
}

/**
 * '2026-11-27 18:24 +08:00': an instant (ISO text or Date) on a screen, in the lender's zone with
 * its offset. Text that is no instant is shown as it is rather than hidden.
 */
export function formatLenderTime(instant: string | Date, timeZone: string): string {
  const parts = partsOf(instant, timeZone);
  if (!parts) return String(instant);
  return `${parts.date} ${parts.minutes} ${parts.offset}`;
}

/** '2026-11-27T18:24:03+08:00': an instant in a CSV cell, ISO 8601 with the lender's offset. */
export function lenderTimeIso(instant: string | Date, timeZone: string): string {
  const parts = partsOf(instant, timeZone);
  if (!parts) return String(instant);
  return `${parts.date}T${parts.minutes}:${parts.seconds}${parts.offset}`;
}

/** 'Manila time' for Asia/Manila, 'UTC' for UTC: the zone's name as a heading says it. */
export function timeZoneLabel(timeZone: string): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC';
  const city = timeZone.split('/').at(-1)?.replaceAll('_', ' ') ?? timeZone;
  return `${city} time`;
}
