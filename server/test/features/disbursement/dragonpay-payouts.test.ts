import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, endpoints } from '@kwarta/contract';
import { OrderStatus } from '@kwarta/domain';
import { callEndpoint } from '../../support/api.ts';
import { startFakeHttpServer } from '../../support/fake-http-server.ts';
import { bindAccount, phBankAccount, phWallet } from '../../support/payment-accounts.ts';
import { heldPayment } from '../../support/held-payment.ts';
import { repayableOrder } from '../../support/repayment.ts';
import {
  TEST_SANDBOX_SECRET,
  createTestApp,
  databaseTargets,
  productionEssentials,
  testClock,
  type TestApp,
} from '../../support/test-app.ts';
import { loadConfig } from '../../../src/config.ts';
import {
  createPayoutGateway,
  disburseOrder,
  PayoutFailed,
  PayoutPending,
  resumeStalledDisbursements,
  STALLED_SENDING_MS,
} from '../../../src/features/disbursement/index.ts';
import {
  PaymentReturnPending,
  resumeStalledRefunds,
  returnHeldPayment,
  STALLED_RETURNING_MS,
} from '../../../src/features/payments/index.ts';

const MERCHANT = 'KWARTA';
const API_KEY = 'dragonpay-payout-api-key';
const TIMEOUT_MS = 300;

interface FakePayout {
  refNo: string;
  status: string;
  message: string;
}

/**
 * A stand-in for Dragonpay's Payout API on loopback, speaking its protocol: Bearer auth with the
 * payout API key, POST /{merchantId}/post → { Code, Message } (0 and the reference number, -8 for
 * a TxnId it has), GET /{merchantId}/{txnid} → { RefNo, Status, Message }, 404 for one it does not
 * know. A test sets the status a new payout takes, and may make the next query or post hang past
 * the adapter's timeout (a hung post has reached Dragonpay: the payout exists, its answer is lost).
 */
async function startFakeDragonpayPayouts() {
  const payouts = new Map<string, FakePayout>();
  const posts: Record<string, unknown>[] = [];
  const fake = {
    payouts,
    posts,
    newStatus: 'S',
    hangNext: null as 'query' | 'post' | null,
    apiUrl: '',
    close: async () => {},
  };
  const server = await startFakeHttpServer((request) => {
    if (request.authorization !== `Bearer ${API_KEY}`)
      return { status: 401, json: { Message: 'Unauthorized' } };
    const prefix = `/api/payout/merchant/v1/${MERCHANT}/`;
    if (!request.path.startsWith(prefix)) return { status: 404, json: {} };
    const rest = decodeURIComponent(request.path.slice(prefix.length));
    if (request.method === 'POST' && rest === 'post') {
      const body = JSON.parse(request.body) as Record<string, unknown> & { TxnId: string };
      posts.push(body);
      if (payouts.has(body.TxnId)) return { status: 200, json: { Code: -8, Message: 'Duplicate TxnId' } };
      const refNo = `PO${payouts.size + 1}`;
      const message = fake.newStatus === 'F' ? 'Invalid beneficiary account' : '';
      payouts.set(body.TxnId, { refNo, status: fake.newStatus, message });
      if (fake.hangNext === 'post') {
        fake.hangNext = null;
        return 'hang';
      }
      return { status: 200, json: { Code: 0, Message: refNo } };
    }
    if (request.method === 'GET') {
      if (fake.hangNext === 'query') {
        fake.hangNext = null;
        return 'hang';
      }
      const payout = payouts.get(rest);
      if (!payout) return { status: 404, json: { Message: 'Transaction not found' } };
      return { status: 200, json: { RefNo: payout.refNo, Status: payout.status, Message: payout.message } };
    }
    return { status: 405, json: {} };
  });
  fake.apiUrl = `${server.origin}/api/payout/merchant/v1`;
  fake.close = server.close;
  return fake;
}

