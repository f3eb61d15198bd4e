import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@kwarta/contract';
import { callEndpoint, demoSession, uploadFile } from '../support/api.ts';
import { jpegImage, pngImage } from '../support/images.ts';
import { cliEnv, createTestApp, type TestApp } from '../support/test-app.ts';
import type { BackupManifest } from '../../src/cli/backup-archive.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('npm run backup / restore (SQLite)', () => {
  let t: TestApp;
  let work: string;
  let session: Record<string, string>;
  const cli = (script: 'backup' | 'restore', ...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', `server/src/cli/${script}.ts`, ...args], {
      cwd: repoRoot,
      env: cliEnv(t),
    });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected the command to fail');
      },
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-backups-'));
    session = await demoSession(t.app);
    for (const [bytes, contentType] of [
      [await jpegImage(), 'image/jpeg'],
      [await pngImage(), 'image/png'],
      [await jpegImage(64, 48), 'image/jpeg'],
    ] as const) {
      const response = await uploadFile(t.app, endpoints.uploadProblemImg, {
        session,
        field: 'problemImage',
        bytes,
        filename: 'photo',
        contentType,
      });
      expect(response.envelope?.code).toBe('00');
    }
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** Every table's row count, through the server's own connection. */
  async function counts(): Promise<Record<string, number>> {
    const tables = await t.app.db.introspection.getTables({ withInternalKyselyTables: true });
    const entries = await Promise.all(
      tables.map(async (table) => {
        const row = await t.app.db
          .selectFrom(table.name as 'borrowers')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return [table.name, Number(row.n)] as const;
      }),
    );
    return Object.fromEntries(entries);
  }

  /**
   * A writer as the server is one: each transaction adds a borrower and that borrower's order,
   * so at every committed instant the two counts differ by the same number.
   */
  function writeLoad() {
    let running = true;
    let transactions = 0;
    const done = (async () => {
      while (running) {
        await t.app.db.transaction().execute(async (trx) => {
          const now = new Date().toISOString();
          const phone = `139${String(10_000_000 + transactions).padStart(8, '0')}`;
          const borrower = await trx
            .insertInto('borrowers')
            .values({ phone, full_name: 'Load Writer', is_repeat_client: 0, created_at: now })
            .returning('id')
            .executeTakeFirstOrThrow();
          const product = await trx
            .selectFrom('products')
            .select('id')
            .orderBy('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('orders')
            .values({
              order_no: `KWLOAD${borrower.id}`,
              borrower_id: borrower.id,
              product_id: product.id,
              status: 21,
              principal: 500_000,
              total_due: 575_000,
              paid_amount: 0,
              term_days: 91,
              periods: 3,
              collection_complaints_allowed: 1,
              applied_at: now,
              disbursed_on: null,
              due_date: null,
              settled_at: null,
              created_at: now,
              updated_at: now,
            })
            .execute();
        });
        transactions += 1;
        // Room for the child process's output to be read, as a server's event loop would give it.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    return {
      get transactions() {
        return transactions;
      },
      async stop() {
        running = false;
        await done;
      },
    };
  }

  it('takes a consistent copy under write load that restores to the counts of the instant it was taken, uploads byte-identical', async () => {
    const archive = path.join(work, 'under-load.tar.gz');
    const load = writeLoad();
    // Let the writer get going, so the copy is taken while it writes.
    while (load.transactions < 20) await new Promise((resolve) => setTimeout(resolve, 5));
    const before = await counts();
    const writtenBefore = load.transactions;
    const { stdout } = await cli('backup', '--to', archive);
    const writtenDuring = load.transactions - writtenBefore;
    const after = await counts();
    await load.stop();
    expect(stdout).toMatch(
      /^Backed up \d+ tables \(\d+ rows\) as of \d{4}-\d\d-\d\d \d\d:\d\d [+-]\d\d:\d\d and 3 uploads to .*under-load\.tar\.gz/m,
    );
    // The backup ran for real while the writer wrote.
    expect(writtenDuring).toBeGreaterThan(10);

    // "The moment" is the instant of SQLite's copy: the backup counts the rows of its own copy
    // (kwarta-backup.json) and the restore must reproduce exactly those. That instant lies between
    // the counts taken just before and just after the backup, and, the copy being one read
    // transaction, it never splits a transaction: borrowers and orders differ as they always do.
    const restored = path.join(work, 'restored');
    const restore = await cli('restore', '--from', archive, '--data-dir', restored);
    expect(restore.stdout).toMatch(
      /^Restored the backup of \d{4}-\d\d-\d\d \d\d:\d\d [+-]\d\d:\d\d into .*restored: \d+ tables \(\d+ rows, as recorded\) and 3 uploads \(checked\)/m,
    );

    const manifest = await readManifest(archive);
    const restoredCounts = sqliteCounts(path.join(restored, 'kwarta.sqlite'));
    expect(restoredCounts).toEqual(manifest.tables);
    expect(Object.keys(manifest.tables).sort()).toEqual(Object.keys(before).sort());
    for (const table of Object.keys(before)) {
      expect(manifest.tables[table]).toBeGreaterThanOrEqual(before[table]!);
      expect(manifest.tables[table]).toBeLessThanOrEqual(after[table]!);
    }
    expect(manifest.tables.orders! - manifest.tables.borrowers!).toBe(before.orders! - before.borrowers!);
    // Strictly inside the load: the copy caught the writer mid-stream, not before or after it.
    expect(manifest.tables.borrowers).toBeGreaterThan(before.borrowers!);
    expect(manifest.tables.borrowers).toBeLessThan(after.borrowers!);

    // Every upload, byte for byte, and nothing else but the database and the account key.
    const uploads = path.join(t.config.dataDir, 'uploads');
    const files = fs.readdirSync(uploads, { recursive: true }).filter((f) => String(f).includes('.'));
    expect(files).toHaveLength(3);
    for (const file of files) {
      const original = fs.readFileSync(path.join(uploads, String(file)));
      expect(fs.readFileSync(path.join(restored, 'uploads', String(file))).equals(original)).toBe(true);
    }
    expect(fs.readdirSync(restored).sort()).toEqual(['account-key', 'kwarta.sqlite', 'uploads']);
    expect(fs.readFileSync(path.join(restored, 'account-key'))).toEqual(
      fs.readFileSync(path.join(t.config.dataDir, 'account-key')),
    );

    // A server started on the restored directory serves the same borrower, session and images.
    const served = await createTestApp('sqlite', { env: { DATA_DIR: restored, SEED_DEMO: 'no' } });
    try {
      const orders = (app: TestApp) => callEndpoint(app.app, endpoints.problemInit, { session });
      expect((await orders(served)).envelope).toEqual((await orders(t)).envelope);
      const image = await served.app.db
        .selectFrom('problem_images')
        .select('public_id')
        .executeTakeFirstOrThrow();
      const url = `/user-problem/problem-img/${image.public_id}?${new URLSearchParams(session)}`;
      const fromRestored = await served.app.inject({ method: 'GET', url });
      expect(fromRestored.statusCode).toBe(200);
      expect(fromRestored.rawPayload.equals((await t.app.inject({ method: 'GET', url })).rawPayload)).toBe(
        true,
      );
    } finally {
      await served.close();
    }
  }, 60_000);

  it('restores only into an empty directory, and refuses what is not a backup, changing nothing', async () => {
    const archive = path.join(work, 'quiet.tar.gz');
    await cli('backup', '--to', archive);

    const occupied = path.join(work, 'occupied');
    fs.mkdirSync(occupied);
    fs.writeFileSync(path.join(occupied, 'kwarta.sqlite'), 'live data');
    const refused = await failure(cli('restore', '--from', archive, '--data-dir', occupied));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /occupied is not empty \(kwarta\.sqlite\): a restore never mixes a backup with other data/,
    );
    expect(fs.readdirSync(occupied)).toEqual(['kwarta.sqlite']);
    expect(fs.readFileSync(path.join(occupied, 'kwarta.sqlite'), 'utf8')).toBe('live data');

    // An empty directory that exists is fine.
    const empty = path.join(work, 'empty');
    fs.mkdirSync(empty);
    await cli('restore', '--from', archive, '--data-dir', empty);
    expect(fs.readdirSync(empty)).toContain('kwarta.sqlite');

    const garbage = path.join(work, 'garbage.tar.gz');
    fs.writeFileSync(garbage, randomBytes(2048));
    const notBackup = await failure(
      cli('restore', '--from', garbage, '--data-dir', path.join(work, 'never')),
    );
    expect(notBackup.stderr).toMatch(/Cannot read .*garbage\.tar\.gz as a backup/);
    expect(fs.existsSync(path.join(work, 'never'))).toBe(false);

    // A backup never overwrites a file.
    const again = await failure(cli('backup', '--to', archive));
    expect(again.stderr).toMatch(/quiet\.tar\.gz already exists/);
  }, 60_000);

  it('writes the archive for its owner alone (0600, new folders 0700) and refuses an altered one, changing nothing', async () => {
    const archive = path.join(work, 'private', 'daily', 'signed.tar.gz');
    await cli('backup', '--to', archive);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(work, 'private')).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(work, 'private', 'daily')).mode & 0o777).toBe(0o700);

    /** The archive unpacked, changed by `alter`, packed again as another file. */
    async function altered(name: string, alter: (dir: string) => void): Promise<string> {
      const dir = fs.mkdtempSync(path.join(work, 'alter-'));
      await tar.extract({ file: archive, cwd: dir });
      alter(dir);
      const file = path.join(work, `${name}.tar.gz`);
      await tar.create({ gzip: true, file, cwd: dir, portable: true }, fs.readdirSync(dir).sort());
      return file;
    }
    const editManifest = (edit: (manifest: Record<string, unknown>) => void) => (dir: string) => {
      const file = path.join(dir, 'kwarta-backup.json');
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      edit(manifest);
      fs.writeFileSync(file, JSON.stringify(manifest, null, 2));
    };
    const tableLess = await altered(
      'table-less',
      editManifest((manifest) => (manifest.tables = {})),
    );
    const unsigned = await altered('unsigned', (dir) => fs.rmSync(path.join(dir, 'kwarta-backup.hmac')));
    const otherDatabase = await altered('other-database', (dir) => {
      const db = new SQLite(path.join(dir, 'kwarta.sqlite'));
      db.prepare(
        "UPDATE borrowers SET full_name = 'Mallory' WHERE id = (SELECT MIN(id) FROM borrowers)",
      ).run();
      db.close();
    });
    for (const [file, problem] of [
      [tableLess, /has been altered: its manifest does not match its signature/],
      [unsigned, /has no kwarta-backup\.hmac: its manifest is not signed/],
      [otherDatabase, /kwarta\.sqlite differs from the backup's/],
    ] as const) {
      const into = path.join(work, `never-${path.basename(file)}`);
      const refused = await failure(cli('restore', '--from', file, '--data-dir', into));
      expect(refused.code, file).toBe(1);
      expect(refused.stderr, file).toMatch(problem);
      expect(fs.existsSync(into), file).toBe(false);
    }

    // Where ACCOUNT_KEY is set (production), only that key signs: not the key an archive carries.
    const elsewhere = await failure(
      run(
        process.execPath,
        [
          '--import',
          'tsx',
          'server/src/cli/restore.ts',
          '--from',
          archive,
          '--data-dir',
          path.join(work, 'never-other-key'),
        ],
        {
          cwd: repoRoot,
          env: cliEnv(t, { ACCOUNT_KEY: randomBytes(32).toString('base64') }),
        },
      ),
    );
    expect(elsewhere.stderr).toMatch(/is signed with the account key k[0-9a-f]{12}: set ACCOUNT_KEY/);
    const restored = path.join(work, 'restored-signed');
    const own = fs.readFileSync(path.join(t.config.dataDir, 'account-key'), 'utf8').trim();
    const ok = await run(
      process.execPath,
      ['--import', 'tsx', 'server/src/cli/restore.ts', '--from', archive, '--data-dir', restored],
      { cwd: repoRoot, env: cliEnv(t, { ACCOUNT_KEY: own }) },
    );
    expect(ok.stdout).toMatch(/its record checked with ACCOUNT_KEY\./);
    expect(fs.statSync(restored).mode & 0o777).toBe(0o700);
  }, 60_000);

  it('with DATABASE_URL prints the pg_dump and pg_restore commands instead and exits 2', async () => {
    const postgres = await failure(
      run(process.execPath, ['--import', 'tsx', 'server/src/cli/backup.ts', '--to', 'x.dump'], {
        cwd: repoRoot,
        env: cliEnv(t, { DATABASE_URL: 'postgres://kwarta:secret@db.example:5432/kwarta' }),
      }),
    );
    expect(postgres.code).toBe(2);
    expect(postgres.stderr).toContain('pg_dump -Fc --no-owner -f "x.dump" "$DATABASE_URL"');
    expect(postgres.stderr).toContain('pg_restore --no-owner -d');
    // The URL (and its password) stays in the environment, out of the terminal's history.
    expect(postgres.stderr).not.toContain('secret');
  }, 30_000);
});

async function readManifest(archive: string): Promise<BackupManifest> {
  const { extractArchive } = await import('../../src/cli/backup-archive.ts');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-manifest-'));
  try {
    return (await extractArchive(archive, dir, new Map())).manifest;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function sqliteCounts(file: string): Record<string, number> {
  const db = new SQLite(file, { readonly: true });
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[];
    return Object.fromEntries(
      tables.map((name) => [name, db.prepare(`SELECT COUNT(*) FROM "${name}"`).pluck().get() as number]),
    );
  } finally {
    db.close();
  }
}
