// Generates the CIC's monthly submission file (decision 0106): the book is read a page of borrowers
// at a time, each record validated and written as it is made, to a temporary file renamed into place
// only when no error stands; then the file is entered in the history.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import { addDays, calendarDateAt, wallClockAt, zonedInstant, type CalendarDate } from '@kwarta/domain';
import type { Database } from '../../db/schema.ts';
import { cicBook, type CicBookBorrower } from '../orders/index.ts';
import { CIC_DELIMITER, CIC_LINE_END } from './cic-layout.ts';
import {
  cicFields,
  contractValues,
  footerValues,
  headerValues,
  identityFromBorrowerName,
  subjectValues,
  type CicFileContext,
  type CicIdentitySource,
} from './cic-records.ts';
import { verifiedIdentitySource } from './cic-identities.ts';
import { CicValidator, type CicError } from './cic-validator.ts';
import { recordCicSubmission, type CicSubmission } from './cic-history.ts';

export interface CicGenerateOptions {
  /** YYYY-MM, a month that has ended in the lender's calendar. */
  month: string;
  correction: boolean;
  providerCode: string;
  outDir: string;
  timeZone: string;
  now: Date;
  /** Who generated it: `operator:<name>` or `cli`. */
  generatedBy: string;
  /** Identity beyond the borrower's name and phone; by default the identity feature's verified ones. */
  identities?: CicIdentitySource;
  /** Borrowers read per page. */
  batchSize?: number;
  /** Called after each page of borrowers with the detail records written so far (benchmarks). */
  onPage?: (details: number) => void;
}

export type CicGenerateResult =
  | { ok: true; submission: CicSubmission }
  | { ok: false; errors: CicError[]; errorCount: number; subjects: number; contracts: number };

export class CicRequestError extends Error {}

/** The month's last day, or a clear refusal of a month that is not over or not a month. */
export function cicReferenceDate(month: string, today: CalendarDate): CalendarDate {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month))
    throw new CicRequestError(`The month must be YYYY-MM, got "${month}".`);
  const next =
    Number(month.slice(5)) === 12
      ? `${Number(month.slice(0, 4)) + 1}-01`
      : `${month.slice(0, 5)}${String(Number(month.slice(5)) + 1).padStart(2, '0')}`;
  const referenceDate = addDays(`${next}-01`, -1);
  if (referenceDate >= today)
    throw new CicRequestError(
      `${month} has not ended yet (today is ${today}): its file is made from the 1st of the next month.`,
    );
  return referenceDate;
}

/** `YYYYMMDDhhmmss` of an instant in the lender's zone. */
function fileStamp(now: Date, timeZone: string): string {
  const clock = wallClockAt(now, timeZone);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${clock.year}${two(clock.month)}${two(clock.day)}${two(clock.hour)}${two(clock.minute)}${two(clock.second)}`;
}

export async function generateCicFile(
  db: Kysely<Database>,
  options: CicGenerateOptions,
): Promise<CicGenerateResult> {
  if (!/^[A-Z0-9]{8}$/.test(options.providerCode))
    throw new CicRequestError('CIC_PROVIDER_CODE must be the 8-character provider code the CIC assigned.');
  const referenceDate = cicReferenceDate(options.month, calendarDateAt(options.now, options.timeZone));
  const context: CicFileContext = {
    providerCode: options.providerCode,
    referenceDate,
    timeZone: options.timeZone,
    correction: options.correction,
  };
  const month = {
    referenceDate,
    startsAt: zonedInstant(`${options.month}-01`, 0, options.timeZone).toISOString(),
    endsBefore: zonedInstant(addDays(referenceDate, 1), 0, options.timeZone).toISOString(),
  };
  const fileName = `${options.providerCode}_CSDF_${fileStamp(options.now, options.timeZone)}.txt`;
  const filePath = path.resolve(options.outDir, fileName);
  const partial = `${filePath}.partial`;
  fs.mkdirSync(options.outDir, { recursive: true });

  const validator = new CicValidator({ providerCode: options.providerCode, referenceDate });
  const hash = createHash('sha256');
  const out = fs.createWriteStream(partial, { encoding: 'utf8' });
  let bytes = 0;
  let details = 0;
  // Who is in the file, for their access log (decision 0107): ids only, 8 bytes a borrower.
  const reported: number[] = [];
  const write = async (fields: string[]) => {
    validator.check(fields);
    const line = fields.join(CIC_DELIMITER) + CIC_LINE_END;
    hash.update(line);
    bytes += Buffer.byteLength(line);
    if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', resolve));
  };
  const identities = options.identities ?? verifiedIdentitySource(db);
  try {
    await write(cicFields('HD', headerValues(context)));
    for await (const page of pages(cicBook(db, month, options.batchSize), options.batchSize ?? 500)) {
      const identity = await identities(page.map((borrower) => borrower.borrowerId));
      for (const borrower of page) {
        const known = identity.get(borrower.borrowerId) ?? identityFromBorrowerName(borrower.fullName);
        await write(cicFields('ID', subjectValues(context, borrower, known)));
        reported.push(borrower.borrowerId);
        details += 1;
        for (const contract of borrower.contracts) {
          await write(cicFields('CI', contractValues(context, borrower.borrowerId, contract)));
          details += 1;
        }
      }
      options.onPage?.(details);
    }
    await write(cicFields('FT', footerValues(context, details)));
    out.end();
    await finished(out);
  } catch (error) {
    out.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  }

  const validation = validator.finish();
  if (validation.errorCount > 0) {
    fs.rmSync(partial, { force: true });
    return { ok: false, ...validation };
  }
  fs.renameSync(partial, filePath);
  const submission = await recordCicSubmission(db, reported, {
    month: options.month,
    submission_type: options.correction ? 1 : 0,
    file_name: fileName,
    file_path: filePath,
    sha256: hash.digest('hex'),
    byte_size: bytes,
    subjects: validation.subjects,
    contracts: validation.contracts,
    generated_by: options.generatedBy,
    generated_at: options.now.toISOString(),
  });
  return { ok: true, submission };
}

/** Groups a stream of borrowers into pages, so identity is read a page at a time. */
async function* pages(
  borrowers: AsyncIterable<CicBookBorrower>,
  size: number,
): AsyncGenerator<CicBookBorrower[]> {
  let page: CicBookBorrower[] = [];
  for await (const borrower of borrowers) {
    page.push(borrower);
    if (page.length >= size) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;
}
