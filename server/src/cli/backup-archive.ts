import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';

/**
 * A backup of one SQLite deployment as a single .tar.gz (`npm run backup`, `npm run restore`):
 *
 *   kwarta-backup.json   the manifest: when, the row count of every table *of the copy*, each upload's size and SHA-256
 *   kwarta.sqlite        the database, copied by SQLite's online backup while the server serves
 *   uploads/…            the uploads (BLOB_STORAGE=local)
 *   account-key          the generated account key of a development or sandbox server, if any
 *
 * The counts are read from the copy itself, so they are the database at the instant of the
 * copy; restore checks the restored database against them and every upload against its hash.
 */
export const MANIFEST_FILE = 'kwarta-backup.json';
export const DATABASE_FILE = 'kwarta.sqlite';
export const UPLOADS_DIR = 'uploads';
/** Kept beside the database by a server without ACCOUNT_KEY (features/bank-binding): the rows are unreadable without it. */
export const ACCOUNT_KEY_FILE = 'account-key';

export interface BackupManifest {
  format: 1;
  createdAt: string;
  tables: Record<string, number>;
  /** null when the uploads live in a bucket (BLOB_STORAGE=s3) and are not in the archive. */
  uploads: { path: string; bytes: number; sha256: string }[] | null;
  accountKey: boolean;
}

/**
 * SQLite's online backup of the live file into `target`. Every page goes in one step: the step
 * holds one read transaction (in WAL mode writers go on meanwhile), so the copy is the database
 * at one instant. Copied a few pages at a time instead, each write the server made between two
 * steps would restart the copy, and under steady writes it might never finish.
 */
export async function copyDatabase(source: string, target: string): Promise<void> {
  // Read-write like the server's own connection: a read-only one cannot always join a WAL database.
  const live = new SQLite(source, { fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    await live.backup(target, { progress: () => 0x7fffffff });
  } finally {
    live.close();
  }
  // One self-contained file (the server turns WAL back on when it opens it), checked before it is trusted.
  const copy = new SQLite(target);
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok')
      throw new Error(`the copy of ${source} fails SQLite's integrity check: ${String(check)}`);
  } finally {
    copy.close();
  }
}

/** The row count of every table of a database file. */
export function countRows(file: string): Record<string, number> {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .pluck()
      .all() as string[];
    return Object.fromEntries(
      tables.map((table) => [
        table,
        db
          .prepare(`SELECT COUNT(*) FROM "${table.replaceAll('"', '""')}"`)
          .pluck()
          .get() as number,
      ]),
    );
  } finally {
    db.close();
  }
}

/** Every file under `root`, as slash-separated paths relative to it, sorted. */
export function listFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

export function describeFile(
  root: string,
  relative: string,
): { path: string; bytes: number; sha256: string } {
  const bytes = fs.readFileSync(path.join(root, ...relative.split('/')));
  return { path: relative, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * Puts a file of `from` into the staging directory: a hard link where it can (uploads are
 * written once, by rename, and never changed in place, so a link is a snapshot), a copy otherwise.
 */
export function stageFile(from: string, to: string): void {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  try {
    fs.linkSync(from, to);
  } catch {
    fs.copyFileSync(from, to);
  }
}

export async function writeArchive(staging: string, file: string): Promise<void> {
  const entries = fs.readdirSync(staging).sort();
  // Written beside the target and renamed: an interrupted backup never leaves a half file under its name.
  const partial = `${file}.${process.pid}.partial`;
  try {
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, entries);
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/** Unpacks an archive; tar refuses absolute paths and `..` in it, so nothing lands outside `into`. */
export async function extractArchive(file: string, into: string): Promise<BackupManifest> {
  await tar.extract({ file, cwd: into, strict: true });
  const manifestFile = path.join(into, MANIFEST_FILE);
  if (!fs.existsSync(manifestFile) || !fs.existsSync(path.join(into, DATABASE_FILE)))
    throw new Error(`${file} is not a Kwarta backup: it has no ${MANIFEST_FILE} or ${DATABASE_FILE}`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== 1)
    throw new Error(`${file} is a backup of format ${manifest.format}, this version reads 1`);
  return manifest;
}

/** What a restored directory differs in from its manifest: nothing when the restore is faithful. */
export function verifyRestored(dir: string, manifest: BackupManifest): string[] {
  const problems: string[] = [];
  const copy = new SQLite(path.join(dir, DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') problems.push(`the database fails SQLite's integrity check: ${String(check)}`);
  } finally {
    copy.close();
  }
  const counts = countRows(path.join(dir, DATABASE_FILE));
  for (const [table, expected] of Object.entries(manifest.tables)) {
    if (counts[table] !== expected)
      problems.push(`${table}: ${counts[table] ?? 'no table'} rows, the backup recorded ${expected}`);
  }
  for (const upload of manifest.uploads ?? []) {
    const file = path.join(dir, UPLOADS_DIR, ...upload.path.split('/'));
    if (!fs.existsSync(file)) problems.push(`uploads/${upload.path} is missing`);
    else if (describeFile(path.join(dir, UPLOADS_DIR), upload.path).sha256 !== upload.sha256)
      problems.push(`uploads/${upload.path} differs from the backup's`);
  }
  return problems;
}
