import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  MANIFEST_FILE,
  MANIFEST_MAC_FILE,
  accountKeysOf,
  extractArchive,
  verifyRestored,
} from './backup-archive.ts';
import { formatLenderTime } from '@kwarta/domain';
import { loadLenderTimeZone } from '../config.ts';
import { runCli } from './run-cli.ts';

const USAGE = `npm run restore -- --from FILE [--data-dir DIR]
    restores a backup of npm run backup into DIR (default: DATA_DIR, else ./data), which must be
    empty or absent; the backup's record is checked against its signature (ACCOUNT_KEY, or
    ACCOUNT_KEYS_RETIRED, of the server that made it; a development or sandbox backup without
    them is checked with the key it carries), then the database and every upload against the
    record, before DIR is filled. Then start the server with DATA_DIR=DIR.`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      from: { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.from) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const archive = path.resolve(values.from);
  if (!fs.existsSync(archive)) {
    console.error(`No backup at ${archive}.`);
    return 1;
  }
  // Only the directory is needed: a restore runs on a machine that may have no configuration yet.
  const dataDir = path.resolve(values['data-dir'] ?? (process.env.DATA_DIR || './data'));
  const present = fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : [];
  if (present.length > 0) {
    console.error(
      `${dataDir} is not empty (${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}): ` +
        'a restore never mixes a backup with other data. Restore into an empty or new directory (--data-dir).',
    );
    return 1;
  }

  // Unpacked and checked beside the target, then moved in whole: a bad archive leaves it untouched.
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const unpacked = fs.mkdtempSync(path.join(path.dirname(dataDir), '.kwarta-restore-'));
  try {
    let manifest, checkedWith;
    try {
      ({ manifest, checkedWith } = await extractArchive(archive, unpacked, accountKeysOf(process.env)));
    } catch (error) {
      console.error(
        `Cannot read ${archive} as a backup: ${error instanceof Error ? error.message : String(error)}`,
      );
      return 1;
    }
    const problems = verifyRestored(unpacked, manifest);
    if (problems.length > 0) {
      console.error(
        `The backup ${archive} does not restore faithfully; nothing was restored:\n  ${problems.join('\n  ')}`,
      );
      return 1;
    }
    fs.rmSync(path.join(unpacked, MANIFEST_FILE));
    fs.rmSync(path.join(unpacked, MANIFEST_MAC_FILE));
    if (fs.existsSync(dataDir)) fs.rmdirSync(dataDir);
    fs.renameSync(unpacked, dataDir);
    const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
    console.log(
      `Restored the backup of ${formatLenderTime(manifest.createdAt, loadLenderTimeZone())} into ${dataDir}: ${Object.keys(manifest.tables).length} tables ` +
        `(${rows} rows, as recorded)` +
        (manifest.uploads
          ? ` and ${manifest.uploads.length} uploads (checked)`
          : ', uploads are in the bucket') +
        (manifest.accountKey ? ', and the generated account key' : '') +
        `; its record checked with ${checkedWith}.`,
    );
    return 0;
  } finally {
    fs.rmSync(unpacked, { recursive: true, force: true });
  }
}

runCli(main);
