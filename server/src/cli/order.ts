import { parseArgs } from 'node:util';
import { loadCliConfig } from './cli-config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { systemClock } from '../lib/clock.ts';
import { loadAccountKeyRing } from '../features/bank-binding/index.ts';
import { createPayoutGateway, disburseOrderAudited } from '../features/disbursement/index.ts';
import { TransitionRefused, writeOffAudited } from '../features/orders/index.ts';
import { decideOrderAudited } from '../features/console/index.ts';
import { OPERATOR_USAGE, cliActor, operatorOption, type CliActor } from './cli-actor.ts';
import { outputFormat } from '../lib/output-format.ts';
import type { Config } from '../config.ts';
import { runCli } from './run-cli.ts';
import { approvalNeeded, proposeMoneyAction, type ApprovalDeps } from '../features/approvals/index.ts';
import { Refusal } from '../lib/refusal.ts';
import type { OperatorRole } from '@kwarta/contract';

const USAGE = `Moves an order through the lender's decisions (as the console's order page does).

  npm run order -- approve  --order <id> [--reason "..."] [--operator <name>]
  npm run order -- reject   --order <id> --reason "..." [--operator <name>]
  npm run order -- disburse --order <id> [--reason "..."] [--operator <name>]
  npm run order -- write-off --order <id> --reason "..." --operator <admin>

approve 21 → 151, reject 21 → 110, disburse 151 → 170: pays the principal out to the borrower's
default payment account (the sandbox payout fails for account numbers ending in 0000, and the
order page then asks the borrower to bind another) and fixes the disbursement, due and plan dates. Each move is checked against the status table and recorded in the order's history.
write-off (170/174/180 → 190, admin only): clears what the order still owes into the write-off
expense in the ledger and moves it to 190 Written off (no more penalty, no extension, out of
collections; later payments book as recoveries); recorded in the order's history and the operator
audit with the reason and the amounts.
disburse and write-off keep the console's maker-checker (decision 0110): at or below their
approval threshold (APPROVAL_THRESHOLDS) they apply at once; above it, with --operator naming one
allowed to propose it, they become the same approval request the console makes, applied only when
another operator approves it in the console (Approvals); without --operator they are refused.
Each move is written to the operator audit as the console writes it. ${OPERATOR_USAGE}
Uses the same DATA_DIR / DATABASE_URL as the server.`;

const actions = { approve: 'order.approve', reject: 'order.reject' } as const;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: {
      order: { type: 'string' },
      reason: { type: 'string' },
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

  const config = await loadCliConfig();
  const { db } = createDatabase(config);
  try {
    await migrateToLatest(db);
    const deps = { db, clock: systemClock, config };
    const actor = await cliActor(db, values.operator);
    const input = { orderId, reason: values.reason ?? '' };
    if (action === 'disburse' || action === 'write-off') {
      // Only a payout opens the account numbers and pays, so only it needs their key and a provider.
      const moneyDeps = {
        ...deps,
        accountKeys: loadAccountKeyRing(config, (message) => console.warn(message)),
        payouts: createPayoutGateway(config, systemClock),
      };
      const kind = action === 'disburse' ? 'disbursement' : 'write_off';
      const check = await approvalNeeded(moneyDeps, kind, input);
      if (check.needed) return await proposeForApproval(moneyDeps, actor, kind, input, check);
      if (action === 'write-off') return await writeOff(deps, actor, input);
      const order = await disburseOrderAudited(moneyDeps, actor, input);
      console.log(`Order ${order.id} is now in status ${order.status}.`);
      return 0;
    }
    const order = await decideOrderAudited(deps, actor, actions[action], input);
    console.log(`Order ${order.id} is now in status ${order.status}.`);
    return 0;
  } catch (error) {
    if (!(error instanceof TransitionRefused) && !(error instanceof Refusal)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await db.destroy();
  }
}

/**
 * Above its threshold a disbursement or write-off from the terminal is the console's approval
 * request, proposed by the operator at the terminal; a second operator approves it in the console.
 * The command line alone (no --operator) is no one another operator could check, so it is refused.
 */
async function proposeForApproval(
  deps: ApprovalDeps,
  actor: CliActor,
  action: 'disbursement' | 'write_off',
  input: { orderId: number; reason: string },
  check: { amount: number; threshold: number },
): Promise<number> {
  const { money } = outputFormat(deps.config);
  const above = `${action === 'disbursement' ? 'Paying out' : 'Writing off'} order ${input.orderId} (${money(check.amount)}) is above the approval threshold of ${money(check.threshold)}`;
  if (actor.role === null) {
    console.error(
      `${above}: it needs a second operator. Run it again with --operator <name> to propose it for approval, or propose it in the console.`,
    );
    return 1;
  }
  const outcome = await proposeMoneyAction(
    deps,
    { id: actor.id, name: actor.name, role: actor.role as OperatorRole },
    action,
    input,
  );
  if (outcome.status === 'applied') return 0;
  console.log(
    `${above}: proposed as approval request ${outcome.request.id}. Nothing is applied until another operator approves it in the console (Approvals).`,
  );
  return 0;
}

/** Only an enabled admin may write an order off; the audit keeps who, why and how much. */
async function writeOff(
  deps: Parameters<typeof writeOffAudited>[0] & { config: Config },
  actor: CliActor,
  input: { orderId: number; reason: string },
): Promise<number> {
  if (actor.role !== 'admin') {
    console.error(`Writing off needs --operator naming an enabled admin; "${actor.name}" is not one.`);
    return 1;
  }
  const { order, owed, writtenOff } = await writeOffAudited(deps, actor, input);
  const { money } = outputFormat(deps.config);
  console.log(
    `Order ${order.id} written off: ${money(writtenOff)} (principal ${money(owed.principal)}, interest ${money(owed.interest)}, fees ${money(owed.fees)}, penalty ${money(owed.penalty)}).`,
  );
  return 0;
}

runCli(main);
