import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBorrower } from '../../support/borrowers.ts';
import { identityInState } from '../../support/identity.ts';
import { bindAccount, phBankAccount } from '../../support/payment-accounts.ts';
import { repayableOrder } from '../../support/repayment.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { gatherDecisionInputs } from '../../../src/features/credit-decisions/index.ts';
import { createSession } from '../../../src/features/sessions/index.ts';

/**
 * The facts a decision reads beside the borrower's orders (decision 0109), all in one statement:
 * a look-alike payout account held by another borrower, whether money was already sent to the
 * borrower's account, complaints, other borrowers on the borrower's devices, and the identity.
 */
describe.each(databaseTargets)('credit decision inputs on %s', (target) => {
  const clock = testClock('2026-11-23T02:00:00.000Z');
  let t: TestApp;
  let productId: number;

  beforeAll(async () => {
    t = await createTestApp(target, { clock });
    productId = (
      await t.app.db
        .selectFrom('products')
        .select('id')
        .where('name', '=', 'Kwarta Flex')
        .executeTakeFirstOrThrow()
    ).id;
  }, 120_000);
  afterAll(() => t.close());

  const inputsOf = async (borrowerId: number) => {
    const borrower = await t.app.db
      .selectFrom('borrowers')
      .select('created_at')
      .where('id', '=', borrowerId)
      .executeTakeFirstOrThrow();
    return gatherDecisionInputs(
      t.app.db,
      {
        borrowerId,
        registeredAt: borrower.created_at,
        orderId: null,
        productId,
        productMaxAmount: 2_000_000,
        amountAsked: 300_000,
        termDaysAsked: 91,
      },
      { now: clock.now(), timeZone: t.app.config.lenderTimeZone },
    );
  };
  it('counts other borrowers holding a look-alike payout account, and none without an account', async () => {
    const first = await newBorrower(t.app, '09175552001');
    const second = await newBorrower(t.app, '09175552002');
    const alone = await newBorrower(t.app, '09175552003');
    await bindAccount(t.app, first.session, productId, phBankAccount('BPI', '1234567890'));
    await bindAccount(t.app, second.session, productId, phBankAccount('BPI', '9999967890'));
    await bindAccount(t.app, alone.session, productId, phBankAccount('BPI', '1234501111'));
    expect(await inputsOf(first.borrowerId)).toMatchObject({
      samePayoutAccountBorrowers: 1,
      payoutAccountPaidBefore: false,
    });
    expect(await inputsOf(alone.borrowerId)).toMatchObject({ samePayoutAccountBorrowers: 0 });
    const { borrowerId } = await repayableOrder(t.app);
    expect(await inputsOf(borrowerId)).toMatchObject({
      samePayoutAccountBorrowers: 0,
      payoutAccountPaidBefore: false,
    });
  });

  it('knows the payout account was paid to before only from a sent disbursement of the borrower', async () => {
    const { borrowerId, orderId, session } = await repayableOrder(t.app);
    await bindAccount(t.app, session, productId, phBankAccount('BDO', '123456789012'));
    const account = await t.app.db
      .selectFrom('payment_accounts')
      .select('id')
      .where('borrower_id', '=', borrowerId)
      .executeTakeFirstOrThrow();
    const disbursement = (status: 'failed' | 'sent') => ({
      order_id: orderId,
      account_id: account.id,
      amount: 10_000_000,
      provider: 'sandbox',
      status,
      reference: null,
      failure: null,
      actor: 'test',
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
    });
    await t.app.db.insertInto('disbursements').values(disbursement('failed')).execute();
    expect((await inputsOf(borrowerId)).payoutAccountPaidBefore).toBe(false);
    await t.app.db.insertInto('disbursements').values(disbursement('sent')).execute();
    expect(await inputsOf(borrowerId)).toMatchObject({ payoutAccountPaidBefore: true, loansOpen: 1 });
  });

  it('reads nothing but zeros for a borrower with no orders, account, sessions or complaints', async () => {
    const { borrowerId } = await newBorrower(t.app, '09175552010');
    await t.app.db.deleteFrom('sessions').where('borrower_id', '=', borrowerId).execute();
    expect(await inputsOf(borrowerId)).toMatchObject({
      loansRepaid: 0,
      loansOpen: 0,
      largestRepaid: null,
      complaints: 0,
      sameDeviceBorrowers: 0,
      samePayoutAccountBorrowers: 0,
      payoutAccountPaidBefore: false,
      daysSinceLastDecline: null,
      identityStatus: 'unknown',
    });
  });

  it('reads the identity status from the identity feature: verified, pending, failed or unknown', async () => {
    const cases = [
      { phone: '09175552020', state: ['verified', 'clear'], status: 'verified' },
      { phone: '09175552021', state: ['verified', 'possible'], status: 'pending' },
      { phone: '09175552022', state: ['pending', 'clear'], status: 'pending' },
      { phone: '09175552023', state: ['rejected', 'clear'], status: 'failed' },
      { phone: '09175552024', state: ['verified', 'confirmed'], status: 'failed' },
      { phone: '09175552025', state: null, status: 'unknown' },
    ] as const;
    for (const { phone, state, status } of cases) {
      const { borrowerId } = await newBorrower(t.app, phone);
      if (state) await identityInState(t.app.db, borrowerId, state[0], state[1]);
      expect(await inputsOf(borrowerId), `${phone}: ${state?.join('/')}`).toMatchObject({
        identityStatus: status,
      });
    }
  });

  it('counts complaints and the other borrowers seen on the same devices', async () => {
    const { borrowerId } = await newBorrower(t.app, '09175552011');
    const others = [await newBorrower(t.app, '09175552012'), await newBorrower(t.app, '09175552013')];
    const session = (id: number, deviceId: string) =>
      createSession(t.app.db, { borrowerId: id, deviceId, now: clock.now(), policy: t.app.config.session });
    await session(borrowerId, 'inputs-phone-1');
    await session(borrowerId, 'inputs-phone-2');
    await session(others[0]!.borrowerId, 'inputs-phone-1');
    await session(others[0]!.borrowerId, 'inputs-phone-2');
    await session(others[1]!.borrowerId, 'inputs-phone-2');
    const at = clock.now().toISOString();
    const complaint = {
      borrower_id: borrowerId,
      problem_type: 1,
      problem_son_type: 0,
      score_requested: 0,
      content: 'late fee',
      created_at: at,
      updated_at: at,
    };
    await t.app.db.insertInto('problems').values([complaint, complaint]).execute();
    expect(await inputsOf(borrowerId)).toMatchObject({ complaints: 2, sameDeviceBorrowers: 2 });
    expect(await inputsOf(others[1]!.borrowerId)).toMatchObject({ complaints: 0, sameDeviceBorrowers: 2 });
  });
});
