import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvChunks, csvLine } from '../../src/lib/csv.ts';

/** RFC 4180 reading of one line (no line breaks outside quotes), to check what csvLine wrote. */
function parseLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

describe('CSV cells', () => {
  it('neutralises what a spreadsheet would run as a formula: = + - @ tab and CR, quoted with an apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","Click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""Click"")"`,
    );
    expect(csvCell('+639171234567')).toBe(`"'+639171234567"`);
    expect(csvCell('-2+3')).toBe(`"'-2+3"`);
    expect(csvCell('@SUM(A1:A2)')).toBe(`"'@SUM(A1:A2)"`);
    expect(csvCell('\t=1')).toBe(`"'\t=1"`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });

  it('neutralises a line feed, a space and the full-width ＝ ＋ － ＠ at the start too (some spreadsheets skip or fold them)', () => {
    expect(csvCell('\n=1+1')).toBe(`"'\n=1+1"`);
    expect(csvCell(' =1+1')).toBe(`"' =1+1"`);
    expect(csvCell('＝1+1')).toBe(`"'＝1+1"`);
    expect(csvCell('＋639171234567')).toBe(`"'＋639171234567"`);
    expect(csvCell('－2')).toBe(`"'－2"`);
    expect(csvCell('＠SUM(A1)')).toBe(`"'＠SUM(A1)"`);
    expect(csvCell('Juan 1 = 2')).toBe('Juan 1 = 2');
  });

  it('writes numbers as numbers (a negative amount stays one) and empty cells for null', () => {
    expect(csvLine([-500, 0, 12.5, null, undefined, true])).toBe('-500,0,12.5,,,true\r\n');
  });

  it('quotes commas, quotes and line breaks, and leaves plain text alone', () => {
    expect(csvLine(['Juan Dela Cruz', 'a,b', 'say "hi"', 'two\nlines'])).toBe(
      'Juan Dela Cruz,"a,b","say ""hi""","two\nlines"\r\n',
    );
  });

  it('reads back as written, any text: unchanged, or with one apostrophe before a formula start', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: 'grapheme-composite' }).filter((s) => !/[\r\n]/.test(s)),
          { minLength: 1, maxLength: 6 },
        ),
        (values) => {
          const cells = parseLine(csvLine(values).slice(0, -2));
          expect(cells).toEqual(
            values.map((value) => (/^[=+\-@\t ＝＋－＠]/.test(value) ? `'${value}` : value)),
          );
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("streams the header, then each batch's lines as one chunk, as batches come", async () => {
    async function* batches() {
      yield [
        { id: 1, name: 'a' },
        { id: 2, name: '=b' },
      ];
      yield [{ id: 3, name: 'ñ' }];
    }
    const chunks: string[] = [];
    for await (const chunk of csvChunks(
      [
        { header: 'id', cell: (row: { id: number; name: string }) => row.id },
        { header: 'name', cell: (row: { id: number; name: string }) => row.name },
      ],
      batches(),
      'Asia/Manila',
    ))
      chunks.push(chunk.toString('utf8'));
    expect(chunks).toEqual(['id,name\r\n', `1,a\r\n2,"'=b"\r\n`, '3,ñ\r\n']);
  });

  it("writes an instant column in the lender's zone with its offset, an empty cell for none", async () => {
    const chunks: string[] = [];
    const rows = [{ at: '2026-11-27T18:24:03.000Z' }, { at: null }];
    for await (const chunk of csvChunks(
      [{ header: 'at', instant: (row: { at: string | null }) => row.at }],
      [rows],
      'Asia/Manila',
    ))
      chunks.push(chunk.toString('utf8'));
    expect(chunks).toEqual(['at\r\n', '2026-11-28T02:24:03+08:00\r\n\r\n']);
  });
});
