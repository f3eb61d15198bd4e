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

/** The zone's parts of an instant, as its formatter gives them (slow: a dozen objects a call). */
function formattedPartsOf(at: Date, timeZone: string): LenderTimeParts {
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

const HOUR_MS = 3_600_000;

/** A zone's offset through one UTC hour, as its formatter writes it. */
interface HourOffset {
  ms: number;
  text: string;
}

/**
 * Offsets by zone and UTC hour, each read from the formatter at the hour's first and last
 * millisecond: equal there, the offset holds for the whole hour (no zone changes its offset twice
 * within an hour). An export writes a million instants; formatting each made a dozen objects and
 * was most of the export's garbage (decision 0099), where the hour's offset and the UTC fields
 * of the shifted instant give the same text. An hour the offset changes in is kept as null (the
 * formatter writes its instants). Bounded: dropped whole when full.
 */
const hourOffsets = new Map<string, Map<number, HourOffset | null>>();
const HOUR_OFFSETS_KEPT = 50_000;

function hourOffsetOf(hour: number, timeZone: string): HourOffset | null {
  let byHour = hourOffsets.get(timeZone);
  if (!byHour) hourOffsets.set(timeZone, (byHour = new Map()));
  let offset = byHour.get(hour);
  if (offset !== undefined) return offset;
  const start = hour * HOUR_MS;
  const first = formattedPartsOf(new Date(start), timeZone);
  const last = formattedPartsOf(new Date(start + HOUR_MS - 1), timeZone);
  const local = Date.parse(`${first.date}T${first.minutes}:${first.seconds}Z`);
  offset =
    first.offset === last.offset && !Number.isNaN(local) ? { ms: local - start, text: first.offset } : null;
  if (byHour.size >= HOUR_OFFSETS_KEPT) byHour.clear();
  byHour.set(hour, offset);
  return offset;
}

const twoDigits = (value: number) => (value < 10 ? `0${value}` : String(value));

function partsOf(instant: string | Date, timeZone: string): LenderTimeParts | null {
  const at = instant instanceof Date ? instant : new Date(instant);
  const time = at.getTime();
  if (Number.isNaN(time)) return null;
  const offset = hourOffsetOf(Math.floor(time / HOUR_MS), timeZone);
  // The shifted instant's UTC fields are the zone's wall clock. Only for four-digit years after
  // 1900: the formatter writes other years unpadded, and the oldest in the Julian calendar.
  const local = offset ? new Date(time + offset.ms) : null;
  const year = local ? local.getUTCFullYear() : 0;
  if (!offset || !local || year < 1900 || year > 9999) return formattedPartsOf(at, timeZone);
  return {
    date: `${year}-${twoDigits(local.getUTCMonth() + 1)}-${twoDigits(local.getUTCDate())}`,
    minutes: `${twoDigits(local.getUTCHours())}:${twoDigits(local.getUTCMinutes())}`,
    seconds: twoDigits(local.getUTCSeconds()),
    offset: offset.text,
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
