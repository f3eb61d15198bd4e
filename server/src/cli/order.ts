import { parseArgs } from 'node:util';
import { loadCliConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { systemClock } from '../lib/clock.ts';
import { loadAccountKeyRing } from '../features/bank-binding/index.ts';
import {
  approveOrder,
  disburseOrder,
  rejectOrder,
  createPayoutGateway,
  TransitionRefused,
} from '../features/orders/index.ts';
import { writeOffAudited } from '../features/console/index.ts';
import { findOperatorByName } from '../features/operators/index.ts';
import { formatAmount } from '@kwarta/domain';
import { runCli } from './run-cli.ts';

const USAGE = `Moves an order through the lender's decisions (as the console's order page does).

  npm run order -- approve  --order <id> [--reason "..."] [--operator name]
  npm run order -- reject   --order <id> --reason "..." [--operator name]
  npm run order -- disburse --order <id> [--reason "..."] [--operator name]
  npm run order -- write-off --order <id> --reason "..." --operator <admin>

approve 21 → 151, reject 21 → 110, disburse 151 → 170: pays the principal out to the borrower's
default payment account (the sandbox payout fails for account numbers ending in 0000, and the
order page then asks the borrower to bind another) and fixes the disbursement, due and plan dates. Each move is checked against the status table and recorded in the order's history.
write-off (170/174/180 → 190, admin only): clears what the order still owes into the write-off
expense in the ledger and moves it to 190 Written off (no more penalty, no extension, out of
collections; later payments book as recoveries); recorded in the order's history and the operator
audit with the reason and the amounts.
Uses the same DATA_DIR / DATABASE_URL as the server.`;

const actions = { approve: approveOrder, reject: rejectOrder } as const;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: {
      order: { type: 'string' },
      reason: { type: 'string' },
      operator: { type: 'string', default: 'cli' },
      help: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const action = positionals[0] as keyof typeof actions | 'disburse' | 'write-off' | undefined;
  const orderId = Number(values.order);
  if (
    !action ||
    !(action in actions || action === 'disburse' || action === 'write-off') ||
    !Number.isSafeInteger(orderId) ||
    orderId <= 0
  ) {
    console.error(`An action and --order <id> are required.\n\n${USAGE}`);
    return 2;
  }

  const config = loadCliConfig();
  const { db } = createDatabase(config);
  try {
    await migrateToLatest(db);
    const deps = { db, clock: systemClock, config };
    const actor = `operator:${values.operator}`;
    if (action === 'write-off') return await writeOff(deps, orderId, values.operator, values.reason ?? '');
    const order =
      action === 'disburse'
        ? // Only a payout opens the account numbers and pays, so only it needs their key and a provider.
          await disburseOrder(
            {
              ...deps,
              accountKeys: loadAccountKeyRing(config, (message) => console.warn(message)),
              payouts: createPayoutGateway(config, systemClock),
            },
            orderId,
            actor,
            values.reason ?? '',
          )
        : await actions[action](deps, orderId, actor, values.reason ?? '');
    console.log(`Order ${order.id} is now in status ${order.status}.`);
    return 0;
  } catch (error) {
    if (!(error instanceof TransitionRefused)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await db.destroy();
  }
}

/** Only an enabled admin may write an order off; the audit keeps who, why and how much. */
async function writeOff(
  deps: Parameters<typeof writeOffAudited>[0],
  orderId: number,
  operatorName: string,
  reason: string,
): Promise<number> {
  const operator = await findOperatorByName(deps.db, operatorName);
  if (!operator || operator.disabled !== 0 || operator.role !== 'admin') {
    console.error(`Writing off needs --operator naming an enabled admin; "${operatorName}" is not one.`);
    return 1;
  }
  const { order, owed, writtenOff } = await writeOffAudited(deps, operator, { orderId, reason });
  console.log(
    `Order ${order.id} written off: ${formatAmount(writtenOff)} (principal ${formatAmount(owed.principal)}, interest ${formatAmount(owed.interest)}, fees ${formatAmount(owed.fees)}, penalty ${formatAmount(owed.penalty)}).`,
  );
  return 0;
}

runCli(main);
