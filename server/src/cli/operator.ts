import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { isOperatorRole, operatorRoles } from '@kwarta/contract';
import { loadCliConfig } from './cli-config.ts';
import { shownBrandName } from '../features/brand/index.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { systemClock } from '../lib/clock.ts';
import {
  changeOperatorAudited,
  createOperatorAudited,
  findOperatorByName,
  newPasswordHash,
  OperatorChangeRefused,
  removeTotpAudited,
  resetOperatorPasswordAudited,
  setUpTotpAudited,
  totpUri,
} from '../features/operators/index.ts';
import { loadAccountKeyRing } from '../features/bank-binding/index.ts';
import { OPERATOR_USAGE, cliActor, operatorOption } from './cli-actor.ts';
import { runCli } from './run-cli.ts';

const USAGE = `Console operators (the first admin, password resets, the second factor).

  npm run operator -- create   --name <name> --role <${operatorRoles.join('|')}> [--password-stdin] [--operator <name>]
  npm run operator -- password --name <name> [--password-stdin] [--operator <name>]
  npm run operator -- totp     --name <name> [--operator <name>]  (sets up a TOTP second factor; prints its secret)
  npm run operator -- totp-off --name <name> [--operator <name>]
  npm run operator -- disable  --name <name> [--operator <name>]

Each change is written to the operator audit as the console writes it. ${OPERATOR_USAGE}

Without --password-stdin a random password is made and printed once. Passwords are stored as
scrypt hashes (N=2^17, r=8, p=1); second-factor secrets are sealed with ACCOUNT_KEY. Uses the same
DATA_DIR / DATABASE_URL (and ACCOUNT_KEY) as the server.`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: {
      name: { type: 'string' },
      role: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      ...operatorOption,
      help: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  const action = positionals[0];
  if (values.help || !action) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const name = values.name?.trim() ?? '';
  if (!name) {
    console.error(`--name is required.\n\n${USAGE}`);
    return 2;
  }
  // The length rule is the console's too: newPasswordHash (the use case both call) checks it.
  const newPassword = async () => {
    const password = values['password-stdin'] ? await readStdin() : randomBytes(12).toString('base64url');
    return { password, passwordHash: await newPasswordHash(password), shown: !values['password-stdin'] };
  };

  const config = await loadCliConfig();
  const { db } = createDatabase(config);
  try {
    await migrateToLatest(db);
    const deps = { db, clock: systemClock };
    const actor = await cliActor(db, values.operator);
    if (action === 'create') {
      if (!isOperatorRole(values.role)) {
        console.error(`--role must be one of ${operatorRoles.join(', ')}.`);
        return 2;
      }
      const { password, passwordHash, shown } = await newPassword();
      const created = await createOperatorAudited(deps, actor, { name, role: values.role, passwordHash });
      console.log(`Operator ${name} (${values.role}) created with id ${created.id}.`);
      if (shown) console.log(`Password (shown once): ${password}`);
      return 0;
    }
    const operator = await findOperatorByName(db, name);
    if (!operator) {
      console.error(`There is no operator named ${name}.`);
      return 1;
    }
    switch (action) {
      case 'password': {
        const { password, passwordHash, shown } = await newPassword();
        await resetOperatorPasswordAudited(deps, actor, { operatorId: operator.id, passwordHash });
        console.log(
          shown ? `New password for ${name} (shown once): ${password}` : `Password of ${name} changed.`,
        );
        return 0;
      }
      case 'totp': {
        // Sealed with the key ring of the payment accounts (ACCOUNT_KEY), like the server reads it.
        let accountKeys;
        try {
          accountKeys = loadAccountKeyRing(config, (message) => console.warn(message));
        } catch (error) {
          // Production without ACCOUNT_KEY: the server could not read the secret either.
          console.error(error instanceof Error ? error.message : String(error));
          return 1;
        }
        const secret = await setUpTotpAudited({ ...deps, accountKeys }, actor, operator);
        console.log(
          `Second factor set for ${name}. Add it to an authenticator app:\n  secret ${secret}\n  ${totpUri(secret, name, `${await shownBrandName({ db, config })} console`)}`,
        );
        return 0;
      }
      case 'totp-off':
        await removeTotpAudited(deps, actor, operator);
        console.log(`Second factor of ${name} removed.`);
        return 0;
      case 'disable':
        await changeOperatorAudited(deps, actor, { operatorId: operator.id, disabled: true });
        console.log(`Operator ${name} disabled; their sessions ended.`);
        return 0;
      default:
        console.error(`Unknown action ${action}.\n\n${USAGE}`);
        return 2;
    }
  } finally {
    await db.destroy();
  }
}

runCli(main, { refusals: [OperatorChangeRefused] });
