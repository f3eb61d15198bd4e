import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ResultCode, endpoints } from '@kwarta/contract';
import { formatAmount } from '@kwarta/domain';
import { callEndpoint } from '../../support/api.ts';
import { dragonpayEnv, startFakeDragonpay } from '../../support/fake-dragonpay.ts';
import { orderState, repayableOrder } from '../../support/repayment.ts';
import {
  createTestApp,
  databaseTargets,
  productionEssentials,
  type TestApp,
} from '../../support/test-app.ts';
import { postbackDigest } from '../../../src/features/payments/index.ts';

const run = promisify(execFile);
const serverEntry = path.resolve(import.meta.dirname, '../../../src/server.ts');

/** The server's own start, as `npm run serve` runs it: the exit code and what it printed. */
async function startServer(
  env: Record<string, string | undefined>,
): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', serverEntry], {
      env: {
        PATH: process.env.PATH,
        LOG_LEVEL: 'silent',
        PORT: '0',
        SQLITE_DRIVER: process.env.SQLITE_DRIVER,
        ...env,
      },
      timeout: 60_000,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('production starts only on real money adapters (D18)', () => {
  it('exits 1 naming each sandbox or missing adapter', async () => {
    const bare = await startServer({
      APP_ENV: 'production',
      ACCOUNT_KEY: productionEssentials().ACCOUNT_KEY!,
    });
    expect(bare.code).toBe(1);
    expect(bare.output).toMatch(/PAYMENT_PROVIDER: must be set in production/);
    expect(bare.output).toMatch(/CARD_DEBIT_PROVIDER: must be set in production/);
    expect(bare.output).toMatch(/PAYOUT_PROVIDER: must be set in production/);

    const sandbox = await startServer({
      ...productionEssentials(),
      APP_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      CARD_DEBIT_PROVIDER: 'sandbox',
      PAYOUT_PROVIDER: 'sandbox',
    });
    expect(sandbox.code).toBe(1);
    for (const name of ['PAYMENT_PROVIDER', 'CARD_DEBIT_PROVIDER', 'PAYOUT_PROVIDER']) {
      expect(sandbox.output).toContain(`${name}: sandbox moves no money in production`);
    }
    expect(sandbox.output).not.toMatch(/\n\s+at /); // one message, no stack trace
  }, 120_000);
});

describe.each(databaseTargets)('production with real adapters (%s)', (target) => {
  let fake: Awaited<ReturnType<typeof startFakeDragonpay>>;
  let seeded: TestApp;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeDragonpay();
    // Products to lend come from a sandbox start of the same database (production never seeds
    // demo data: decision 0101); the demo borrower's data does not matter here.
    seeded = await createTestApp(target, { env: { MARKET: 'spec' } });
    t = await createTestApp(target, {
      sameDatabaseAs: seeded,
      env: {
        ...productionEssentials(),
        MARKET: 'spec',
        APP_ENV: 'production',
        SANDBOX_PAYMENT_SECRET: '',
        ...dragonpayEnv(fake),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await seeded?.close();
    await fake.close();
  });

  it('registers no sandbox route', async () => {
    for (const [method, url] of [
      ['GET', '/sandbox/cashier/KW1R00'],
      ['POST', '/sandbox/cashier/KW1R00'],
      ['POST', '/payments/sandbox/postback'],
      ['GET', '/payments/sandbox/postback?txnid=KW1R00'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('refuses the forged sandbox postback that once paid an order in production', async () => {
    const order = await repayableOrder(t.app);
    const vcode = await callEndpoint(t.app, endpoints.generateVcode, {
      session: order.session,
      body: { productId: String(order.productId), orderId: String(order.orderId), channelNumber: 'BAYD' },
    });
    expect(vcode.envelope?.code).toBe('00');
    const { txnid, expected_amount: expected } = (await orderState(t.app, order.orderId)).payments[0]!;
    const values = [txnid, 'FORGED', 'S', 'paid', formatAmount(expected)];
    const forged = new URLSearchParams({
      txnid,
      refno: 'FORGED',
      status: 'S',
      message: 'paid',
      amount: formatAmount(expected),
      // The secret the sandbox once had as its published default.
      digest: postbackDigest(values, 'kwarta-sandbox-cashier'),
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/payments/sandbox/postback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: forged.toString(),
    });
    expect(response.statusCode).toBe(404);
    const state = await orderState(t.app, order.orderId);
    expect(state.order.paid_amount).toBe(0);
    expect(state.payments[0]).toMatchObject({ provider: 'dragonpay', status: 'pending' });
  });

  it('debits no card: /carpmm says card repayment is not offered and records nothing', async () => {
    const order = await repayableOrder(t.app);
    const headers = { 'x-forwarded-for': '10.27.0.1' };
    const bound = await callEndpoint(t.app, endpoints.bindCardNew, {
      session: order.session,
      headers,
      body: {
        product_id: String(order.productId),
        cardType: '1',
        channel: '90006',
        holderName: 'Juan Dela Cruz',
        bankCode: 'ICBC',
        cardNo: '6222020200112233',
      },
    });
    expect(bound.envelope?.code).toBe('00');
    const orderId = String(order.orderId);
    const calls = [
      [endpoints.repaymentWay, { orderId }],
      [
        endpoints.repaymentCommit,
        { orderId, repayToken: 'x'.repeat(32), cardId: '1', amount: '100', sendMsg: '0' },
      ],
      [endpoints.repaymentConfirm, { orderId, verifyCode: '123456', repaymentRecordId: '1' }],
    ] as const;
    for (const [endpoint, body] of calls) {
      const response = await callEndpoint(t.app, endpoint, { session: order.session, headers, body });
      expect(response.envelope).toMatchObject({
        code: ResultCode.conflict,
        message: messages.legacyCardNotOffered,
      });
    }
    const state = await orderState(t.app, order.orderId);
    expect(state.order.paid_amount).toBe(0);
    expect(state.payments).toEqual([]);
    const repayments = await t.app.db.selectFrom('legacy_repayments').select('id').execute();
    expect(repayments).toEqual([]);
  });
});
