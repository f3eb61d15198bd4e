import { parseArgs } from 'node:util';
import { loadCliConfig } from './cli-config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import {
  checkLedger,
  emptyRebuildReport,
  rebuildLedger,
  type RebuildReport,
} from '../features/ledger-rebuild/index.ts';
import { audited } from '../features/operators/index.ts';
import { systemClock } from '../lib/clock.ts';
import { OPERATOR_USAGE, cliActor, operatorOption } from './cli-actor.ts';
import { outputFormat, type OutputFormat } from '../lib/output-format.ts';
import { runCli } from './run-cli.ts';

const USAGE = `The ledger's migration of what exists (decision 0099).

  npm run ledger -- rebuild [--check] [--operator <name>]
      books every order's history that the journal lacks (payout attempts, daily penalty
      accruals, payments held, applied and returned; what was paid or paid out with no record of
      how goes through the cash:pre-ledger account), under the live posting's event keys, so a
      second run books nothing. Then proves the journal equals today's balances: each order's
      receivables against its plan lines and penalty, each provider's cash against its payments,
      payouts and returns.
  --check  books nothing: only the proof.
A rebuild that books is written to the operator audit. ${OPERATOR_USAGE}

Prints a summary; exit status 1 on any difference (each is listed), 2 for a bad call.
Uses the same DATA_DIR / DATABASE_URL as the server.`;

function summary(report: RebuildReport, booked: boolean, format: OutputFormat): string {
  const lines = [
    booked
      ? `Booked ${report.entries} entries for ${report.rebuilt} orders from their history.`
      : 'Check only: nothing booked.',
    `Through cash:pre-ledger (no record of how): paid out ${format.money(report.preLedgerOut)}, received ${format.money(report.preLedgerIn)}.`,
    `Checked ${report.checkedOrders} orders and every provider's cash.`,
  ];
  if (report.differences.length === 0) lines.push('The journal equals today’s balances.');
  else {
    lines.push(`${report.differences.length} differences:`);
    for (const difference of report.differences) {
      lines.push(
        `  ${difference.what}: ledger ${format.money(difference.ledger)}, records ${format.money(difference.records)}`,
      );
    }
  }
  return lines.join('\n');
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: {
      check: { type: 'boolean', default: false },
      ...operatorOption,
      help: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals[0] !== 'rebuild' || positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  const config = await loadCliConfig();
  const { db } = createDatabase(config);
  try {
    await migrateToLatest(db);
    const deps = { db, config, payoutProvider: config.payouts.provider };
    const actor = await cliActor(db, values.operator);
    const report = values.check ? emptyRebuildReport() : await rebuildLedger(deps);
    if (!values.check) {
      await audited({ db, clock: systemClock }, actor, async () => ({
        result: undefined,
        audit: {
          action: 'ledger.rebuild',
          subject: 'ledger',
          before: null,
          after: { entries: report.entries, orders: report.rebuilt },
        },
      }));
    }
    await checkLedger(deps, report);
    console.log(summary(report, !values.check, outputFormat(config)));
    return report.differences.length === 0 ? 0 : 1;
  } finally {
    await db.destroy();
  }
}

runCli(main, { failure: 2 });
