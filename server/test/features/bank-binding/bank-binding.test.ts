import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fillMessage, messages, endpoints } from '@kwarta/contract';
import { callEndpoint } from '../../support/api.ts';
import { newBorrower, otherBorrower } from '../../support/borrowers.ts';
import { DEMO_PHONES } from '../../../src/db/seed.ts';
import { CARD_NO, cardForm, phBankAccount, phWallet } from '../../support/payment-accounts.ts';
import {
  createTestApp,
  databaseTargets,
  productionEssentials,
  type TestApp,
} from '../../support/test-app.ts';
import { ConfigError, loadConfig } from '../../../src/config.ts';
import {
  accountKeyId,
  defaultPayoutAccount,
  loadAccountKeyRing,
  rotateAccountKey,
} from '../../../src/features/bank-binding/index.ts';

async function offeredProductId(app: TestApp['app']) {
  const product = await app.db
    .selectFrom('products')
    .select('id')
    .where('clickable', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return product.id;
}

// The rows these tests bind: the demo borrower's seeded account is not theirs.
const accountRows = (app: TestApp['app']) =>
  app.db
    .selectFrom('payment_accounts')
    .selectAll()
    .where(
      'borrower_id',
      'not in',
      app.db.selectFrom('borrowers').select('id').where('phone', '=', DEMO_PHONES[app.config.market.id]),
    )
    .orderBy('id')
    .execute();

describe.each(databaseTargets)('payment accounts on %s', (target) => {
  let test: TestApp;
  let session: Record<string, string>;
  let productId: number;
  const logLines: string[] = [];

  beforeEach(async () => {
    logLines.length = 0;
    test = await createTestApp(target, {
      env: { MARKET: 'spec', LOG_LEVEL: 'trace' },
      logStream: { write: (line) => void logLines.push(line) },
    });
    // A borrower of its own: the demo borrower has a seeded account already.
    session = (await newBorrower(test.app, '13900000031')).session;
    productId = await offeredProductId(test.app);
  });
  afterEach(async () => test.close());

  it('sends the form with card type 1 and channel 90006 preselected, and answers a missing product like a foreign one', async () => {
    const { envelope } = await callEndpoint(test.app, endpoints.cardInit, {
      session,
      body: { product_id: String(productId) },
    });
    expect(envelope?.code).toBe('00');
    const data = envelope?.data as { items: unknown[]; current: unknown };
    const items = data.items as { code: string; value: string; channelNumber: string }[];
    expect(items.find((item) => item.code === 'cardType')?.value).toBe('1');
    expect(items.find((item) => item.code === 'channel')?.value).toBe('90006');
    expect(items.find((item) => item.code === 'cardNo')?.channelNumber).toBe('90006');
    expect(data.current).toBeNull();

    const missing = await callEndpoint(test.app, endpoints.cardInit, {
      session,
      body: { product_id: '999999' },
    });
    expect(missing.status).toBe(404);
    expect(missing.envelope?.message).toBe(messages.notFound);
  });

  it('binds an account as the default, keeps the previous one as history, and pays out to the new one', async () => {
    const first = await callEndpoint(test.app, endpoints.bindCardNew, { session, body: cardForm(productId) });
    expect(first.envelope?.code).toBe('00');
    expect((first.envelope?.data as { maskedAccount: string }).maskedAccount).toBe('**** 0123');
    const second = await callEndpoint(test.app, endpoints.bindCardNew, {
      session,
      body: cardForm(productId, {
        channel: '90010',
        cardNo: '',
        accountNo: '1234567890',
        bankCity: 'shanghai',
      }),
    });
    expect(second.envelope?.code).toBe('00');

    const rows = await accountRows(test.app);
    expect(rows.map((row) => row.is_default)).toEqual([0, 1]);
    const payout = await defaultPayoutAccount(test.app, rows[0]!.borrower_id);
    expect(payout).toMatchObject({
      id: (second.envelope?.data as { accountId: number }).accountId,
      accountNumber: '1234567890',
    });
    expect(payout?.maskedAccount).toBe('**** 7890');

    const init = await callEndpoint(test.app, endpoints.cardInit, {
      session,
      body: { product_id: String(productId) },
    });
    expect((init.envelope?.data as { current: unknown }).current).toEqual({
      label: 'Industrial and Commercial Bank of China',
      maskedAccount: '**** 7890',
    });
    expect(JSON.stringify(init.raw)).not.toContain('1234567890');
  });

  it.each([
    [
      'an unknown field code',
      { nickname: 'x' },
      fillMessage(messages.bankFieldUnknown, { code: 'nickname' }),
    ],
    [
      'a field of another channel',
      { accountNo: '1234567890' },
      fillMessage(messages.bankFieldUnknown, { code: 'accountNo' }),
    ],
    [
      'a missing required field',
      { holderName: '' },
      fillMessage(messages.bankFieldRequired, { title: 'Account holder name' }),
    ],
    [
      'letters in a numeric field',
      { cardNo: '62220212345678AB' },
      fillMessage(messages.bankFieldDigits, { title: 'Card number' }),
    ],
    [
      'a value too long',
      { cardNo: '62220212345678901234' },
      fillMessage(messages.bankFieldTooLong, { title: 'Card number', max: 19 }),
    ],
    [
      'a value too short',
      { cardNo: '622202123' },
      fillMessage(messages.bankFieldTooShort, { title: 'Card number', min: 16 }),
    ],
    [
      'an option not in the list',
      { bankCode: 'HSBC' },
      fillMessage(messages.bankFieldOption, { title: 'Bank' }),
    ],
    [
      'a card type not in the list',
      { cardType: '7' },
      fillMessage(messages.bankFieldOption, { title: 'Account type' }),
    ],
    ['a day that is none', { salaryDay: '32' }, fillMessage(messages.bankFieldDay, { title: 'Pay day' })],
  ])('refuses %s with a clear message and stores nothing', async (_name, change, message) => {
    const response = await callEndpoint(test.app, endpoints.bindCardNew, {
      session,
      body: cardForm(productId, change),
    });
    expect(response.status).toBe(400);
    expect(response.envelope?.message).toBe(message);
    expect(await accountRows(test.app)).toEqual([]);
  });

  it('answers 50 parallel bindings of one borrower each, none with a 5xx, leaving exactly one default', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        callEndpoint(test.app, endpoints.bindCardNew, {
          session,
          body: cardForm(productId, { cardNo: `62220212345678${String(index).padStart(5, '0')}` }),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(answers.every((answer) => answer.envelope?.code === '00')).toBe(true);
    const rows = await accountRows(test.app);
    expect(rows).toHaveLength(50);
    expect(rows.filter((row) => row.is_default === 1)).toHaveLength(1);
    // The last to commit is the default: the one with the highest id.
    expect(rows.at(-1)!.is_default).toBe(1);
  });

  it("answers another borrower's or a missing product like a missing one and stores nothing", async () => {
    const other = await otherBorrower(test.app);
    const hidden = await test.app.db
      .selectFrom('products')
      .select('id')
      .where('clickable', '=', 0)
      .executeTakeFirstOrThrow();
    // Only the other borrower holds an order of the product that is no longer offered.
    await test.app.db
      .updateTable('orders')
      .set({ product_id: hidden.id })
      .where('id', '=', other.order.id)
      .execute();
    for (const product of [hidden.id, 999_999]) {
      const response = await callEndpoint(test.app, endpoints.bindCardNew, {
        session,
        body: cardForm(product),
      });
      expect(response.status).toBe(404);
      expect(response.envelope?.message).toBe(messages.notFound);
    }
    expect(await accountRows(test.app)).toEqual([]);
    // Its holder may rebind for it (order details' source=loanDetail).
    const own = await callEndpoint(test.app, endpoints.bindCardNew, {
      session: other.session,
      body: cardForm(hidden.id),
    });
    expect(own.envelope?.code).toBe('00');
  });

  it('keeps the account number out of the database file or dump and out of the logs', async () => {
    const bound = await callEndpoint(test.app, endpoints.bindCardNew, { session, body: cardForm(productId) });
    expect(bound.envelope?.code).toBe('00');
    // A refused one (too long) carries the number in the request too.
    await callEndpoint(test.app, endpoints.bindCardNew, {
      session,
      body: cardForm(productId, { cardNo: `${CARD_NO}9` }),
    });
    const [row] = await accountRows(test.app);
    expect(row).toMatchObject({ account_last4: '0123', account_key_id: test.app.accountKeys.currentId });
    expect(JSON.stringify(row)).not.toContain(CARD_NO);

    let stored: string;
    if (target === 'sqlite') {
      stored = ['kwarta.sqlite', 'kwarta.sqlite-wal']
        .map((file) => path.join(test.config.dataDir, file))
        .filter((file) => fs.existsSync(file))
        .map((file) => fs.readFileSync(file).toString('latin1'))
        .join('');
      expect(stored).toContain('payment_accounts');
    } else {
      stored = execFileSync('pg_dump', ['--data-only', test.config.databaseUrl!], { encoding: 'utf8' });
      expect(stored).toContain('Juan Dela Cruz');
    }
    expect(stored).not.toContain(CARD_NO);
    expect(logLines.join('').length).toBeGreaterThan(0);
    expect(logLines.join('')).not.toContain(CARD_NO);
    expect(logLines.join('')).not.toContain(CARD_NO.slice(0, 12));
  });

  it('rotates the key: every row moves to the new key id and reads on once the old key is gone', async () => {
    await callEndpoint(test.app, endpoints.bindCardNew, { session, body: cardForm(productId) });
    const other = await otherBorrower(test.app);
    await callEndpoint(test.app, endpoints.bindCardNew, {
      session: other.session,
      body: cardForm(productId, { cardNo: '6222029999888877776' }),
    });
    const oldKey = fs.readFileSync(path.join(test.config.dataDir, 'account-key'), 'utf8').trim();
    const newKey = randomBytes(32).toString('base64');
    const rotating = await createTestApp(target, {
      sameDatabaseAs: test,
      env: { ACCOUNT_KEY: newKey, ACCOUNT_KEYS_RETIRED: oldKey },
    });
    try {
      // The two bound here and the demo borrower's seeded one.
      expect(await rotateAccountKey(rotating.app)).toEqual({ reencrypted: 3 });
      expect(await rotateAccountKey(rotating.app)).toEqual({ reencrypted: 0 });
    } finally {
      await rotating.close();
    }
    const newId = accountKeyId(Buffer.from(newKey, 'base64'));
    expect((await accountRows(test.app)).map((row) => row.account_key_id)).toEqual([newId, newId]);

    const newOnly = await createTestApp(target, { sameDatabaseAs: test, env: { ACCOUNT_KEY: newKey } });
    try {
      expect((await defaultPayoutAccount(newOnly.app, other.borrowerId))?.accountNumber).toBe(
        '6222029999888877776',
      );
    } finally {
      await newOnly.close();
    }
  });
});

describe('payment accounts in the PH market, the default', () => {
  let test: TestApp;
  let session: Record<string, string>;
  let productId: number;
  beforeEach(async () => {
    test = await createTestApp('sqlite');
    // A borrower of its own: the demo borrower has a seeded account already.
    session = (await newBorrower(test.app, '09170000031')).session;
    productId = await offeredProductId(test.app);
  });
  afterEach(async () => test.close());

  it.each([
    ['a BPI account of 10 digits', phBankAccount('BPI', '1234567890'), null],
    ['a Metrobank account of 13 digits', phBankAccount('MBTC', '1234567890123'), null],
    [
      'a BPI account of 12 digits',
      phBankAccount('BPI', '123456789012'),
      fillMessage(messages.bankFieldLength, { title: 'Account number', lengths: '10' }),
    ],
    ['a GCash number by the PH phone rule', phWallet('09171234567'), null],
    [
      'a GCash number by another rule',
      phWallet('13912345678'),
      fillMessage(messages.bankFieldPhone, { title: 'E-wallet mobile number' }),
    ],
  ])('%s', async (_name, body, refusal) => {
    const response = await callEndpoint(test.app, endpoints.bindCardNew, {
      session,
      body: { product_id: String(productId), ...body },
    });
    expect(response.envelope?.message).toBe(refusal ?? messages.success);
    expect((await accountRows(test.app)).length).toBe(refusal ? 0 : 1);
  });
});

describe('account key configuration', () => {
  it('refuses production without ACCOUNT_KEY and keys that are not 32 bytes', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-key-'));
    try {
      // Refused with the rest of the configuration, before anything reaches the data directory.
      expect(() => loadConfig({ ...productionEssentials(), ACCOUNT_KEY: '', DATA_DIR: dataDir })).toThrow(
        /ACCOUNT_KEY: is required in production/,
      );
      // And the key ring itself never generates one for production.
      const production = loadConfig({ ...productionEssentials(), DATA_DIR: dataDir });
      const withoutKey = { ...production, accountKeys: { current: undefined, retired: [] } };
      expect(() => loadAccountKeyRing(withoutKey, () => {})).toThrow(/ACCOUNT_KEY is required in production/);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    expect(() => loadConfig({ ACCOUNT_KEY: randomBytes(16).toString('base64') })).toThrow(ConfigError);
    expect(() => loadConfig({ ACCOUNT_KEYS_RETIRED: 'not a key' })).toThrow(/ACCOUNT_KEYS_RETIRED/);
    expect(
      loadConfig({ ...productionEssentials(), ACCOUNT_KEY: randomBytes(32).toString('base64') }).accountKeys
        .current,
    ).toHaveLength(32);
  });

  it('generates a key into the data directory with a warning when none is set outside production', async () => {
    const lines: string[] = [];
    const test = await createTestApp('sqlite', {
      env: { LOG_LEVEL: 'warn' },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      const file = path.join(test.config.dataDir, 'account-key');
      expect(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(lines.join('')).toContain('ACCOUNT_KEY is not set');
      expect(test.app.accountKeys.currentId).toBe(
        accountKeyId(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64')),
      );
    } finally {
      await test.close();
    }
  });
});
