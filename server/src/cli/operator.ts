import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { isOperatorRole, operatorRoles } from '@kwarta/contract';
import { ConfigError, loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import {
  createOperator,
  findOperatorByName,
  hashPassword,
  newTotpSecret,
  totpUri,
} from '../features/operators/index.ts';

const USAGE = `Console operators (the first admin, password resets, the second factor).

  npm run operator -- create   --name <name> --role <${operatorRoles.join('|')}> [--password-stdin]
  npm run operator -- password --name <name> [--password-stdin]
  npm run operator -- totp     --name <name>     (sets up a TOTP second factor; prints its secret)
  npm run operator -- totp-off --name <name>
  npm run operator -- disable  --name <name>

Without --password-stdin a random password is made and printed once. Passwords are stored as
scrypt hashes (N=2^17, r=8, p=1). Uses the same DATA_DIR / DATABASE_URL as the server.`;

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
  const newPassword = async () => {
    const password = values['password-stdin'] ? await readStdin() : randomBytes(12).toString('base64url');
    if (password.length < 12) throw new ConfigError('A password has at least 12 characters.');
    return { password, shown: !values['password-stdin'] };
  };

  const config = loadConfig();
  const { db } = createDatabase(config);
  try {
    await migrateToLatest(db);
    const now = new Date();
    if (action === 'create') {
      if (!isOperatorRole(values.role)) {
        console.error(`--role must be one of ${operatorRoles.join(', ')}.`);
        return 2;
      }
      if (await findOperatorByName(db, name)) {
        console.error(`An operator named ${name} exists already.`);
        return 1;
      }
      const { password, shown } = await newPassword();
      const id = await createOperator(db, {
        name,
        role: values.role,
        now,
        passwordHash: await hashPassword(password),
      });
      console.log(`Operator ${name} (${values.role}) created with id ${id}.`);
      if (shown) console.log(`Password (shown once): ${password}`);
      return 0;
    }
    const operator = await findOperatorByName(db, name);
    if (!operator) {
      console.error(`There is no operator named ${name}.`);
      return 1;
    }
    const update = (set: { password_hash?: string; totp_secret?: string | null; disabled?: number }) =>
      db.updateTable('operators').set(set).where('id', '=', operator.id).execute();
    // Any change of credentials ends the operator's open sessions.
    const endSessions = () =>
      db.deleteFrom('operator_sessions').where('operator_id', '=', operator.id).execute();
    switch (action) {
      case 'password': {
        const { password, shown } = await newPassword();
        await update({ password_hash: await hashPassword(password) });
        await endSessions();
        console.log(
          shown ? `New password for ${name} (shown once): ${password}` : `Password of ${name} changed.`,
        );
        return 0;
      }
      case 'totp': {
        const secret = newTotpSecret();
        await update({ totp_secret: secret });
        await endSessions();
        console.log(
          `Second factor set for ${name}. Add it to an authenticator app:\n  secret ${secret}\n  ${totpUri(secret, name)}`,
        );
        return 0;
      }
      case 'totp-off':
        await update({ totp_secret: null });
        console.log(`Second factor of ${name} removed.`);
        return 0;
      case 'disable':
        await update({ disabled: 1 });
        await endSessions();
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

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