describe.each(databaseTargets)('disbursement through Dragonpay Payout (%s)', (target) => {
  const clock = testClock('2026-11-23T02:00:00.000Z'); // 10:00 on the 23rd in Manila
  let fake: Awaited<ReturnType<typeof startFakeDragonpayPayouts>>;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeDragonpayPayouts();
    t = await createTestApp(target, {
      clock,
      env: {
        PAYOUT_PROVIDER: 'dragonpay',
        DRAGONPAY_PAYOUT_MERCHANT_ID: MERCHANT,
        DRAGONPAY_PAYOUT_SECRET: API_KEY,
        DRAGONPAY_PAYOUT_API_URL: fake.apiUrl,
        DRAGONPAY_PAYOUT_TIMEOUT_MS: String(TIMEOUT_MS),
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.newStatus = 'S';
    fake.hangNext = null;
  });

  /** An approved order (151) of a borrower of its own, with `account` bound as the default. */
  async function approvedOrder(account: Record<string, string> = phBankAccount('BDO', '1234567890')) {
    const order = await repayableOrder(t.app, { status: OrderStatus.Approved, product: 'Kwarta Starter' });
    await bindAccount(t.app, order.session, order.productId, account);
    return order;
  }
  const disburse = (orderId: number) => disburseOrder(t.app, orderId, 'operator:test');
  const attemptsOf = (orderId: number) =>
    t.app.db
      .selectFrom('disbursements')
      .select(['id', 'provider', 'status', 'reference', 'failure'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
  const postsOf = (txnid: string) => fake.posts.filter((post) => post.TxnId === txnid);
  const page = async (order: { session: Record<string, string>; productId: number; orderId: number }) => {
    const { envelope } = await callEndpoint(t.app, endpoints.loanDetails, {
      session: order.session,
      body: { productId: String(order.productId), orderId: String(order.orderId) },
    });
    return envelope!.data as { orderStatus: number; cardNeedPop: number };
  };

  /** The order's one attempt, still `sending`: its TxnId at Dragonpay. */
  async function sendingTxnid(orderId: number) {
    const [attempt, ...others] = await attemptsOf(orderId);
    expect(others).toEqual([]);
    expect(attempt).toMatchObject({ status: 'sending', reference: null });
    return `disbursement-${attempt!.id}`;
  }
  /** The resume job, once the attempt is stalled, records it paid: posted to Dragonpay exactly once. */
  async function resumedAsPaidOnce(orderId: number, txnid: string) {
    clock.advance(STALLED_SENDING_MS + 1_000);
    expect(await resumeStalledDisbursements(t.app)).toMatchObject({ sent: 1, failed: 0 });
    expect(await attemptsOf(orderId)).toMatchObject([
      { status: 'sent', reference: fake.payouts.get(txnid)!.refNo },
    ]);
    expect(postsOf(txnid)).toHaveLength(1);
  }

  it('pays the bank account and moves the order 151 → 170, recording the reference Dragonpay gave it', async () => {
    const order = await approvedOrder();
    const disbursed = await disburse(order.orderId);
    expect(disbursed).toMatchObject({ status: OrderStatus.Repaying, disbursed_on: '2026-11-23' });
    const [attempt] = await attemptsOf(order.orderId);
    const txnid = `disbursement-${attempt!.id}`;
    expect(attempt).toMatchObject({
      provider: 'dragonpay',
      status: 'sent',
      reference: fake.payouts.get(txnid)!.refNo,
    });
    // What Dragonpay received: the reference as TxnId, exact decimal text, the account.
    expect(postsOf(txnid)).toEqual([
      {
        TxnId: txnid,
        FirstName: 'Juan Dela',
        MiddleName: '',
        LastName: 'Cruz',
        Amount: '100000.00', // the principal, 10,000,000 centavos
        Currency: 'PHP',
        Description: `Kwarta ${txnid}`,
        ProcId: 'BDO',
        ProcDetail: '1234567890',
        RunDate: '2026-11-23',
        Email: t.config.defaultSupport.email,
        MobileNo: '',
      },
    ]);
    expect(await page(order)).toMatchObject({ orderStatus: OrderStatus.Repaying, cardNeedPop: 0 });
  });

  it('pays an e-wallet to its mobile number', async () => {
    const order = await approvedOrder(phWallet('09171234567'));
    await disburse(order.orderId);
    const [attempt] = await attemptsOf(order.orderId);
    expect(postsOf(`disbursement-${attempt!.id}`)).toMatchObject([
      { ProcId: 'GCSH', ProcDetail: '09171234567', MobileNo: '09171234567' },
    ]);
  });

  it('a payout Dragonpay fails keeps the order approved and asks the borrower for another account', async () => {
    const order = await approvedOrder();
    fake.newStatus = 'F';
    await expect(disburse(order.orderId)).rejects.toBeInstanceOf(PayoutFailed);
    expect(await attemptsOf(order.orderId)).toMatchObject([
      {
        provider: 'dragonpay',
        status: 'failed',
        failure: 'Dragonpay: Invalid beneficiary account (status F)',
      },
    ]);
    expect(await page(order)).toMatchObject({ orderStatus: OrderStatus.Approved, cardNeedPop: 1 });

    // A new account ends the prompt; disbursing again pays it under a new reference.
    await bindAccount(t.app, order.session, order.productId, phBankAccount('BPI', '9876543210'));
    expect((await page(order)).cardNeedPop).toBe(0);
    fake.newStatus = 'S';
    await expect(disburse(order.orderId)).resolves.toMatchObject({ status: OrderStatus.Repaying });
  });

  it('a payout still in progress stays sending until the resume job hears it was paid', async () => {
    const order = await approvedOrder();
    fake.newStatus = 'G';
    const pending = disburse(order.orderId);
    await expect(pending).rejects.toBeInstanceOf(PayoutPending);
    await expect(pending).rejects.toThrow(
      messages.orderPayoutPending.replace('{orderId}', String(order.orderId)),
    );
    // Blocked meanwhile: an operator's second press pays nothing.
    await expect(disburse(order.orderId)).rejects.toThrow(
      messages.orderPayoutInProgress.replace('{orderId}', String(order.orderId)),
    );
    const txnid = await sendingTxnid(order.orderId);

    clock.advance(STALLED_SENDING_MS + 1_000);
    expect(await resumeStalledDisbursements(t.app)).toMatchObject({ sent: 0, unresolved: 1 });
    expect(await sendingTxnid(order.orderId)).toBe(txnid);

    fake.payouts.get(txnid)!.status = 'S';
    await resumedAsPaidOnce(order.orderId, txnid);
  });

  // A timed-out call leaves the outcome unknown: the attempt stays sending, and the resume job's
  // second send asks Dragonpay first, so the payout is made exactly once either way.
  it.each([
    ['a post whose answer timed out is found, not paid again', 'post', 1],
    ['a status query that timed out before any post is followed by one post', 'query', 0],
  ] as const)('%s, by the resume job', async (_name, hang, postsBeforeResume) => {
    const order = await approvedOrder();
    fake.hangNext = hang;
    await expect(disburse(order.orderId)).rejects.toThrow(/timeout|aborted/i);
    const txnid = await sendingTxnid(order.orderId);
    expect(postsOf(txnid)).toHaveLength(postsBeforeResume);
    // Blocked meanwhile: an operator's second press pays nothing.
    await expect(disburse(order.orderId)).rejects.toThrow(
      messages.orderPayoutInProgress.replace('{orderId}', String(order.orderId)),
    );
    await resumedAsPaidOnce(order.orderId, txnid);
  });

  it('a held payment whose return Dragonpay is still processing stays returning until it has paid', async () => {
    const order = await repayableOrder(t.app, { product: 'Kwarta Starter' });
    await bindAccount(t.app, order.session, order.productId, phWallet('09171234567'));
    const paymentId = await heldPayment(t.app, order, { expected: 100_000, received: 150_000 });
    fake.newStatus = 'P';
    await expect(returnHeldPayment(t.app, paymentId)).rejects.toBeInstanceOf(PaymentReturnPending);
    const status = async () =>
      (
        await t.app.db
          .selectFrom('payments')
          .select('status')
          .where('id', '=', paymentId)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await status()).toBe('returning');
    const [post] = fake.posts.slice(-1);
    expect(post).toMatchObject({ Amount: '1500.00', ProcId: 'GCSH', ProcDetail: '09171234567' });

    fake.payouts.get(post!.TxnId as string)!.status = 'S';
    clock.advance(STALLED_RETURNING_MS + 1_000);
    expect(await resumeStalledRefunds(t.app)).toMatchObject({ returned: 1, unresolved: 0 });
    expect(await status()).toBe('returned');
    expect(postsOf(post!.TxnId as string)).toHaveLength(1);
  });
});

describe('the payout adapter PAYOUT_PROVIDER names', () => {
  const clock = testClock('2026-11-23T02:00:00.000Z');
  it('is the sandbox by default outside production; production names it or does not start', () => {
    const sandbox = { APP_ENV: 'sandbox', SANDBOX_PAYMENT_SECRET: TEST_SANDBOX_SECRET };
    expect(createPayoutGateway(loadConfig(sandbox), clock).name).toBe('sandbox');
    expect(createPayoutGateway(loadConfig({ APP_ENV: 'development' }), clock).name).toBe('sandbox');
    expect(() => loadConfig({ ...productionEssentials(), PAYOUT_PROVIDER: '' })).toThrow(
      /PAYOUT_PROVIDER: must be set in production/,
    );
  });

  it('needs the Dragonpay payout API key and a merchant id for dragonpay', () => {
    expect(() => loadConfig({ APP_ENV: 'development', PAYOUT_PROVIDER: 'dragonpay' })).toThrow(
      /DRAGONPAY_PAYOUT_SECRET/,
    );
    const config = loadConfig({
      ...productionEssentials(),
      DRAGONPAY_PAYOUT_MERCHANT_ID: '',
      DRAGONPAY_PAYOUT_API_URL: '',
      PAYOUT_PROVIDER: 'dragonpay',
      DRAGONPAY_MERCHANT_ID: 'KWARTA',
      DRAGONPAY_PAYOUT_SECRET: 'key',
    });
    // The payout API is under the Collect merchant account unless told otherwise.
    expect(config.payouts.dragonpay).toMatchObject({
      merchantId: 'KWARTA',
      apiUrl: 'https://test.dragonpay.ph/api/payout/merchant/v1',
      timeoutMs: 10000,
    });
    expect(createPayoutGateway(config, clock).name).toBe('dragonpay');
  });
});
