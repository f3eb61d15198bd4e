import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { escapeHtml } from '../../lib/html.ts';
import { borrowerDataTables } from './borrower-data-registry.ts';
import { findDataSubject } from './data-subject.ts';

/** A download link lives this long: long enough to tap it, too short to be passed around. */
export const EXPORT_LINK_MINUTES = 15;

export interface DataExport {
  generatedAt: string;
  borrowerId: number;
  sections: { table: string; title: string; rows: Record<string, unknown>[] }[];
}

/** Everything held about the borrower, table by table from the registry; null when unknown. */
export async function buildDataExport(
  db: Kysely<Database>,
  input: { borrowerId: number; now: Date },
): Promise<DataExport | null> {
  const subject = await findDataSubject(db, input.borrowerId);
  if (!subject) return null;
  const sections: DataExport['sections'] = [];
  for (const [table, entry] of borrowerDataTables) {
    sections.push({ table, title: entry.section, rows: await entry.rows(db, subject) });
  }
  return { generatedAt: input.now.toISOString(), borrowerId: input.borrowerId, sections };
}

/** The export as a document a person reads: one table per section, every value as text. */
export function dataExportHtml(data: DataExport, brandName: string): string {
  const cell = (value: unknown) =>
    escapeHtml(
      value === null || value === undefined
        ? ''
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value),
    );
  const section = ({ title, rows }: DataExport['sections'][number]) => {
    if (rows.length === 0) return `<h2>${escapeHtml(title)}</h2><p>Nothing held.</p>`;
    const columns = Object.keys(rows[0] ?? {});
    const head = columns.map((column) => `<th scope="col">${escapeHtml(column)}</th>`).join('');
    const body = rows
      .map((row) => `<tr>${columns.map((column) => `<td>${cell(row[column])}</td>`).join('')}</tr>`)
      .join('');
    return `<h2>${escapeHtml(title)}</h2><div class="scroll"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
  };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>My data – ${escapeHtml(brandName)}</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:1rem;color:#111}table{border-collapse:collapse}th,td{border:1px solid #767676;padding:.25rem .5rem;text-align:left;vertical-align:top}.scroll{overflow-x:auto}</style></head><body><h1>My data at ${escapeHtml(brandName)}</h1><p>Prepared ${escapeHtml(data.generatedAt)} for borrower ${data.borrowerId}.</p>${data.sections.map(section).join('')}</body></html>`;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A short-lived, unguessable (256-bit) link token for the borrower's export. */
export async function createExportLink(
  db: Kysely<Database>,
  input: { borrowerId: number; now: Date },
): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(input.now.getTime() + EXPORT_LINK_MINUTES * 60_000).toISOString();
  await db
    .insertInto('data_export_links')
    .values({
      token_hash: hashOf(token),
      borrower_id: input.borrowerId,
      created_at: input.now.toISOString(),
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

/** The borrower whose live link this is; null for an unknown or expired token (both a 404). */
export async function exportLinkOwner(
  db: Kysely<Database>,
  input: { token: string; now: Date },
): Promise<number | null> {
  const link = await db
    .selectFrom('data_export_links')
    .select(['borrower_id', 'expires_at'])
    .where('token_hash', '=', hashOf(input.token))
    .executeTakeFirst();
  if (!link || link.expires_at <= input.now.toISOString()) return null;
  return link.borrower_id;
}
