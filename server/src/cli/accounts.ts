import { parseArgs } from 'node:util';
import { loadCliConfig } from './cli-config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { AccountKeyMissing, loadAccountKeyRing, rotateAccountKey } from '../features/bank-binding/index.ts';
import { audited, rotateTotpSecrets } from '../features/operators/index.ts';
import { systemClock } from '../lib/clock.ts';
import { OPERATOR_USAGE, cliActor, operatorOption } from './cli-actor.ts';
import { runCli } from './run-cli.ts';

const USAGE = `Payment account maintenance (decision 0060).

  npm run accounts -- rotate-key [--operator <name>]

Re-encrypts every payment account number, and every operator's second-factor secret, that is not
under the current ACCOUNT_KEY (a secret stored before sealing is sealed too). To rotate:
set ACCOUNT_KEY to the new key and ACCOUNT_KEYS_RETIRED to the old one (comma-separated if
several), restart the servers, run this, then remove the old key from ACCOUNT_KEYS_RETIRED.
Uses the same DATA_DIR / DATABASE_URL as the server; safe to run again. Each run is written to
the operator audit. ${OPERATOR_USAGE}`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    options: { ...operatorOption, help: { type: 'boolean', default: false } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1 || positionals[0] !== 'rotate-key') {
    console.error(USAGE);
    return 2;
  }
  const config = await loadCliConfig();
  const { db } = createDatabase(config);
  try {
    await migrateToLatest(db);
    const actor = await cliActor(db, values.operator);
    const accountKeys = loadAccountKeyRing(config, (message) => console.warn(message));
    const { reencrypted } = await rotateAccountKey({ db, accountKeys });
    const { resealed } = await rotateTotpSecrets({ db, accountKeys });
    // After the rotation, which re-encrypts in batches of its own: the row says what it came to.
    await audited({ db, clock: systemClock }, actor, async () => ({
      result: undefined,
      audit: {
        action: 'accounts.rotate-key',
        subject: 'accounts',
        before: null,
        after: { keyId: accountKeys.currentId, reencrypted, resealed },
      },
    }));
    console.log(
      `Re-encrypted ${reencrypted} payment account(s) and ${resealed} operator second-factor secret(s) with key ${accountKeys.currentId}.`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof AccountKeyMissing)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await db.destroy();
  }
}

runCli(main);
