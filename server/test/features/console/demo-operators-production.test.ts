import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, endpoints, operatorRoles } from '@kwarta/contract';
import { attemptConsoleSignIn, callConsole, consoleSignedIn } from '../../support/console.ts';
import {
  createTestApp,
  databaseTargets,
  productionEssentials,
  type TestApp,
} from '../../support/test-app.ts';
import { DEMO_OPERATOR_PASSWORD } from '../../../src/features/operators/index.ts';

/**
 * Decision 0091: a development database reused in production. Its demo operators (README, a
 * public password) are disabled at the production boot; an operator made by the CLI signs in.
 */
const PASSWORD = 'correct horse battery';

describe.each(databaseTargets)('demo operators at a production boot (%s)', (target) => {
  let development: TestApp;
  let production: TestApp;
  const logged: string[] = [];
  const run = promisify(execFile);

  beforeAll(async () => {
    development = await createTestApp(target, { env: { APP_ENV: 'development', SEED_DEMO: 'yes' } });
  });
  afterAll(async () => {
    await production?.close();
    await development.close();
  });

  /** `npm run operator -- create` against the development database, the password on stdin. */
  async function createWithCli(name: string) {
    const args = ['create', '--name', name, '--role', 'admin', '--password-stdin'];
    const child = run(process.execPath, ['--import', 'tsx', 'server/src/cli/operator.ts', ...args], {
      cwd: path.resolve(import.meta.dirname, '../../../..'),
      env: {
        ...process.env,
        APP_ENV: 'development',
        DATA_DIR: development.config.dataDir,
        DATABASE_URL: development.config.databaseUrl ?? '',
        REDIS_URL: '',
      },
    });
    child.child.stdin!.end(`${PASSWORD}\n`);
    await child;
  }

  it(
    'disables the demo operators still on the demo password and ends their sessions; real operators sign in',
    { timeout: 60_000 },
    async () => {
      const demo = await consoleSignedIn(development.app, {
        name: 'demo-finance',
        password: DEMO_OPERATOR_PASSWORD,
        address: '198.51.100.70',
      });
      await createWithCli('ana');

      production = await createTestApp(target, {
        sameDatabaseAs: development,
        env: { ...productionEssentials(), APP_ENV: 'production', LOG_LEVEL: 'warn' },
        logStream: { write: (line) => logged.push(line) },
      });
      const refused = await attemptConsoleSignIn(production.app, {
        name: 'demo-finance',
        password: DEMO_OPERATOR_PASSWORD,
        address: '198.51.100.71',
      });
      expect(refused.status).toBe(401);
      expect(refused.envelope?.message).toBe(messages.consoleSignInFailed);
      expect((await callConsole(production.app, demo, endpoints.consoleMe, {}, false)).status).toBe(401);
      await consoleSignedIn(production.app, { name: 'ana', password: PASSWORD, address: '198.51.100.72' });

      const demoRows = await production.app.db
        .selectFrom('operators')
        .select(['name', 'disabled'])
        .where('name', 'like', 'demo-%')
        .execute();
      // One per role.
      expect(demoRows).toHaveLength(operatorRoles.length);
      expect(demoRows.every((row) => row.disabled === 1)).toBe(true);
      const warning = logged
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .find((line) => line.msg.includes('demo operators'));
      expect(warning?.level).toBe(40);
      expect(warning?.msg).toContain('demo-finance');
    },
  );
});

/**
 * Decision 0101: the demo operators' password is published, so they exist only for development on a
 * loopback listener; served where others reach it, development neither seeds them nor lets a
 * seeded one sign in (and needs a cashier secret of its own, config.test.ts).
 */
describe.each(databaseTargets)('demo operators off a loopback listener (%s)', (target) => {
  it('are not seeded, and those a loopback start seeded are disabled', { timeout: 60_000 }, async () => {
    const loopback = await createTestApp(target, { env: { APP_ENV: 'development', SEED_DEMO: 'yes' } });
    let exposed: TestApp | undefined;
    try {
      const fresh = await createTestApp(target, {
        env: { APP_ENV: 'development', SEED_DEMO: 'yes', HOST: '0.0.0.0' },
      });
      try {
        const refused = await attemptConsoleSignIn(fresh.app, {
          name: 'demo-admin',
          password: DEMO_OPERATOR_PASSWORD,
          address: '198.51.100.80',
        });
        expect(refused.status).toBe(401);
        expect(
          await fresh.app.db.selectFrom('operators').select('name').where('name', 'like', 'demo-%').execute(),
        ).toEqual([]);
      } finally {
        await fresh.close();
      }

      exposed = await createTestApp(target, { sameDatabaseAs: loopback, env: { HOST: '0.0.0.0' } });
      const refused = await attemptConsoleSignIn(exposed.app, {
        name: 'demo-admin',
        password: DEMO_OPERATOR_PASSWORD,
        address: '198.51.100.81',
      });
      expect(refused.status).toBe(401);
    } finally {
      await exposed?.close();
      await loopback.close();
    }
  });
});
