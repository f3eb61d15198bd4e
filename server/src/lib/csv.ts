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

/** How each column gives its cell from a row; instants written in the lender's zone. */
function cellReaders<Row>(columns: readonly CsvColumn<Row>[], timeZone: string): ((row: Row) => CsvValue)[] {
  return columns.map((column): ((row: Row) => CsvValue) => {
    if ('cell' in column) return column.cell;
    return (row) => {
      const instant = column.instant(row);
      return instant === null ? null : lenderTimeIso(instant, timeZone);
    };
  });
}

/** A batch's lines as one chunk of bytes; their texts die here, young. */
function batchBytes<Row>(cells: readonly ((row: Row) => CsvValue)[], batch: readonly Row[]): Buffer {
  let text = '';
  for (const row of batch) text += csvLine(cells.map((cell) => cell(row)));
  return Buffer.from(text);
}

/**
 * The header, then each batch's lines as one chunk of bytes, made at once as the batch comes: one
 * socket write per batch, not per line (a write per line made a million-row export a million
 * writes). Each batch is emptied once written: the generator that gave it still holds it while
 * this one waits for the socket to drain, and rows that lived through those waits were promoted
 * by the garbage collector and swung the export's memory past its budget (bench:export,
 * decision 0099). So what waits on a slow socket is bytes outside V8's heap, never rows or texts.
 */
export async function* csvChunks<Row>(
  columns: readonly CsvColumn<Row>[],
  batches: AsyncIterable<Row[]> | Iterable<Row[]>,
  timeZone: string,
): AsyncGenerator<Buffer> {
  const cells = cellReaders(columns, timeZone);
  yield Buffer.from(csvLine(columns.map((column) => column.header)));
  for await (const batch of batches) {
    const bytes = batchBytes(cells, batch);
    batch.length = 0;
    if (bytes.length > 0) yield bytes;
  }
}

/**
 * An export as a download: sets the reply's headers and returns the stream for the route to send
 * (a contract route that `produces: 'text/csv'` sends what its handler returns). `rows` is a
 * report already read whole (the trial balance), or an export's batches as they are read
 * (db/streamed-rows.ts), which it empties as it writes them (csvChunks). The stream's backpressure paces the reading (Readable.from pulls the next
 * chunk only when the socket drained), so a slow client holds a chunk or two, not the table.
 */
export function csvDownload<Row>(
  reply: FastifyReply,
  fileName: string,
  columns: readonly CsvColumn<Row>[],
  rows: AsyncIterable<Row[]> | readonly Row[],
): Readable {
  reply
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store');
  // A report read whole is one batch, a copy: csvChunks empties what it wrote.
  const batches = Symbol.asyncIterator in rows ? rows : [[...(rows as readonly Row[])]];
  // Bytes, not objects: the stream holds one chunk ahead of the socket, not sixteen.
  return Readable.from(csvChunks(columns, batches, reply.server.config.lenderTimeZone), {
    objectMode: false,
  });
}
