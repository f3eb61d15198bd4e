import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  CSRF_HEADER,
  ConsoleRoles,
  Limits,
  OPERATOR_SESSION_COOKIE,
  SIGN_IN_CSRF_TOKEN,
  endpoints,
  markets,
  messages,
  operatorRoles,
  type Endpoint,
  type OperatorRole,
} from '@kwarta/contract';
import { OrderStatus, formatMoney } from '@kwarta/domain';
import { callEndpoint, demoSession } from '../../support/api.ts';
import {
  attemptConsoleSignIn,
  callConsole,
  consoleSignedIn,
  type ConsoleSession,
} from '../../support/console.ts';
import { jpegImage } from '../../support/images.ts';
import { bindCard } from '../../support/payment-accounts.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import {
  createOperator,
  hashPassword,
  setUpTotp,
  totpCode,
  totpStep,
} from '../../../src/features/operators/index.ts';

const PASSWORD = 'correct horse battery';

type Signed = ConsoleSession;

describe.each(databaseTargets)('operator console (%s)', (target) => {
  let t: TestApp;
  const clock = testClock('2026-11-23T03:00:00.000Z');
  const as: Partial<Record<OperatorRole, Signed>> = {};
  const passwordHash = hashPassword(PASSWORD);

  beforeAll(async () => {
    t = await createTestApp(target, {
      clock,
      env: { MARKET: 'spec', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' },
    });
    for (const role of operatorRoles) {
      await createOperator(t.app.db, {
        name: `${role}-1`,
        role,
        now: clock.now(),
        passwordHash: await passwordHash,
      });
    }
    for (const role of operatorRoles) as[role] = await signIn(`${role}-1`, '198.51.100.1');
    // Seven password hashes and sign-ins: slow on a busy machine.
  }, 180_000);
  afterAll(() => t.close());

  const signIn = (name: string, address: string, password = PASSWORD, totp = '') =>
    consoleSignedIn(t.app, { name, address, password, totp });
  const attemptSignIn = (name: string, address: string, password: string, totp = '') =>
    attemptConsoleSignIn(t.app, { name, address, password, totp });

  const call = (endpoint: Endpoint, role: OperatorRole, body: Record<string, string> = {}, csrf = true) =>
    callConsole(t.app, as[role]!, endpoint, body, csrf);
  const auditRows = () => t.app.db.selectFrom('operator_audit').selectAll().orderBy('id').execute();
  const orderStatus = async (orderId: number) =>
    (await t.app.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow())
      .status;
  async function orderUnderReview(): Promise<number> {
    const row = await t.app.db
      .selectFrom('orders')
      .innerJoin('products', 'products.id', 'orders.product_id')
      .select('orders.id')
      .where('orders.status', '=', OrderStatus.UnderReview)
      .where('products.withdraw_confirm_url', '=', '')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  describe('sign-in', () => {
    it('sets an HttpOnly, SameSite=Strict cookie for /console and hands over the CSRF token and menu', async () => {
      const response = await attemptSignIn('credit-1', '198.51.100.2', PASSWORD);
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toMatch(new RegExp(`^${OPERATOR_SESSION_COOKIE}=`));
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Strict');
      expect(cookie).toContain('Path=/console');
      expect(cookie).toContain('Max-Age=43200');
      // Behind https (the forwarded protocol) the cookie is Secure.
      const secure = await callEndpoint(t.app, endpoints.consoleSignIn, {
        body: { name: 'credit-1', password: PASSWORD },
        headers: {
          'x-forwarded-for': '198.51.100.2',
          'x-forwarded-proto': 'https',
          [CSRF_HEADER]: SIGN_IN_CSRF_TOKEN,
        },
      });
      expect(String(secure.headers['set-cookie'])).toContain('Secure');
      expect(response.envelope?.data).toMatchObject({
        name: 'credit-1',
        role: 'credit',
        menu: ['dashboard', 'orders', 'borrowers', 'payments', 'decision-models'],
      });
      const stored = await t.app.db
        .selectFrom('operators')
        .select('password_hash')
        .where('name', '=', 'credit-1')
        .executeTakeFirstOrThrow();
      expect(stored.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    });

    it('gives each role its own menu, and the CSRF token again after a reload', async () => {
      const menus = Object.fromEntries(
        await Promise.all(
          operatorRoles.map(async (role) => {
            const me = await call(endpoints.consoleMe, role, {}, false);
            expect(me.status).toBe(200);
            expect((me.envelope?.data as { csrfToken: string }).csrfToken).toBe(as[role]!.csrf);
            return [role, (me.envelope?.data as { menu: string[] }).menu];
          }),
        ),
      );
      expect(menus).toEqual({
        viewer: ['dashboard', 'orders', 'borrowers', 'payments', 'complaints', 'funnel', 'collections'],
        agent: ['dashboard', 'orders', 'borrowers', 'payments', 'complaints'],
        credit: ['dashboard', 'orders', 'borrowers', 'payments', 'decision-models'],
        finance: [
          'dashboard',
          'orders',
          'borrowers',
          'payments',
          'portfolio',
          'ledger',
          'reports',
          'approvals',
          'regulatory',
        ],
        collector: ['dashboard', 'orders', 'borrowers', 'payments', 'collections'],
        compliance: ['dashboard', 'orders', 'borrowers', 'payments', 'identity', 'aml', 'regulatory'],
        dpo: ['dashboard', 'privacy'],
        admin: [
          'dashboard',
          'orders',
          'borrowers',
          'payments',
          'complaints',
          'funnel',
          'collections',
          'portfolio',
          'ledger',
          'reports',
          'approvals',
          'decision-models',
          'privacy',
          'identity',
          'aml',
          'regulatory',
          'products',
          'templates',
          'collection-templates',
          'service',
          'brand',
          'operators',
          'audit',
        ],
      });
    });

    it('throttles the sixth wrong password within a minute, even when the sixth is right', async () => {
      const name = 'viewer-1';
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const wrong = await attemptSignIn(name, `203.0.113.${attempt}`, 'wrong password');
        expect(wrong.status).toBe(401);
        expect(wrong.envelope?.message).toBe(messages.consoleSignInFailed);
      }
      const sixth = await attemptSignIn(name, '203.0.113.9', 'wrong password');
      expect(sixth.status).toBe(429);
      expect(sixth.envelope?.message).toBe(messages.consoleSignInThrottled);
      const right = await attemptSignIn(name, '203.0.113.10', PASSWORD);
      expect(right.status).toBe(429);
      expect(right.headers['set-cookie']).toBeUndefined();
    });

    it('throttles one address across accounts', { timeout: 120_000 }, async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 31; attempt += 1) {
        statuses.push((await attemptSignIn(`nobody-${attempt}`, '192.0.2.77', 'x')).status);
      }
      expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
    });

    it('answers an unknown name exactly like a wrong password', async () => {
      const unknown = await attemptSignIn('ghost', '198.51.100.40', PASSWORD);
      expect(unknown.status).toBe(401);
      expect(unknown.envelope?.message).toBe(messages.consoleSignInFailed);
    });

    it('asks for the TOTP code once set up, and takes each code once', async () => {
      const operatorId = await createOperator(t.app.db, {
        name: 'totp-1',
        role: 'viewer',
        now: clock.now(),
        passwordHash: await passwordHash,
      });
      const secret = await setUpTotp(t.app, operatorId);
      // At rest the secret is sealed with the account key ring, bound to this operator.
      const stored = await t.app.db
        .selectFrom('operators')
        .select('totp_secret')
        .where('id', '=', operatorId)
        .executeTakeFirstOrThrow();
      expect(stored.totp_secret).toMatch(/^sealed:/);
      expect(stored.totp_secret).not.toContain(secret);
      const code = totpCode(secret, totpStep(clock.now()));
      const wrongCode = code === '000000' ? '111111' : '000000';
      // Without the code, or with a wrong one, the right password is answered exactly as a wrong one.
      for (const totp of ['', wrongCode]) {
        const right = await attemptSignIn('totp-1', '198.51.100.50', PASSWORD, totp);
        const wrong = await attemptSignIn('totp-1', '198.51.100.51', 'wrong password', totp);
        expect(right.status, totp).toBe(401);
        expect(right.envelope?.message, totp).toBe(messages.consoleSignInFailed);
        expect({ status: right.status, envelope: right.envelope }, totp).toEqual({
          status: wrong.status,
          envelope: wrong.envelope,
        });
      }
      await signIn('totp-1', '198.51.100.50', PASSWORD, code);
      expect((await attemptSignIn('totp-1', '198.51.100.50', PASSWORD, code)).status).toBe(401);
    });

    it('refuses a sign-in without the CSRF header (a form another site posts), leaving the browser its device', async () => {
      const own = await signIn('admin-1', '198.51.100.70');
      // The attacker's own good credentials, posted from their page into the admin's browser.
      const forged = await callEndpoint(t.app, endpoints.consoleSignIn, {
        body: { name: 'credit-1', password: PASSWORD, totp: '' },
        headers: { 'x-forwarded-for': '198.51.100.70', cookie: own.device },
      });
      expect(forged.status).toBe(403);
      expect(forged.envelope?.message).toBe(messages.csrfRefused);
      expect(forged.headers['set-cookie']).toBeUndefined();
      const emptyHeader = await callEndpoint(t.app, endpoints.consoleSignIn, {
        body: { name: 'credit-1', password: PASSWORD, totp: '' },
        headers: { 'x-forwarded-for': '198.51.100.70', cookie: own.device, [CSRF_HEADER]: '' },
      });
      expect(emptyHeader.status).toBe(403);
      expect(emptyHeader.headers['set-cookie']).toBeUndefined();
    });

    it('ends the session on sign-out', async () => {
      const session = await signIn('finance-1', '198.51.100.60');
      const headers = { cookie: session.cookie, [CSRF_HEADER]: session.csrf };
      expect((await callEndpoint(t.app, endpoints.consoleSignOut, { headers })).status).toBe(200);
      expect((await callEndpoint(t.app, endpoints.consoleMe, { headers })).status).toBe(401);
    });

    it('ends a session idle for half an hour', async () => {
      const session = await signIn('agent-1', '198.51.100.61');
      clock.advance(31 * 60_000);
      expect(
        (await callEndpoint(t.app, endpoints.consoleMe, { headers: { cookie: session.cookie } })).status,
      ).toBe(401);
      // The shared sessions stay live for the other tests.
      for (const role of operatorRoles) as[role] = await signIn(`${role}-1`, '198.51.100.1');
    }, 60_000); // signs every role in again: one password hash each, slow on a busy machine
  });

  describe('security', () => {
    it("refuses a viewer's write with 403 and changes nothing", async () => {
      const orderId = await orderUnderReview();
      const before = await auditRows();
      const response = await call(endpoints.consoleApproveOrder, 'viewer', { orderId: String(orderId) });
      expect(response.status).toBe(403);
      expect(response.envelope?.message).toBe(messages.operatorRoleRefused);
      expect(await orderStatus(orderId)).toBe(OrderStatus.UnderReview);
      const product = await call(endpoints.consoleProductState, 'viewer', { productId: '1', op: 'pause' });
      expect(product.status).toBe(403);
      expect(await auditRows()).toEqual(before);
    });

    it('refuses a write without the CSRF token and changes nothing', async () => {
      const orderId = await orderUnderReview();
      const before = await auditRows();
      const response = await call(
        endpoints.consoleApproveOrder,
        'credit',
        { orderId: String(orderId) },
        false,
      );
      expect(response.status).toBe(403);
      expect(response.envelope?.message).toBe(messages.csrfRefused);
      const foreign = await callEndpoint(t.app, endpoints.consoleApproveOrder, {
        body: { orderId: String(orderId) },
        headers: { cookie: as.credit!.cookie, [CSRF_HEADER]: as.admin!.csrf },
      });
      expect(foreign.status).toBe(403);
      expect(await orderStatus(orderId)).toBe(OrderStatus.UnderReview);
      expect(await auditRows()).toEqual(before);
    });

    it('lets a borrower session reach no console call', async () => {
      const session = await demoSession(t.app);
      for (const endpoint of Object.values(endpoints).filter((e) => e.auth === 'operator')) {
        const response = await callEndpoint(t.app, endpoint, { session });
        expect(response.status, endpoint.name).toBe(401);
      }
    });

    it('makes a console session no borrower session', async () => {
      for (const endpoint of Object.values(endpoints).filter((e) => e.auth === 'borrower')) {
        const response = await t.app.inject({
          method: endpoint.method,
          url: endpoint.path,
          headers: { cookie: as.admin!.cookie, [CSRF_HEADER]: as.admin!.csrf },
        });
        expect(response.statusCode, endpoint.name).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, endpoint.name).not.toBe(200);
      }
      const kf = await t.app.inject({
        method: 'POST',
        url: endpoints.contactKfInfo.path,
        headers: { cookie: as.admin!.cookie },
      });
      expect(kf.statusCode).toBe(401);
    });

    it('keeps the audit log append-only at the database', async () => {
      await t.app.db
        .insertInto('operator_audit')
        .values({
          operator_id: 1,
          operator_name: 'test',
          action: 'test',
          subject: 'test:1',
          before_json: null,
          after_json: null,
          created_at: clock.now().toISOString(),
        })
        .execute();
      await expect(sql`update operator_audit set action = 'x'`.execute(t.app.db)).rejects.toThrow(
        /append-only/,
      );
      await expect(sql`delete from operator_audit`.execute(t.app.db)).rejects.toThrow(/append-only/);
    });

    it('checks roles on every console call as the contract says', () => {
      for (const endpoint of Object.values(endpoints).filter((e) => e.auth === 'operator')) {
        expect(endpoint.roles?.length, endpoint.name).toBeGreaterThan(0);
      }
      expect(endpoints.consoleDisburseOrder.roles).toEqual(ConsoleRoles.disburseOrders);
    });
  });

  describe('orders', () => {
    it('admin alone writes off a disbursed order, with a reason, audited with what it owed (decision 0099)', async () => {
      const [orderId] = (await createReviewOrders(1)) as [number];
      const id = { orderId: String(orderId) };
      await call(endpoints.consoleApproveOrder, 'credit', id);
      const { product_id: productId } = await t.app.db
        .selectFrom('orders')
        .select('product_id')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      await bindCard(t.app, await demoSession(t.app), productId);
      await call(endpoints.consoleDisburseOrder, 'finance', id);

      expect((await call(endpoints.consoleWriteOffOrder, 'finance', { ...id, reason: 'gone' })).status).toBe(
        403,
      );
      const noReason = await call(endpoints.consoleWriteOffOrder, 'admin', id);
      expect(noReason.envelope?.message).toContain('needs a reason');
      const done = await call(endpoints.consoleWriteOffOrder, 'admin', {
        ...id,
        reason: 'borrower deceased',
      });
      expect(done.envelope, JSON.stringify(done.envelope)).toMatchObject({
        data: { orderId, status: OrderStatus.WrittenOff },
      });
      expect((done.envelope?.data as { writtenOff: number }).writtenOff).toBeGreaterThan(0);
      const again = await call(endpoints.consoleWriteOffOrder, 'admin', {
        ...id,
        reason: 'borrower deceased',
      });
      expect(again.envelope?.message).toContain('cannot be written off');

      const rows = (await auditRows()).filter(
        (row) => row.subject === `order:${orderId}` && row.action === 'order.write-off',
      );
      expect(rows).toHaveLength(1);
      expect(JSON.parse(rows[0]!.after_json!)).toMatchObject({ reason: 'borrower deceased' });
      expect(JSON.parse(rows[0]!.before_json!).owed.principal).toBeGreaterThan(0);
    });

    it('credit approves, finance disburses; each write leaves an audit row with before and after', async () => {
      const [orderId] = (await createReviewOrders(1)) as [number];
      expect(
        (await call(endpoints.consoleDisburseOrder, 'credit', { orderId: String(orderId) })).status,
      ).toBe(403);
      expect(
        (await call(endpoints.consoleApproveOrder, 'finance', { orderId: String(orderId) })).status,
      ).toBe(403);
      const approved = await call(endpoints.consoleApproveOrder, 'credit', { orderId: String(orderId) });
      expect(approved.envelope?.data).toEqual({ orderId, status: OrderStatus.Approved });
      const again = await call(endpoints.consoleApproveOrder, 'credit', { orderId: String(orderId) });
      expect(again.envelope?.code).toBe('409');
      // The payout goes to the borrower's default payment account (decision 0052).
      const { product_id: productId } = await t.app.db
        .selectFrom('orders')
        .select('product_id')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      await bindCard(t.app, await demoSession(t.app), productId);
      const disbursed = await call(endpoints.consoleDisburseOrder, 'finance', { orderId: String(orderId) });
      expect(disbursed.envelope?.data).toEqual({
        orderId,
        status: OrderStatus.Repaying,
        pendingRequestId: null,
      });

      const rows = (await auditRows()).filter((row) => row.subject === `order:${orderId}`);
      expect(rows.map((row) => [row.operator_name, row.action, JSON.parse(row.before_json!).status])).toEqual(
        [
          ['credit-1', 'order.approve', OrderStatus.UnderReview],
          ['finance-1', 'order.disburse', OrderStatus.Approved],
        ],
      );
      expect(JSON.parse(rows[1]!.after_json!)).toMatchObject({
        status: OrderStatus.Repaying,
        disbursedOn: '2026-11-23',
      });

      const page = await call(endpoints.consoleOrder, 'viewer', { orderId: String(orderId) });
      const history = (page.envelope?.data as { history: { actor: string; to: number }[] }).history;
      expect(history.slice(-2)).toMatchObject([
        { actor: 'operator:credit-1', to: OrderStatus.Approved },
        { actor: 'operator:finance-1', to: OrderStatus.Repaying },
      ]);
    });

    it('a refused payout answers 409, keeps the order approved and is audited', async () => {
      const [orderId] = (await createReviewOrders(1)) as [number];
      await call(endpoints.consoleApproveOrder, 'credit', { orderId: String(orderId) });
      const { product_id: productId } = await t.app.db
        .selectFrom('orders')
        .select('product_id')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      // The sandbox refuses account numbers ending in 0000.
      await bindCard(t.app, await demoSession(t.app), productId, '6222021234560000');
      const refused = await call(endpoints.consoleDisburseOrder, 'finance', { orderId: String(orderId) });
      expect(refused.envelope?.code).toBe('409');
      expect(refused.envelope?.message).toContain('**** 0000');
      const order = await t.app.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(order.status).toBe(OrderStatus.Approved);
      const rows = (await auditRows()).filter((row) => row.subject === `order:${orderId}`);
      expect(rows.map((row) => row.action)).toEqual(['order.approve', 'order.disburse.refused']);
      expect(JSON.parse(rows[1]!.after_json!)).toMatchObject({
        status: OrderStatus.Approved,
        account: '**** 0000',
      });
      // The borrower binds another account; the next disbursement pays it.
      await bindCard(t.app, await demoSession(t.app), productId);
      const paid = await call(endpoints.consoleDisburseOrder, 'finance', { orderId: String(orderId) });
      expect(paid.envelope?.data).toEqual({ orderId, status: OrderStatus.Repaying, pendingRequestId: null });
      // The order page lists both attempts: the refused one with why, the paid one with its reference.
      const page = await call(endpoints.consoleOrder, 'viewer', { orderId: String(orderId) });
      const payouts = (
        page.envelope?.data as {
          payouts: { status: string; reference: string | null; failure: string | null }[];
        }
      ).payouts;
      expect(payouts.map((payout) => payout.status)).toEqual(['failed', 'sent']);
      expect(payouts[0]!.failure).not.toBeNull();
      const sent = await t.app.db
        .selectFrom('disbursements')
        .select('reference')
        .where('order_id', '=', orderId)
        .where('status', '=', 'sent')
        .executeTakeFirstOrThrow();
      expect(sent.reference).toBeTruthy();
      expect(payouts[1]!.reference).toBe(sent.reference);
    });

    it('refuses a rejection without a reason, and records one with it', async () => {
      const [orderId] = (await createReviewOrders(1)) as [number];
      const before = await auditRows();
      const missing = await call(endpoints.consoleRejectOrder, 'credit', {
        orderId: String(orderId),
        reason: '  ',
      });
      expect(missing.status).toBe(400);
      expect(missing.envelope?.message).toBe(messages.consoleReasonRequired);
      expect(await auditRows()).toEqual(before);
      const rejected = await call(endpoints.consoleRejectOrder, 'credit', {
        orderId: String(orderId),
        reason: 'Income not verified',
      });
      expect(rejected.envelope?.data).toEqual({ orderId, status: OrderStatus.Rejected });
      const row = (await auditRows()).at(-1)!;
      expect(row).toMatchObject({
        action: 'order.reject',
        subject: `order:${orderId}`,
        operator_name: 'credit-1',
      });
      expect(JSON.parse(row.after_json!)).toEqual({
        status: OrderStatus.Rejected,
        reason: 'Income not verified',
      });
    });

    it('answers a missing order with 404 and writes nothing', async () => {
      const before = await auditRows();
      expect((await call(endpoints.consoleApproveOrder, 'credit', { orderId: '999999' })).status).toBe(404);
      expect((await call(endpoints.consoleOrder, 'credit', { orderId: '999999' })).status).toBe(404);
      expect(await auditRows()).toEqual(before);
    });

    it('pages the queue, filters by status, finds by order number and phone, masks phones for a viewer', async () => {
      const first = await call(endpoints.consoleOrders, 'viewer', { pageSize: '2' });
      const data = first.envelope?.data as { items: { orderNo: string; phone: string }[]; hasMore: boolean };
      expect(data.items).toHaveLength(2);
      expect(data.hasMore).toBe(true);
      expect(data.items[0]!.phone).toMatch(/^\*+\d{4}$/);
      const byNo = await call(endpoints.consoleOrders, 'credit', { q: data.items[0]!.orderNo });
      expect((byNo.envelope?.data as { items: unknown[] }).items).toHaveLength(1);
      const byPhone = await call(endpoints.consoleOrders, 'credit', { q: '13912345678' });
      const phoneItems = (byPhone.envelope?.data as { items: { phone: string }[] }).items;
      expect(phoneItems.length).toBeGreaterThan(1);
      expect(phoneItems.every((item) => item.phone === '13912345678')).toBe(true);
      const review = await call(endpoints.consoleOrders, 'viewer', { status: String(OrderStatus.Overdue) });
      expect(
        (review.envelope?.data as { items: { status: number }[] }).items.every((i) => i.status === 180),
      ).toBe(true);
      expect((await call(endpoints.consoleOrders, 'viewer', { pageSize: '101' })).status).toBe(400);
    });

    it("counts the dashboard; its overdue is the collections queue's, one definition for both", async () => {
      // A loan still in 170 with its first instalment missed is overdue for collections (decision 0098).
      const line = await t.app.db
        .selectFrom('order_plan_lines')
        .innerJoin('orders', 'orders.id', 'order_plan_lines.order_id')
        .select(['order_plan_lines.order_id', 'order_plan_lines.seq'])
        .where('orders.status', '=', OrderStatus.Repaying)
        .whereRef('order_plan_lines.paid_amount', '<', 'order_plan_lines.amount')
        .orderBy('order_plan_lines.order_id')
        .orderBy('order_plan_lines.seq')
        .executeTakeFirstOrThrow();
      await t.app.db
        .updateTable('order_plan_lines')
        .set({ due_date: '2026-01-02' })
        .where('order_id', '=', line.order_id)
        .where('seq', '=', line.seq)
        .execute();
      const response = await call(endpoints.consoleDashboard, 'finance');
      const data = response.envelope?.data as {
        byStatus: { status: number; count: number }[];
        overdue: number;
      };
      const queue = (await call(endpoints.consoleCollections, 'viewer')).envelope?.data as {
        counts: { count: number }[];
      };
      const inQueue = queue.counts.reduce((sum, bucket) => sum + bucket.count, 0);
      expect(inQueue).toBeGreaterThan(0);
      expect(data.overdue).toBe(inQueue);
      // Held payments are counted where they are made: console-payments.test.ts.
    });
  });

  describe('complaints', () => {
    it('lists oldest first with the 3-weekday line, and an agent replies with text and an image (audited)', async () => {
      const session = await demoSession(t.app);
      const filed = await callEndpoint(t.app, endpoints.problemSave, {
        session,
        body: { problemType: '5', problemDetail: 'Please call me back about my order' },
      });
      const problemId = (filed.envelope?.data as { problemId: number }).problemId;
      clock.advance(5 * 86_400_000); // Monday → Saturday: 4 weekdays later, past the line
      for (const role of operatorRoles) as[role] = await signIn(`${role}-1`, '198.51.100.1');
      const inbox = await call(endpoints.consoleComplaints, 'agent');
      const items = (inbox.envelope?.data as { items: { id: number; pastLine: boolean }[] }).items;
      expect(items.find((item) => item.id === problemId)?.pastLine).toBe(true);
      expect((await call(endpoints.consoleComplaints, 'credit')).status).toBe(403);

      const before = await auditRows();
      const image = await jpegImage();
      const reply = await replyWith(as.agent!, problemId, 'We called you back; all settled.', image);
      expect(reply.statusCode, reply.body).toBe(200);
      const viewerReply = await replyWith(as.viewer!, problemId, 'no', image);
      expect(viewerReply.statusCode).toBe(403);
      const rows = (await auditRows()).slice(before.length);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        action: 'complaint.reply',
        subject: `problem:${problemId}`,
        operator_name: 'agent-1',
      });
      expect(JSON.parse(rows[0]!.after_json!)).toMatchObject({
        text: 'We called you back; all settled.',
        images: 1,
      });

      const detail = await callEndpoint(t.app, endpoints.problemDetail, {
        session: await demoSession(t.app),
        body: { problemId: String(problemId) },
      });
      expect(JSON.stringify(detail.envelope?.data)).toContain('We called you back; all settled.');
      const twice = await replyWith(as.agent!, problemId, 'again', image);
      expect(twice.json()).toMatchObject({ kwc: '409' });
    }, 60_000); // re-encodes an image: slow on a busy machine

    it('a reply carries as many images as a complaint may (Limits.complaintImagesMax), not fewer', async () => {
      const session = await demoSession(t.app);
      const filed = await callEndpoint(t.app, endpoints.problemSave, {
        session,
        body: { problemType: '5', problemDetail: 'Please send me the receipts' },
      });
      const problemId = (filed.envelope?.data as { problemId: number }).problemId;
      const image = await jpegImage();
      const images = Array.from({ length: Limits.complaintImagesMax }, () => image);
      const reply = await replyWith(as.agent!, problemId, 'Here are all of them.', images);
      expect(reply.statusCode, reply.body).toBe(200);
      const detail = await callEndpoint(t.app, endpoints.problemDetail, {
        session,
        body: { problemId: String(problemId) },
      });
      expect((detail.envelope?.data as { disposeImages: string[] }).disposeImages).toHaveLength(
        Limits.complaintImagesMax,
      );
    });
  });

  describe('products, funnel, audit', () => {
    it('an admin changes a rate (audited), refuses invalid terms, and previews the plans', async () => {
      const products = (await call(endpoints.consoleProducts, 'admin')).envelope?.data as {
        id: number;
        name: string;
        termRateBps: number;
        termDays: number;
        periods: number;
        minTermDays: number;
        maxTermDays: number;
        minAmount: number;
        maxAmount: number;
      }[];
      const product = products[0]!;
      // The spec's market writes amounts as 1.500,50.
      const pesos = (minor: number) => formatMoney(minor, markets.spec.money);
      const text = {
        productId: String(product.id),
        name: product.name,
        minAmount: pesos(product.minAmount),
        maxAmount: pesos(product.maxAmount),
        termDays: String(product.termDays),
        periods: String(product.periods),
        minTermDays: String(product.minTermDays),
        maxTermDays: String(product.maxTermDays),
        rate: String((product.termRateBps * 2) / 100).replace('.', ','),
        ratePer: 'term',
      };
      const before = await auditRows();
      const bad = await call(endpoints.consoleSaveProduct, 'admin', { ...text, maxAmount: '1,500.50' });
      expect(bad.status).toBe(400);
      expect(bad.envelope?.message).toMatch(/^The product is not valid: maxAmount: "1,500.50"/);
      expect(await auditRows()).toEqual(before);
      const preview = await call(endpoints.consoleProductPreview, 'admin', text);
      const previewed = preview.envelope?.data as {
        plans: { principal: number; charges: number; total: number; eirMonthly: number }[];
      };
      expect(previewed.plans.map((plan) => plan.principal)).toEqual([product.minAmount, product.maxAmount]);
      expect(await auditRows()).toEqual(before);
      const saved = await call(endpoints.consoleSaveProduct, 'admin', text);
      expect(saved.envelope?.data).toMatchObject({ status: 'applied', productId: product.id });
      const row = (await auditRows()).at(-1)!;
      expect(row.action).toBe('money.product_change');
      expect(JSON.parse(row.after_json!).terms.termRateBps).toBe(product.termRateBps * 2);
      const after = (await call(endpoints.consoleProducts, 'admin')).envelope?.data as typeof products;
      expect(after.find((p) => p.id === product.id)!.termRateBps).toBe(product.termRateBps * 2);
      const plan = previewed.plans.at(-1)!;
      expect(plan.total).toBe(product.maxAmount + plan.charges);
      expect(plan.eirMonthly).toBeGreaterThan(0);
    });

    it('reads the funnel and the audit log, which the console cannot write', async () => {
      expect((await call(endpoints.consoleFunnel, 'viewer')).status).toBe(200);
      expect((await call(endpoints.consoleFunnel, 'agent')).status).toBe(403);
      const audit = await call(endpoints.consoleAudit, 'admin', { pageSize: '100' });
      const items = (audit.envelope?.data as { items: { action: string }[] }).items;
      expect(items.map((item) => item.action)).toContain('order.approve');
      expect((await call(endpoints.consoleAudit, 'viewer')).status).toBe(403);
      expect(
        Object.values(endpoints).filter(
          (e) => e.path.startsWith('/console/api/audit') && e.method === 'POST',
        ),
      ).toEqual([]);
    });
  });

  async function replyWith(session: Signed, problemId: number, text: string, image: Buffer | Buffer[]) {
    const form = new FormData();
    form.append('problemId', String(problemId));
    form.append('text', text);
    (Array.isArray(image) ? image : [image]).forEach((bytes, index) =>
      form.append(`image${index + 1}`, new Blob([bytes], { type: 'image/jpeg' }), `reply-${index}.jpg`),
    );
    const request = new Request('http://kwarta.test/', { method: 'POST', body: form });
    return t.app.inject({
      method: 'POST',
      url: endpoints.consoleReplyComplaint.path,
      headers: {
        'content-type': request.headers.get('content-type') ?? '',
        cookie: session.cookie,
        [CSRF_HEADER]: session.csrf,
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  }

  async function createReviewOrders(count: number): Promise<number[]> {
    const source = await t.app.db
      .selectFrom('orders')
      .innerJoin('products', 'products.id', 'orders.product_id')
      .selectAll('orders')
      .where('products.withdraw_confirm_url', '=', '')
      .orderBy('orders.id')
      .executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const { id: _id, ...rest } = source;
      const row = await t.app.db
        .insertInto('orders')
        .values({
          ...rest,
          status: OrderStatus.UnderReview,
          order_no: `${source.order_no}-T${Date.now()}${index}`,
          request_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return ids;
  }
});
