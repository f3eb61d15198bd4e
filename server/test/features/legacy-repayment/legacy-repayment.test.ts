import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Limits, ResultCode, messages, type Endpoint, endpoints } from '@kwarta/contract';
import { callEndpoint } from '../../support/api.ts';
import { otherBorrower } from '../../support/borrowers.ts';
import { rowCounts } from '../../support/faults.ts';
import { latestSmsCode } from '../../support/promotion.ts';
import { orderState, repayableOrder } from '../../support/repayment.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { inTransaction } from '../../../src/db/transaction.ts';
import {
  resumeStalledCardRepayments,
  sandboxCardProvider,
  STALLED_PAYING_MS,
  type CardDebitProvider,
} from '../../../src/features/legacy-repayment/index.ts';
import { claimForPaying } from '../../../src/features/legacy-repayment/legacy-repayment-repository.ts';
import { openCardPayment } from '../../../src/features/payments/index.ts';

type Order = Awaited<ReturnType<typeof repayableOrder>>;

let ipSeq = 0;

describe.each(databaseTargets)('legacy bank-card repayment (/carpmm calls) on %s', (target) => {
  let t: TestApp;
  const clock = testClock('2026-11-23T04:00:00.000Z');
  // Each test acts from its own address, so the per-address SMS limit (D9) is not shared.
  let headers: Record<string, string>;

  beforeEach(async () => {
    t = await createTestApp(target, { clock, env: { MARKET: 'spec' } });
    ipSeq += 1;
    headers = { 'x-forwarded-for': `10.9.${ipSeq}.1` };
  });
  afterEach(() => t.close());

  const call = (
    endpoint: Endpoint,
    order: { session: Record<string, string> },
    body: Record<string, string>,
  ) => callEndpoint(t.app, endpoint, { session: order.session, body, headers });

  async function bindCard(order: Order, cardNo: string) {
    const bound = await call(endpoints.bindCardNew, order, {
      product_id: String(order.productId),
      cardType: '1',
      channel: '90006',
      holderName: 'Juan Dela Cruz',
      bankCode: 'ICBC',
      cardNo,
    });
    expect(bound.envelope?.code).toBe('00');
    return (bound.envelope?.data as { accountId: number }).accountId;
  }

  async function way(order: Order, amount?: number) {
    const response = await call(endpoints.repaymentWay, order, {
      orderId: String(order.orderId),
      ...(amount === undefined ? {} : { amount: String(amount) }),
    });
    expect(response.envelope?.code).toBe('00');
    return response.envelope?.data as {
      repayToken: string;
      amount: number;
      bankCards: { id: number; bankName: string; cardNo: string; bankCode: string }[];
      alipay: number;
      orderNo: string;
      userId: number;
    };
  }

  const commit = (
    order: Order,
    fields: {
      repayToken: string;
      cardId?: number;
      amount: number;
      sendMsg?: string;
      /** The card fields the page sends beside cardId (spec §3 commit payload). */
      card?: { bankName?: string; cardNo?: string; bankCode?: string };
      couponId?: string;
    },
  ) =>
    call(endpoints.repaymentCommit, order, {
      orderId: String(order.orderId),
      repayToken: fields.repayToken,
      amount: String(fields.amount),
      sendMsg: fields.sendMsg ?? '0',
      ...(fields.cardId === undefined ? {} : { cardId: String(fields.cardId) }),
      ...fields.card,
      couponId: fields.couponId ?? '',
    });

  const confirm = (order: Order, recordId: number, verifyCode: string) =>
    call(endpoints.repaymentConfirm, order, {
      orderId: String(order.orderId),
      verifyCode,
      repaymentRecordId: String(recordId),
    });

  const phoneOf = async (order: Order) =>
    (
      await t.app.db
        .selectFrom('borrowers')
        .select('phone')
        .where('id', '=', order.borrowerId)
        .executeTakeFirstOrThrow()
    ).phone;

  /** repayment-way, a card, commit: the repayment awaiting its code, and the code the borrower got. */
  async function committed(order: Order, options: { amount?: number; cardNo?: string } = {}) {
    const cardId = await bindCard(order, options.cardNo ?? '6222021234567890123');
    const options_ = await way(order, options.amount);
    const response = await commit(order, {
      repayToken: options_.repayToken,
      cardId,
      amount: options_.amount,
    });
    expect(response.envelope?.code).toBe('00');
    const data = response.envelope?.data as { needValid: number; repayRecordId: number; amount: number };
    expect(data.needValid).toBe(1);
    const code = await latestSmsCode(t.app, await phoneOf(order));
    expect(code).toMatch(/^\d{6}$/);
    return { ...data, code: code!, cardId, repayToken: options_.repayToken };
  }

  const smsCount = async (order: Order) => {
    const phone = await phoneOf(order);
    const row = await t.app.db
      .selectFrom('sms_sends')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it('lists the bound accounts masked (an account bound twice once), charges at most what is due, issues a token', async () => {
    const order = await repayableOrder(t.app);
    await bindCard(order, '6222021234567890123');
    await bindCard(order, '6222029999888877776');
    await bindCard(order, '6222021234567890123');
    const data = await way(order);
    expect(data.bankCards.map((card) => card.cardNo)).toEqual(['**** 0123', '**** 7776']);
    expect(data.bankCards[0]).toMatchObject({ bankCode: 'ICBC' });
    expect(JSON.stringify(data)).not.toContain('6222021234567890123');
    expect(data.amount).toBe(order.lineAmount);
    expect(data.orderNo).toBe(order.orderNo);
    expect(data.userId).toBe(order.borrowerId);
    expect(data.repayToken.length).toBeGreaterThanOrEqual(32);
    // The link's amount may ask for less, never for more than is due.
    expect((await way(order, 1_000)).amount).toBe(1_000);
    expect((await way(order, order.lineAmount * 5)).amount).toBe(order.lineAmount);
    // Another token each time: each names its own repayment.
    expect((await way(order)).repayToken).not.toBe(data.repayToken);
  });

  it('answers a foreign order, card or repayment exactly like a missing one on every call, writing nothing', async () => {
    const mine = await repayableOrder(t.app);
    const other = await otherBorrower(t.app, '13900000091');
    const otherOrder = {
      ...mine,
      session: other.session,
      borrowerId: other.borrowerId,
      orderId: other.order.id,
    };
    const theirCard = await bindCard({ ...otherOrder, productId: mine.productId }, '6222020000111122223');
    const { repayToken } = await way(mine);
    const theirs = await committed(mine);

    const before = await rowCounts(t.app);
    const pairs: [Endpoint, Record<string, string>, Record<string, string>][] = [
      [endpoints.repaymentWay, { orderId: String(other.order.id) }, { orderId: '999999' }],
      [
        endpoints.repaymentCommit,
        { orderId: String(other.order.id), repayToken, cardId: '1', amount: '100' },
        { orderId: '999999', repayToken, cardId: '1', amount: '100' },
      ],
      [
        endpoints.repaymentCommit,
        { orderId: String(mine.orderId), repayToken, cardId: String(theirCard), amount: '100' },
        { orderId: String(mine.orderId), repayToken, cardId: '999999', amount: '100' },
      ],
      [
        endpoints.repaymentConfirm,
        {
          orderId: String(other.order.id),
          verifyCode: theirs.code,
          repaymentRecordId: String(theirs.repayRecordId),
        },
        { orderId: '999999', verifyCode: theirs.code, repaymentRecordId: String(theirs.repayRecordId) },
      ],
      [
        endpoints.repaymentHuichao,
        { userId: String(other.borrowerId), orderId: String(mine.orderId) },
        { userId: '999999', orderId: String(mine.orderId) },
      ],
      [
        endpoints.repaymentHuichao,
        { userId: String(mine.borrowerId), orderId: String(other.order.id) },
        { userId: String(mine.borrowerId), orderId: '999999' },
      ],
    ];
    for (const [endpoint, foreignBody, missingBody] of pairs) {
      const foreign = await call(endpoint, mine, foreignBody);
      const missing = await call(endpoint, mine, missingBody);
      expect(foreign.status, endpoint.name).toBe(404);
      expect({ status: foreign.status, raw: foreign.raw }).toEqual({
        status: missing.status,
        raw: missing.raw,
      });
    }
    // The other borrower cannot confirm my repayment with my code either.
    const stranger = await call(endpoints.repaymentConfirm, other, {
      orderId: String(mine.orderId),
      verifyCode: theirs.code,
      repaymentRecordId: String(theirs.repayRecordId),
    });
    expect(stranger.status).toBe(404);
    expect(await rowCounts(t.app)).toEqual(before);
  });

  it("refuses a commit without a card with '请先选择付款银行卡！' and stores nothing", async () => {
    const order = await repayableOrder(t.app);
    await bindCard(order, '6222021234567890123');
    const { repayToken, amount } = await way(order);
    const before = await rowCounts(t.app);
    const response = await commit(order, { repayToken, amount });
    expect(response.status).toBe(400);
    expect(response.envelope?.message).toBe(messages.legacyChooseCard);
    expect(await rowCounts(t.app)).toEqual(before);
  });

  it('uses the card fields: they must describe the chosen account, or pick it without cardId', async () => {
    const order = await repayableOrder(t.app);
    const first = await bindCard(order, '6222021234567890123');
    const second = await bindCard(order, '6222029999888877776');
    const listed = (await way(order)).bankCards.find((card) => card.id === second)!;

    // Each way() issues a token (a short-lived entry); what matters is no repayment and no SMS.
    const stored = async () => {
      const counts = await rowCounts(t.app);
      return [counts.legacy_repayments, counts.sms_sends];
    };
    const before = await stored();
    for (const card of [
      { cardNo: '**** 7776' },
      { bankCode: 'NOPE' },
      { bankName: 'Another Bank' },
      { cardNo: '6222021234567890000' },
    ]) {
      const { repayToken, amount } = await way(order);
      const refused = await commit(order, { repayToken, cardId: first, amount, card });
      expect(refused.status, JSON.stringify(card)).toBe(400);
      expect(refused.envelope?.message).toBe(messages.legacyCardMismatch);
    }
    // Fields describing no account (or nothing at all) ask to choose a card.
    const unknown = await way(order);
    const none = await commit(order, { ...unknown, card: { cardNo: '**** 5555' } });
    expect(none.envelope?.message).toBe(messages.legacyChooseCard);
    expect(await stored()).toEqual(before);

    // As the page sends them (masked number, bank), or the full number: the account they describe.
    const fields = { cardNo: listed.cardNo, bankCode: listed.bankCode, bankName: listed.bankName };
    const byFields = await way(order);
    const picked = await commit(order, { ...byFields, card: fields });
    expect(picked.envelope?.code).toBe('00');
    const row = await t.app.db
      .selectFrom('legacy_repayments')
      .select('account_id')
      .where('id', '=', (picked.envelope?.data as { repayRecordId: number }).repayRecordId)
      .executeTakeFirstOrThrow();
    expect(row.account_id).toBe(second);
    clock.advance(Limits.smsResendCountdownSeconds * 1000);
    const full = await way(order);
    const withFull = await commit(order, { ...full, cardId: first, card: { cardNo: '6222021234567890123' } });
    expect(withFull.envelope?.code).toBe('00');
  });

  it('refuses a coupon with its message (there are no coupons) and stores nothing', async () => {
    const order = await repayableOrder(t.app);
    const cardId = await bindCard(order, '6222021234567890123');
    const { repayToken, amount } = await way(order);
    const before = await rowCounts(t.app);
    const response = await commit(order, { repayToken, cardId, amount, couponId: 'WELCOME50' });
    expect(response.status).toBe(400);
    expect(response.envelope?.message).toBe(messages.legacyCouponUnknown);
    expect(await rowCounts(t.app)).toEqual(before);
    // The page's empty couponId is no coupon.
    expect((await commit(order, { repayToken, cardId, amount, couponId: '' })).envelope?.code).toBe('00');
  });

  it('asks for an SMS code per account until one debit from it was confirmed; a declined one verifies nothing', async () => {
    const order = await repayableOrder(t.app, { lines: 3 });
    const declining = await bindCard(order, '6222021234560000');
    const first = await committed(order, { amount: 1_000 });
    await confirm(order, first.repayRecordId, first.code);

    // The same account again: verified, paid at the commit, no SMS.
    const smsBefore = await smsCount(order);
    const again = await way(order, 2_000);
    const paidAtOnce = await commit(order, { ...again, cardId: first.cardId });
    expect(paidAtOnce.envelope?.data).toMatchObject({ needValid: 0, amount: 2_000 });
    expect(await smsCount(order)).toBe(smsBefore);
    expect((await orderState(t.app, order.orderId)).order.paid_amount).toBe(3_000);

    // Another account of the same borrower still asks, and a declined debit does not verify it.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      clock.advance(Limits.smsResendCountdownSeconds * 1000);
      const other = await way(order, 1_000);
      const asked = await commit(order, { ...other, cardId: declining });
      expect(asked.envelope?.data).toMatchObject({ needValid: 1 });
      const recordId = (asked.envelope?.data as { repayRecordId: number }).repayRecordId;
      const code = await latestSmsCode(t.app, await phoneOf(order));
      expect((await confirm(order, recordId, code!)).envelope?.message).toBe(messages.legacyCardDeclined);
    }
  });

  it('offers repaying online (alipay 1) only with a partner page or an e-wallet channel', async () => {
    const order = await repayableOrder(t.app);
    expect((await way(order)).alipay).toBe(1);

    const counters = await createTestApp(target, {
      clock,
      env: { MARKET: 'spec', PAYMENT_CHANNELS: 'BAYD,7ELE' },
    });
    try {
      const counterOrder = await repayableOrder(counters.app);
      const ask = (endpoint: Endpoint, body: Record<string, string>) =>
        callEndpoint(counters.app, endpoint, { session: counterOrder.session, body, headers });
      const options = await ask(endpoints.repaymentWay, { orderId: String(counterOrder.orderId) });
      expect(options.envelope?.data).toMatchObject({ alipay: 0 });
      const online = await ask(endpoints.repaymentHuichao, {
        userId: String(counterOrder.borrowerId),
        orderId: String(counterOrder.orderId),
      });
      expect(online.envelope?.message).toBe(messages.legacyOnlineUnavailable);

      // A partner repayment page is an online way whatever the channels.
      await counters.app.db
        .updateTable('products')
        .set({ external_repay_url: 'https://partner.example/repay' })
        .where('id', '=', counterOrder.productId)
        .execute();
      const withPartner = await ask(endpoints.repaymentWay, { orderId: String(counterOrder.orderId) });
      expect(withPartner.envelope?.data).toMatchObject({ alipay: 1 });
    } finally {
      await counters.close();
    }
  });

  it('commits a repayment once per token: a repeat, or 10 at once, answers 800005 and sends one SMS', async () => {
    const order = await repayableOrder(t.app);
    const cardId = await bindCard(order, '6222021234567890123');
    const { repayToken, amount } = await way(order);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => commit(order, { repayToken, cardId, amount })),
    );
    const codes = answers.map((answer) => answer.envelope?.code).sort();
    expect(codes.filter((code) => code === '00')).toHaveLength(1);
    expect(codes.filter((code) => code === ResultCode.legacyDuplicatePayment)).toHaveLength(9);
    const refused = answers.find((answer) => answer.envelope?.code === ResultCode.legacyDuplicatePayment);
    expect(refused?.envelope?.message).toBe(messages.legacyDuplicatePayment);
    const rows = await t.app.db
      .selectFrom('legacy_repayments')
      .selectAll()
      .where('order_id', '=', order.orderId)
      .execute();
    expect(rows).toHaveLength(1);
    const sends = await t.app.db
      .selectFrom('sms_sends')
      .selectAll()
      .where('purpose', '=', 'repayment')
      .execute();
    expect(sends).toHaveLength(1);

    const again = await commit(order, { repayToken, cardId, amount });
    expect(again.envelope?.code).toBe(ResultCode.legacyDuplicatePayment);
    // A token nobody issued is refused with the fallback text.
    const unknown = await commit(order, { repayToken: 'x'.repeat(32), cardId, amount });
    expect(unknown.status).toBe(400);
    expect(unknown.envelope?.message).toBe(messages.legacyFailed);
  });

  it(`resends the code only after the ${Limits.smsResendCountdownSeconds} s gap; the new code replaces the old`, async () => {
    const order = await repayableOrder(t.app);
    const first = await committed(order);
    const early = await commit(order, { ...first, sendMsg: '1' });
    expect(early.status).toBe(429);
    expect(early.envelope?.message).toBe(messages.smsResendRefused);
    clock.advance(Limits.smsResendCountdownSeconds * 1000);
    const resent = await commit(order, { ...first, sendMsg: '1' });
    expect(resent.envelope?.data).toMatchObject({ needValid: 1, repayRecordId: first.repayRecordId });
    const second = await latestSmsCode(t.app, await phoneOf(order));
    expect(second).not.toBe(first.code);
    expect((await confirm(order, first.repayRecordId, first.code)).envelope?.code).toBe(
      ResultCode.legacyWrongSmsCode,
    );
    expect((await confirm(order, first.repayRecordId, second!)).envelope?.code).toBe('00');
  });

  it("checks the code: shorter than 6 → '请输入正确的验证码', wrong → 800006 '验证码错误', nothing paid", async () => {
    const order = await repayableOrder(t.app);
    const { repayRecordId, code } = await committed(order);
    const short = await confirm(order, repayRecordId, '12345');
    expect(short.status).toBe(400);
    expect(short.envelope?.message).toBe(messages.legacySmsCodeInvalid);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await confirm(order, repayRecordId, wrongCode);
    expect(wrong.envelope).toMatchObject({
      code: ResultCode.legacyWrongSmsCode,
      message: messages.legacyWrongSmsCode,
    });
    const state = await orderState(t.app, order.orderId);
    expect(state.payments).toEqual([]);
    expect(state.order.paid_amount).toBe(0);
    // The right code still works afterwards (fewer than five wrong tries).
    expect((await confirm(order, repayRecordId, code)).envelope?.code).toBe('00');
  });

  it('debits the card and posts it once through the payment posting; a second confirm or commit answers 800005', async () => {
    const order = await repayableOrder(t.app, { lines: 2 });
    const { repayRecordId, code, cardId, repayToken } = await committed(order);
    const confirmed = await confirm(order, repayRecordId, code);
    expect(confirmed.envelope?.code).toBe('00');
    expect(confirmed.envelope?.data).toEqual({
      url: `/orderDetails?productId=${order.productId}&orderId=${order.orderId}`,
      paidAmount: order.lineAmount,
    });
    const state = await orderState(t.app, order.orderId);
    expect(state.payments).toHaveLength(1);
    expect(state.payments[0]).toMatchObject({
      provider: 'card',
      channel: 'card',
      status: 'paid',
      expected_amount: order.lineAmount,
      received_amount: order.lineAmount,
    });
    expect(state.lines[0]?.paid_amount).toBe(order.lineAmount);
    expect(state.lines[1]?.paid_amount).toBe(0);
    expect(state.order.status).toBe(170);
    const row = await t.app.db
      .selectFrom('legacy_repayments')
      .selectAll()
      .where('id', '=', repayRecordId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'paid', paid_amount: order.lineAmount, paying_order_id: null });
    expect(row.txnid).toBe(state.payments[0]?.txnid);

    const twice = await confirm(order, repayRecordId, code);
    expect(twice.envelope).toMatchObject({
      code: ResultCode.legacyDuplicatePayment,
      message: messages.legacyDuplicatePayment,
    });
    const recommit = await commit(order, { repayToken, cardId, amount: order.lineAmount });
    expect(recommit.envelope?.code).toBe(ResultCode.legacyDuplicatePayment);
    expect((await orderState(t.app, order.orderId)).payments).toHaveLength(1);
  });

  describe('a repayment a crash left paying', () => {
    /** What the confirmation commits before it calls the card provider, and no more: the crash. */
    async function crashedWhilePaying(order: Order, cardNo?: string) {
      const { repayRecordId, amount } = await committed(order, cardNo ? { cardNo } : {});
      const txnid = `KW${order.orderId}CCRASHED${repayRecordId}`;
      await inTransaction(t.app.db, async (trx) => {
        expect(
          await claimForPaying(trx, {
            id: repayRecordId,
            orderId: order.orderId,
            provider: 'card',
            txnid,
            at: clock.now().toISOString(),
          }),
        ).toBe(true);
        await openCardPayment(trx, {
          provider: 'card',
          txnid,
          borrowerId: order.borrowerId,
          orderId: order.orderId,
          amount,
          now: clock.now(),
        });
      });
      return { repayRecordId, amount, txnid };
    }

    function countingSandbox() {
      const sandbox = sandboxCardProvider();
      const asked: string[] = [];
      const cardDebit: CardDebitProvider = {
        name: sandbox.name,
        debit: (input) => {
          asked.push(input.txnid);
          return sandbox.debit(input);
        },
      };
      return { cardDebit, asked };
    }

    const resume = (cardDebit: CardDebitProvider) =>
      resumeStalledCardRepayments({
        db: t.app.db,
        clock,
        config: t.app.config,
        accountKeys: t.app.accountKeys,
        log: t.app.log,
        metrics: t.app.metrics,
        cardDebit,
      });

    const repaymentRow = (id: number) =>
      t.app.db.selectFrom('legacy_repayments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('is debited under its own txnid and posted once by the resume job, which frees the order', async () => {
      const order = await repayableOrder(t.app, { lines: 2 });
      const { repayRecordId, amount, txnid } = await crashedWhilePaying(order);
      const { cardDebit, asked } = countingSandbox();

      // Within the card provider's time the confirmation may still be running: left alone.
      expect(await resume(cardDebit)).toEqual({ resumed: 0, paid: 0, failed: 0, pending: 0 });
      clock.advance(STALLED_PAYING_MS + 1_000);
      expect(await resume(cardDebit)).toEqual({ resumed: 1, paid: 1, failed: 0, pending: 0 });
      expect(asked).toEqual([txnid]);

      const state = await orderState(t.app, order.orderId);
      expect(state.payments).toHaveLength(1);
      expect(state.payments[0]).toMatchObject({ txnid, status: 'paid', received_amount: amount });
      expect(state.lines[0]?.paid_amount).toBe(amount);
      expect(await repaymentRow(repayRecordId)).toMatchObject({
        status: 'paid',
        paid_amount: amount,
        paying_order_id: null,
      });

      // Run again: nothing is left paying, nothing is debited or posted again.
      expect(await resume(cardDebit)).toEqual({ resumed: 0, paid: 0, failed: 0, pending: 0 });
      expect(asked).toHaveLength(1);
      // The order's paying place is free: the next repayment of it goes through.
      const next = await committed(order);
      expect((await confirm(order, next.repayRecordId, next.code)).envelope?.code).toBe('00');
    });

    it('a declined card fails the repayment and its payment, charging nothing', async () => {
      const order = await repayableOrder(t.app);
      const { repayRecordId } = await crashedWhilePaying(order, '6222021234560000');
      clock.advance(STALLED_PAYING_MS + 1_000);
      expect(await resume(countingSandbox().cardDebit)).toEqual({
        resumed: 1,
        paid: 0,
        failed: 1,
        pending: 0,
      });
      const state = await orderState(t.app, order.orderId);
      expect(state.payments[0]).toMatchObject({ status: 'failed' });
      expect(state.lines[0]?.paid_amount).toBe(0);
      expect(await repaymentRow(repayRecordId)).toMatchObject({ status: 'failed', paying_order_id: null });
    });
  });

  it('10 simultaneous confirmations with the right code debit and post once', async () => {
    const order = await repayableOrder(t.app);
    const { repayRecordId, code } = await committed(order);
    const answers = await Promise.all(Array.from({ length: 10 }, () => confirm(order, repayRecordId, code)));
    expect(answers.filter((answer) => answer.envelope?.code === '00')).toHaveLength(1);
    for (const answer of answers.filter((one) => one.envelope?.code !== '00'))
      expect([ResultCode.legacyDuplicatePayment, ResultCode.legacyWrongSmsCode]).toContain(
        answer.envelope?.code,
      );
    const state = await orderState(t.app, order.orderId);
    expect(state.payments).toHaveLength(1);
    expect(state.lines[0]?.paid_amount).toBe(order.lineAmount);
  });

  it('a lower amount from the link is a partial payment that cannot settle the order; paying what is due settles it', async () => {
    const order = await repayableOrder(t.app);
    const partial = await committed(order, { amount: 1_000 });
    expect(partial.amount).toBe(1_000);
    expect((await confirm(order, partial.repayRecordId, partial.code)).envelope?.data).toMatchObject({
      paidAmount: 1_000,
    });
    let state = await orderState(t.app, order.orderId);
    expect(state.order.status).toBe(170);
    expect(state.order.settled_at).toBeNull();

    clock.advance(Limits.smsResendCountdownSeconds * 1000);
    const rest = await way(order, order.lineAmount * 3);
    expect(rest.amount).toBe(order.lineAmount - 1_000);
    const smsBefore = await smsCount(order);
    const commitRest = await commit(order, {
      repayToken: rest.repayToken,
      cardId: rest.bankCards[0]!.id,
      amount: order.lineAmount * 3,
    });
    // The account paid before with an SMS code is verified: needValid 0, paid at the commit.
    expect(commitRest.envelope?.data).toMatchObject({ needValid: 0, amount: order.lineAmount - 1_000 });
    expect(await smsCount(order)).toBe(smsBefore);
    state = await orderState(t.app, order.orderId);
    expect(state.order.status).toBe(200);
    expect(state.payments.map((payment) => payment.received_amount)).toEqual([
      1_000,
      order.lineAmount - 1_000,
    ]);
  });

  it('a declined card answers its message, posts nothing and frees the order for another try', async () => {
    const order = await repayableOrder(t.app);
    const declined = await committed(order, { cardNo: '6222021234560000' });
    const response = await confirm(order, declined.repayRecordId, declined.code);
    expect(response.envelope?.message).toBe(messages.legacyCardDeclined);
    const state = await orderState(t.app, order.orderId);
    expect(state.payments[0]).toMatchObject({ provider: 'card', status: 'failed' });
    expect(state.order.paid_amount).toBe(0);
    const row = await t.app.db
      .selectFrom('legacy_repayments')
      .selectAll()
      .where('id', '=', declined.repayRecordId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', paying_order_id: null, failure: 'declined' });
  });

  it('repayment-huichao answers the order’s repayment page; nothing to repay is refused', async () => {
    const order = await repayableOrder(t.app);
    const online = await call(endpoints.repaymentHuichao, order, {
      userId: String(order.borrowerId),
      orderId: String(order.orderId),
      amount: String(order.lineAmount),
    });
    expect(online.envelope?.data).toEqual({
      url: `/repay?productId=${order.productId}&orderId=${order.orderId}`,
    });
    const settled = await repayableOrder(t.app, { status: 200, paidLines: 1 });
    const refused = await call(endpoints.repaymentWay, settled, { orderId: String(settled.orderId) });
    expect(refused.envelope?.message).toBe(messages.legacyNotRepayable);
  });
});
