import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { lenderTimeIso } from '@kwarta/domain';

/** A cell's value as it comes from a row; null and undefined are empty cells. */
export type CsvValue = string | number | boolean | null | undefined;

/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"): = + - @;
 * tab, carriage return, line feed and space, which some spreadsheets strip before looking; and the
 * full-width ＝ ＋ － ＠, which some (Japanese and Chinese locales) fold to their ASCII forms.
 */
const FORMULA_START = /^[=+\-@\t\r\n ＝＋－＠]/;

/**
 * One cell of RFC 4180 CSV, safe to open in a spreadsheet: a text that could start a formula is
 * prefixed with an apostrophe (shown, never evaluated) and quoted. Numbers are written as they are,
 * so a negative amount stays a number.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n']/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * A column of an export: its header and how a row gives its cell; a column of instants (ISO text
 * as stored, UTC) names it `instant`, and the export writes it in the lender's zone with its
 * offset (lenderTimeIso), as the console shows it.
 */
export type CsvColumn<Row> = { header: string } & (
  { cell: (row: Row) => CsvValue } | { instant: (row: Row) => string | null }
);

/** The header, then one line per row, as rows come: never more in memory than the batch being read. */
export async function* csvLines<Row>(
  columns: readonly CsvColumn<Row>[],
  rows: AsyncIterable<Row> | Iterable<Row>,
  timeZone: string,
): AsyncGenerator<string> {
  const cells = columns.map((column): ((row: Row) => CsvValue) => {
    if ('cell' in column) return column.cell;
    return (row) => {
      const instant = column.instant(row);
      return instant === null ? null : lenderTimeIso(instant, timeZone);
    };
  });
  yield csvLine(columns.map((column) => column.header));
  for await (const row of rows) yield csvLine(cells.map((cell) => cell(row)));
}

/**
 * Texts joined into chunks of about `size` characters: one socket write per chunk, not per line
 * (a write per line made a million-row export a million writes, bench:export).
 */
export async function* inChunks(texts: AsyncIterable<string>, size = 64 * 1024): AsyncGenerator<string> {
  let chunk = '';
  for await (const text of texts) {
    chunk += text;
    if (chunk.length >= size) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/**
 * An export as a download: sets the reply's headers and returns the stream for the route to send
 * (a contract route that `produces: 'text/csv'` sends what its handler returns). The stream's
 * backpressure paces the reading (Readable.from pulls the next chunk only when the socket drained),
 * so a slow client holds one batch and one chunk, not the table.
 */
export function csvDownload<Row>(
  reply: FastifyReply,
  fileName: string,
  columns: readonly CsvColumn<Row>[],
  /** A report already read whole (the trial balance) may come as a plain array. */
  rows: AsyncIterable<Row> | Iterable<Row>,
): Readable {
  reply
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store');
  return Readable.from(inChunks(csvLines(columns, rows, reply.server.config.lenderTimeZone)));
}
