import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import { accountKeyId } from '../features/bank-binding/index.ts';

/**
 * A backup of one SQLite deployment as a single .tar.gz (`npm run backup`, `npm run restore`):
 *
 *   kwarta-backup.json   the manifest: when, the database's and each upload's size and SHA-256, the row
 *                        count of every table *of the copy*, the id of the account key that signs it
 *   kwarta-backup.hmac   the manifest's HMAC-SHA256 under a key derived from that account key
 *   kwarta.sqlite        the database, copied by SQLite's online backup while the server serves
 *   uploads/…            the uploads (BLOB_STORAGE=local)
 *   account-key          the generated account key of a development or sandbox server, if any
 *
 * The counts are read from the copy itself, so they are the database at the instant of the
 * copy; restore checks the manifest's signature first, then the restored database and every
 * upload against it (decision 0102). Every file is the owner's alone (0600, folders 0700): the
 * archive holds every borrower's data.
 */
export const MANIFEST_FILE = 'kwarta-backup.json';
export const MANIFEST_MAC_FILE = 'kwarta-backup.hmac';
/** The version of this layout: a signed manifest with the database's hash. */
export const BACKUP_FORMAT = 2;
export const DATABASE_FILE = 'kwarta.sqlite';
export const UPLOADS_DIR = 'uploads';
/** Kept beside the database by a server without ACCOUNT_KEY (features/bank-binding): the rows are unreadable without it. */
export const ACCOUNT_KEY_FILE = 'account-key';

export interface FileRecord {
  path: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  /** Which account key signs the manifest (accountKeyId: derived from the key, not the key). */
  keyId: string;
  database: FileRecord;
  tables: Record<string, number>;
  /** null when the uploads live in a bucket (BLOB_STORAGE=s3) and are not in the archive. */
  uploads: FileRecord[] | null;
  /** The generated account key of a development or sandbox server, when the archive carries it. */
  accountKey: FileRecord | null;
}

/** A key for manifests alone, derived from the account key, so a MAC never doubles as anything else. */
function manifestMac(accountKey: Buffer, manifest: Buffer): Buffer {
  const key = createHmac('sha256', accountKey).update('kwarta backup manifest').digest();
  return createHmac('sha256', key).update(manifest).digest();
}

/** Writes the manifest and its MAC into the staging directory. */
export function writeManifest(staging: string, manifest: BackupManifest, accountKey: Buffer): void {
  const bytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  fs.writeFileSync(path.join(staging, MANIFEST_FILE), bytes, { mode: 0o600 });
  fs.writeFileSync(
    path.join(staging, MANIFEST_MAC_FILE),
    `${manifestMac(accountKey, bytes).toString('hex')}\n`,
    {
      mode: 0o600,
    },
  );
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

export function describeFile(root: string, relative: string): FileRecord {
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
    // Created the owner's alone before a byte is written: tar keeps the mode of a file that exists.
    fs.writeFileSync(partial, '', { mode: 0o600, flag: 'wx' });
    fs.chmodSync(partial, 0o600);
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, entries);
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/**
 * The account keys a restore may check a manifest with: ACCOUNT_KEY and ACCOUNT_KEYS_RETIRED of
 * the environment (base64 of 32 bytes each), by key id. A restore runs where the server's whole
 * configuration may not be yet, so only these are read.
 */
export function accountKeysOf(env: Record<string, string | undefined>): Map<string, Buffer> {
  const keys = new Map<string, Buffer>();
  for (const text of [env.ACCOUNT_KEY ?? '', ...(env.ACCOUNT_KEYS_RETIRED ?? '').split(',')]) {
    const key = Buffer.from(text.trim(), 'base64');
    if (key.length === 32) keys.set(accountKeyId(key), key);
  }
  return keys;
}

/**
 * Unpacks an archive and checks its manifest's MAC; tar refuses absolute paths and `..` in it, so
 * nothing lands outside `into`. The key is the environment's account key the manifest names
 * (`keys`). Only when the environment has none may a development or sandbox backup be checked
 * with the generated key it carries (`ownKey`): that proves the archive whole, not who made it,
 * which is why a production restore sets ACCOUNT_KEY (production backups never carry a key).
 */
export async function extractArchive(
  file: string,
  into: string,
  keys: Map<string, Buffer>,
): Promise<{ manifest: BackupManifest; checkedWith: 'ACCOUNT_KEY' | 'its own generated key' }> {
  await tar.extract({ file, cwd: into, strict: true });
  const manifestFile = path.join(into, MANIFEST_FILE);
  const macFile = path.join(into, MANIFEST_MAC_FILE);
  if (!fs.existsSync(manifestFile) || !fs.existsSync(path.join(into, DATABASE_FILE)))
    throw new Error(`${file} is not a Kwarta backup: it has no ${MANIFEST_FILE} or ${DATABASE_FILE}`);
  const bytes = fs.readFileSync(manifestFile);
  const manifest = JSON.parse(bytes.toString('utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT)
    throw new Error(
      `${file} is a backup of format ${String(manifest.format)}, this version reads ${BACKUP_FORMAT} (a signed manifest)`,
    );
  if (!fs.existsSync(macFile))
    throw new Error(`${file} has no ${MANIFEST_MAC_FILE}: its manifest is not signed`);
  let key = keys.get(manifest.keyId);
  let checkedWith: 'ACCOUNT_KEY' | 'its own generated key' = 'ACCOUNT_KEY';
  if (!key && keys.size === 0 && fs.existsSync(path.join(into, ACCOUNT_KEY_FILE))) {
    const own = Buffer.from(fs.readFileSync(path.join(into, ACCOUNT_KEY_FILE), 'utf8').trim(), 'base64');
    if (own.length === 32 && accountKeyId(own) === manifest.keyId) key = own;
    checkedWith = 'its own generated key';
  }
  if (!key)
    throw new Error(
      `${file} is signed with the account key ${String(manifest.keyId)}: set ACCOUNT_KEY (or ACCOUNT_KEYS_RETIRED) to that key to restore it`,
    );
  const mac = Buffer.from(fs.readFileSync(macFile, 'utf8').trim(), 'hex');
  const expected = manifestMac(key, bytes);
  if (mac.length !== expected.length || !timingSafeEqual(mac, expected))
    throw new Error(`${file} has been altered: its manifest does not match its signature`);
  return { manifest, checkedWith };
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
  if (describeFile(dir, DATABASE_FILE).sha256 !== manifest.database.sha256)
    problems.push(`${DATABASE_FILE} differs from the backup's`);
  if (manifest.accountKey && describeFile(dir, ACCOUNT_KEY_FILE).sha256 !== manifest.accountKey.sha256)
    problems.push(`${ACCOUNT_KEY_FILE} differs from the backup's`);
  const counts = countRows(path.join(dir, DATABASE_FILE));
  // Both ways: a table the record leaves out is as wrong as one it names and the copy lacks.
  for (const table of new Set([...Object.keys(manifest.tables), ...Object.keys(counts)])) {
    const expected = manifest.tables[table];
    if (counts[table] !== expected)
      problems.push(
        `${table}: ${counts[table] ?? 'no table'} rows, the backup recorded ${expected ?? 'no such table'}`,
      );
  }
  for (const upload of manifest.uploads ?? []) {
    const file = path.join(dir, UPLOADS_DIR, ...upload.path.split('/'));
    if (!fs.existsSync(file)) problems.push(`uploads/${upload.path} is missing`);
    else if (describeFile(path.join(dir, UPLOADS_DIR), upload.path).sha256 !== upload.sha256)
      problems.push(`uploads/${upload.path} differs from the backup's`);
  }
  return problems;
}
