import { formatLenderTime, timeZoneLabel, type MinorUnits } from '@kwarta/domain';
import type { OutputFormat } from '../../lib/output-format.ts';
import { csvLine } from '../../lib/csv.ts';
import { textTable } from '../../lib/text-table.ts';
import type { StandardReport } from './standard-reports.ts';

/** The header lines every standard report states: what, which days, which zone, computed when. */
function headerLines(report: StandardReport): string[] {
  const { header } = report;
  return [
    `${header.report} — ${header.from === header.to ? header.from : `${header.from} to ${header.to}`}`,
    `Lender time zone: ${timeZoneLabel(header.timeZone)} · computed ${formatLenderTime(header.computedAt, header.timeZone)}`,
  ];
}

/** The report as the CLI prints it: amounts in the market's money, as every other report. */
export function formatStandardReport(report: StandardReport, format: Pick<OutputFormat, 'money'>): string {
  const money = new Set(
    report.columns.flatMap((column, index) => (report.money.includes(column) ? [index] : [])),
  );
  return [
    ...headerLines(report),
    '',
    textTable(
      [...report.columns],
      report.rows.map((row) =>
        row.map((cell, index) =>
          money.has(index) ? format.money(Number(cell) as MinorUnits) : String(cell),
        ),
      ),
      1,
    ),
  ].join('\n');
}

/**
 * The report as CSV: its columns, then the zone and the computing instant on every row, so a
 * sheet cut from it still says how to read its dates (cells neutralised, decision 0102).
 */
export function standardReportCsv(report: StandardReport): string {
  const { timeZone, computedAt } = report.header;
  return [
    csvLine([...report.columns, 'lender_time_zone', 'computed_at']),
    ...report.rows.map((row) => csvLine([...row, timeZone, computedAt])),
  ].join('');
}
