import { parseArgs } from 'node:util';
import {
  decisionReasonCodes,
  describeModelError,
  formatAmount,
  isCalendarDate,
  validateDecisionModel,
} from '@kwarta/domain';
import { loadCliConfig } from './cli-config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { decidingModels, formatSimulation, simulateModels } from '../features/credit-decisions/index.ts';
import { systemClock } from '../lib/clock.ts';
import { CliRefusal, readInputFile, runCli } from './run-cli.ts';

const USAGE = `npm run decide -- simulate --model FILE --from YYYY-MM-DD --to YYYY-MM-DD [--json]

Decides every application of the period (lender days) again with the active credit model and with
the draft in FILE (JSON), and prints side by side: approval rate, reasons, average limit, and for
the loans that were disbursed what became of them (PAR30, written off) under each model. Nothing
is saved or activated (decision 0109).`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      model: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return void console.log(USAGE);
  if (positionals[0] !== 'simulate') throw new CliRefusal('Say what to do: simulate.');
  if (!values.model) throw new CliRefusal('--model FILE is needed.');
  if (!isCalendarDate(values.from) || !isCalendarDate(values.to)) {
    throw new CliRefusal('--from and --to are lender days, YYYY-MM-DD.');
  }
  let body: unknown;
  try {
    body = JSON.parse((await readInputFile(values.model)).toString('utf8'));
  } catch (error) {
    if (error instanceof CliRefusal) throw error;
    throw new CliRefusal(`${values.model} is not JSON: ${(error as Error).message}`);
  }
  const validation = validateDecisionModel(body, decisionReasonCodes);
  if (!validation.ok) {
    throw new CliRefusal(
      `${values.model} is not a valid model:\n${validation.errors.map(describeModelError).join('\n')}`,
    );
  }
  const config = await loadCliConfig();
  const { db } = createDatabase(config);
  try {
    await migrateToLatest(db);
    const deps = { db, clock: systemClock, config };
    const { active } = await decidingModels(db, systemClock.now());
    const simulation = await simulateModels(deps, {
      models: [
        { name: `active: ${active.name} (${active.versionHash.slice(0, 12)})`, compiled: active.compiled },
        { name: `draft: ${validation.compiled.model.name}`, compiled: validation.compiled },
      ],
      from: values.from,
      to: values.to,
    });
    console.log(
      values.json ? JSON.stringify(simulation, null, 2) : formatSimulation(simulation, formatAmount),
    );
  } finally {
    await db.destroy();
  }
}

runCli(main, { usage: USAGE });
