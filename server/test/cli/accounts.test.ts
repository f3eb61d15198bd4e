import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@kwarta/contract';
import { cliEnv, createTestApp, type TestApp } from '../support/test-app.ts';
import { callEndpoint, demoSession } from '../support/api.ts';
import { accountKeyId, createAccountKeyRing } from '../../src/features/bank-binding/index.ts';
import { createOperator, openTotpSecret, setUpTotp } from '../../src/features/operators/index.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('npm run accounts -- rotate-key', () => {
  let t: TestApp;
  const accounts = (env: Record<string, string>, ...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'server/src/cli/accounts.ts', ...args], {
      cwd: repoRoot,
      env: cliEnv(t, env),
    });

  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { MARKET: 'spec' } });
    const session = await demoSession(t.app);
    const product = await t.app.db
      .selectFrom('products')
      .select('id')
      .where('clickable', '=', 1)
      .executeTakeFirstOrThrow();
    const bound = await callEndpoint(t.app, endpoints.bindCardNew, {
      session,
      body: {
        product_id: String(product.id),
        cardType: '1',
        channel: '90006',
        holderName: 'Juan Dela Cruz',
        bankCode: 'ICBC',
        cardNo: '6222021234567890123',
      },
    });
    expect(bound.envelope?.code).toBe('00');
  });
  afterAll(() => t.close());

  /** An operator with a second factor sealed under the server's key, and one stored before sealing. */
  async function operatorsWithSecondFactors() {
    const now = new Date();
    const sealedId = await createOperator(t.app.db, { name: 'totp-sealed', role: 'viewer', now });
    const sealedSecret = await setUpTotp(t.app, sealedId);
    const plainId = await createOperator(t.app.db, { name: 'totp-plain', role: 'viewer', now });
    const plainSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await t.app.db
      .updateTable('operators')
      .set({ totp_secret: plainSecret })
      .where('id', '=', plainId)
      .execute();
    return [
      { id: sealedId, secret: sealedSecret },
      { id: plainId, secret: plainSecret },
    ];
  }
  const storedSecret = async (id: number) =>
    (
      await t.app.db
        .selectFrom('operators')
        .select('totp_secret')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).totp_secret!;

  it('moves every row to the new key; without the old key it names the key it lacks', async () => {
    const secondFactors = await operatorsWithSecondFactors();
    const oldKey = fs.readFileSync(path.join(t.config.dataDir, 'account-key'), 'utf8').trim();
    const newKey = randomBytes(32).toString('base64');
    const newerKey = randomBytes(32).toString('base64');

    // The old key removed too early: refused, naming the key id, nothing changed.
    await expect(accounts({ ACCOUNT_KEY: newKey }, 'rotate-key')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(accountKeyId(Buffer.from(oldKey, 'base64'))),
    });

    const { stdout } = await accounts({ ACCOUNT_KEY: newKey, ACCOUNT_KEYS_RETIRED: oldKey }, 'rotate-key');
    const newKeyId = accountKeyId(Buffer.from(newKey, 'base64'));
    expect(stdout).toContain(
      // The one bound here and the demo borrower's seeded one.
      `Re-encrypted 2 payment account(s) and 2 operator second-factor secret(s) with key ${newKeyId}`,
    );
    const rows = await t.app.db.selectFrom('payment_accounts').select('account_key_id').execute();
    expect(rows).toEqual([{ account_key_id: newKeyId }, { account_key_id: newKeyId }]);
    // Both second factors are sealed under the new key now (the plain one too) and open to the same secret.
    const newRing = createAccountKeyRing(Buffer.from(newKey, 'base64'), []);
    for (const { id, secret } of secondFactors) {
      const stored = await storedSecret(id);
      expect(stored.startsWith(`sealed:${newKeyId}:`)).toBe(true);
      expect(stored).not.toContain(secret);
      expect(openTotpSecret(newRing, id, stored)).toBe(secret);
    }

    // A later rotation needs only the key just retired.
    const again = await accounts({ ACCOUNT_KEY: newerKey, ACCOUNT_KEYS_RETIRED: newKey }, 'rotate-key');
    expect(again.stdout).toContain(
      'Re-encrypted 2 payment account(s) and 2 operator second-factor secret(s)',
    );
    await expect(accounts({}, 'nonsense')).rejects.toMatchObject({ code: 2 });
  }, 60_000);
});
