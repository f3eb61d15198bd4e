import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadCliConfig } from './cli-config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { importSanctionsList, SAMPLE_SANCTIONS_LIST } from '../features/identity/index.ts';
import {
  DEFAULT_MATCH_THRESHOLD,
  evaluateScreening,
  parseUnList,
  SanctionsListError,
  type LabelledCase,
} from '../features/sanctions/index.ts';
import { systemClock } from '../lib/clock.ts';
import { CliRefusal, readInputFile, runCli } from './run-cli.ts';

const LABELLED_SET = path.resolve(import.meta.dirname, '../../../examples/sanctions/labelled-names.json');

const USAGE = `Sanctions lists and screening (decision 0108).

  npm run sanctions -- import FILE [--list NAME]
      Imports a list in the UN Security Council consolidated list's XML format (the UN's own
      file, or a local list written in the same shape) under NAME (default: un), replacing
      that list's previous import, then screens every borrower with an identity again. A
      borrower newly found a possible match is held for a compliance officer.
  npm run sanctions -- evaluate [--threshold N]
      Screens the labelled set in examples/sanctions/labelled-names.json against the sample
      list and prints precision and recall for a range of thresholds and the one configured.

Uses the same DATA_DIR / DATABASE_URL as the server.`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    options: {
      list: { type: 'string', default: 'un' },
      threshold: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [command, file] = positionals;
  if (command === 'evaluate' && positionals.length === 1) return evaluate(values.threshold);
  if (command !== 'import' || !file || positionals.length !== 2) {
    console.error(USAGE);
    return 2;
  }
  if (!/^[a-z0-9-]{1,40}$/.test(values.list))
    throw new CliRefusal('--list: 1-40 lowercase letters, digits or dashes');
  const xml = (await readInputFile(file)).toString('utf8');
  const config = await loadCliConfig();
  const { db } = createDatabase(config);
  try {
    await migrateToLatest(db);
    const result = await importSanctionsList(
      { db, now: systemClock.now(), threshold: config.identity.matchThreshold },
      { listName: values.list, xml },
    );
    console.log(
      `Imported ${result.entries} listed individual(s) into list "${values.list}"; screened ${result.screened} borrower(s), ${result.held} newly held for review.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof SanctionsListError) throw new CliRefusal(`${file}: ${error.message}`);
    throw error;
  } finally {
    await db.destroy();
  }
}

function evaluate(threshold: string | undefined): number {
  const configured = threshold === undefined ? DEFAULT_MATCH_THRESHOLD : Number(threshold);
  if (!(configured >= 0.5 && configured <= 1)) throw new CliRefusal('--threshold: a number from 0.5 to 1');
  const list = parseUnList(fs.readFileSync(SAMPLE_SANCTIONS_LIST, 'utf8'));
  const cases = (JSON.parse(fs.readFileSync(LABELLED_SET, 'utf8')) as { cases: LabelledCase[] }).cases;
  const positives = cases.filter((labelled) => labelled.expected !== null).length;
  console.log(
    `Labelled set: ${cases.length} names (${positives} listed, ${cases.length - positives} must not match), ${list.length} listed individuals.`,
  );
  console.log('threshold  precision  recall');
  const sweep = [0.8, 0.85, 0.88, 0.9, 0.92, 0.93, 0.94, 0.95, 0.96, 0.97, 0.98];
  for (const at of [...new Set([...sweep, configured])].sort()) {
    const result = evaluateScreening(list, cases, at);
    const mark = at === configured ? '  <- chosen' : '';
    console.log(
      `${at.toFixed(2).padStart(9)}  ${result.precision.toFixed(3).padStart(9)}  ${result.recall.toFixed(3).padStart(6)}${mark}`,
    );
  }
  const chosen = evaluateScreening(list, cases, configured);
  for (const miss of chosen.misses) {
    console.log(
      `  wrong at ${configured}: ${miss.case.kind} "${miss.case.name}" → ${miss.got.join(', ') || 'no match'} (expected ${miss.case.expected ?? 'no match'})`,
    );
  }
  return 0;
}

runCli(main);
