import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadDatabaseLocation, type Config } from '../config.ts';
import { accountKeyId, loadAccountKeyRing } from '../features/bank-binding/index.ts';
import { loadCliConfig } from './cli-config.ts';
import {
  ACCOUNT_KEY_FILE,
  DATABASE_FILE,
  UPLOADS_DIR,
  BACKUP_FORMAT,
  copyDatabase,
  countRows,
  describeFile,
  listFiles,
  stageFile,
  writeArchive,
  writeManifest,
  type BackupManifest,
} from './backup-archive.ts';
import { outputFormat } from '../lib/output-format.ts';
import { CliRefusal, runCli } from './run-cli.ts';

const USAGE = `npm run backup -- --to FILE     a consistent copy of the SQLite database, taken while the server
                                 serves, with the uploads, into one .tar.gz (restore: npm run restore)

Uses the same DATA_DIR as the server. With DATABASE_URL (PostgreSQL) it prints the pg_dump command
to use instead and exits 2.`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { to: { type: 'string' }, help: { type: 'boolean', default: false } },
  });
  if (values.help || !values.to) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  // PostgreSQL's backup is pg_dump's: said without opening the database (it may be elsewhere).
  if (loadDatabaseLocation().databaseUrl) {
    console.error(postgresInstructions(values.to));
    return 2;
  }
  const config = await loadCliConfig();
  const target = path.resolve(values.to);
  if (fs.existsSync(target)) {
    console.error(`${target} already exists: give a new file name (a backup never overwrites one).`);
    return 1;
  }
  const database = path.join(config.dataDir, DATABASE_FILE);
  if (!fs.existsSync(database)) {
    console.error(`No database at ${database}: is DATA_DIR the server's?`);
    return 1;
  }
  // The archive holds every borrower's data: the folders made for it and the file are the owner's alone.
  try {
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new CliRefusal(
      `Cannot make the folder ${path.dirname(target)} for the backup (${code}): pick one you may write to.`,
    );
  }
  const folderMode = fs.statSync(path.dirname(target)).mode & 0o777;
  if (folderMode & 0o077)
    console.error(
      `Warning: ${path.dirname(target)} is open to others (mode ${folderMode.toString(8)}); keep backups in a folder only you can read (chmod 700).`,
    );
  // Staged beside the archive, so uploads can be hard-linked rather than copied when on one disk.
  const staging = fs.mkdtempSync(path.join(path.dirname(target), '.kwarta-backup-'));
  try {
    const manifest = await stage(config, database, staging);
    await writeArchive(staging, target);
    const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
    console.log(
      `Backed up ${Object.keys(manifest.tables).length} tables (${rows} rows) as of ${outputFormat(config).time(manifest.createdAt)}` +
        (manifest.uploads ? ` and ${manifest.uploads.length} uploads` : '') +
        ` to ${target} (${fs.statSync(target).size} bytes)`,
    );
    if (!manifest.uploads)
      console.log(
        `Uploads are in the bucket ${config.blobStorage.kind === 's3' ? config.blobStorage.bucket : ''}, not in this file: back it up with your storage's own tools (versioning, replication).`,
      );
    return 0;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * The database first, then the uploads: an upload made after the copy is an extra file nobody
 * points at, while every row of the copy finds its file (uploads are written before their row,
 * features/complaints/problem-images.ts). Only an upload purged meanwhile can be missing, and
 * only one unattached for a day.
 */
async function stage(config: Config, database: string, staging: string): Promise<BackupManifest> {
  const createdAt = new Date().toISOString();
  await copyDatabase(database, path.join(staging, DATABASE_FILE));
  const tables = countRows(path.join(staging, DATABASE_FILE));

  let uploads: BackupManifest['uploads'] = null;
  if (config.blobStorage.kind === 'local') {
    const root = config.blobStorage.directory;
    uploads = [];
    for (const file of listFiles(root)) {
      // A file being written is under a temporary name (lib/blob-storage.ts): not an upload yet.
      if (file.endsWith('.tmp')) continue;
      stageFile(path.join(root, ...file.split('/')), path.join(staging, UPLOADS_DIR, ...file.split('/')));
      uploads.push(describeFile(path.join(staging, UPLOADS_DIR), file));
    }
  }
  const keyFile = path.join(config.dataDir, ACCOUNT_KEY_FILE);
  const carriesKey = fs.existsSync(keyFile);
  if (carriesKey) fs.copyFileSync(keyFile, path.join(staging, ACCOUNT_KEY_FILE));

  // The server's own account key signs the manifest (ACCOUNT_KEY, or the generated one outside production).
  const ring = loadAccountKeyRing(config, () => {});
  const key = ring.keys.get(ring.currentId)!;
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt,
    keyId: accountKeyId(key),
    database: describeFile(staging, DATABASE_FILE),
    tables,
    uploads,
    accountKey: carriesKey ? describeFile(staging, ACCOUNT_KEY_FILE) : null,
  };
  writeManifest(staging, manifest, key);
  return manifest;
}

/** PostgreSQL has its own consistent dump; the command is printed rather than run, with the URL left in the environment. */
function postgresInstructions(file: string): string {
  return `DATABASE_URL is set: the data is in PostgreSQL, which npm run backup does not copy. Use its own tools:

  pg_dump -Fc --no-owner -f ${JSON.stringify(file)} "$DATABASE_URL"

and to restore into a new, empty database (then start the server on it):

  createdb kwarta_restored
  pg_restore --no-owner -d "postgres://…/kwarta_restored" ${JSON.stringify(file)}

(pg_dump takes a consistent snapshot while the server serves. See README "Backups".)`;
}

runCli(main, { usage: USAGE });
