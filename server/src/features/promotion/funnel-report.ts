import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface FunnelFilter {
  utmTag?: string | undefined;
  appFrom?: string | undefined;
  userFrom?: string | undefined;
  /** ISO instants, inclusive start and exclusive end. */
  from?: string | undefined;
  to?: string | undefined;
}

export interface FunnelRow {
  utmTag: string | null;
  appFrom: string | null;
  userFrom: string | null;
  visits: number;
  clicks: number;
  smsSent: number;
  registrations: number;
}

type Stage = 'visits' | 'clicks' | 'smsSent' | 'registrations';
type Source = 'promotion_events' | 'sms_sends' | 'registrations';

/**
 * The funnel visits → clicks → SMS sent → registrations per utm_tag / app_from / user_from
 * (spec §7 "Promotion"; the operator console will read the same function).
 */
export async function funnelReport(db: Kysely<Database>, filter: FunnelFilter = {}): Promise<FunnelRow[]> {
  const rows = new Map<string, FunnelRow>();

  /** Counts one stage; `only` narrows its table to one kind of row, e.g. ['kind', 'visit']. */
  async function count(
    stage: Stage,
    table: Source,
    only?: [column: 'kind' | 'purpose', value: string],
  ): Promise<void> {
    let query = db
      .selectFrom(table)
      .select((eb) => ['utm_tag', 'app_from', 'user_from', eb.fn.countAll<number>().as('n')])
      .groupBy(['utm_tag', 'app_from', 'user_from']);
    if (filter.utmTag !== undefined) query = query.where('utm_tag', '=', filter.utmTag);
    if (filter.appFrom !== undefined) query = query.where('app_from', '=', filter.appFrom);
    if (filter.userFrom !== undefined) query = query.where('user_from', '=', filter.userFrom);
    if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('created_at', '<', filter.to);
    if (only) query = query.where(sql.ref(only[0]), '=', only[1]);
    for (const row of await query.execute()) {
      const key = JSON.stringify([row.utm_tag, row.app_from, row.user_from]);
      const entry = rows.get(key) ?? {
        utmTag: row.utm_tag,
        appFrom: row.app_from,
        userFrom: row.user_from,
        visits: 0,
        clicks: 0,
        smsSent: 0,
        registrations: 0,
      };
      entry[stage] += Number(row.n);
      rows.set(key, entry);
    }
  }

  await count('visits', 'promotion_events', ['kind', 'visit']);
  await count('clicks', 'promotion_events', ['kind', 'click']);
  await count('smsSent', 'sms_sends', ['purpose', 'register']);
  await count('registrations', 'registrations');
  const text = (value: string | null) => value ?? '';
  return [...rows.values()].sort(
    (a, b) =>
      text(a.utmTag).localeCompare(text(b.utmTag)) ||
      text(a.appFrom).localeCompare(text(b.appFrom)) ||
      text(a.userFrom).localeCompare(text(b.userFrom)),
  );
}

/** The report as an aligned text table, with conversion from visits. */
export function formatFunnel(rows: readonly FunnelRow[]): string {
  const header = [
    'utm_tag',
    'app_from',
    'user_from',
    'visits',
    'clicks',
    'sms_sent',
    'registrations',
    'conversion',
  ];
  const body = rows.map((row) => [
    row.utmTag ?? '-',
    row.appFrom ?? '-',
    row.userFrom ?? '-',
    String(row.visits),
    String(row.clicks),
    String(row.smsSent),
    String(row.registrations),
    row.visits ? `${((row.registrations / row.visits) * 100).toFixed(1)}%` : '-',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => cells[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(line)].join('\n');
}

/** The borrowers who registered through a campaign (utm_tag), as a subquery for other reports. */
export function campaignBorrowerIds(db: Kysely<Database>, utmTag: string) {
  return db.selectFrom('registrations').select('borrower_id').where('utm_tag', '=', utmTag);
}
