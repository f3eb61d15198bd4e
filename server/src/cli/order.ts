import { parseArgs } from 'node:util';
import { ConfigError, loadCliConfig } from '../config.ts';
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

const USAGE = `Moves an order through the lender's decisions (as the console's order page does).

  npm run order -- approve  --order <id> [--reason "..."] [--operator name]
  npm run order -- reject   --order <id> --reason "..." [--operator name]
  npm run order -- disburse --order <id> [--reason "..."] [--operator name]

approve 21 → 151, reject 21 → 110, disburse 151 → 170: pays the principal out to the borrower's
default payment account (the sandbox payout fails for account numbers ending in 0000, and the
order page then asks the borrower to bind another) and fixes the disbursement, due and plan dates. Each move is checked against the status table and recorded in the order's history.
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
  const action = positionals[0] as keyof typeof actions | 'disburse' | undefined;
  const orderId = Number(values.order);
  if (
    !action ||
    !(action in actions || action === 'disburse') ||
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

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
