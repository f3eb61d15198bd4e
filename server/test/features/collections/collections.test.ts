import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRuleText, endpoints, messages, ResultCode, type Endpoint } from '@kwarta/contract';
import { addDays, complianceProfiles, formatMoney, type CalendarDate } from '@kwarta/domain';
import { callConsole, consoleSignedIn, type ConsoleSession } from '../../support/console.ts';
import { heldPayment } from '../../support/held-payment.ts';
import { repayableOrder } from '../../support/repayment.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { createOperator, hashPassword } from '../../../src/features/operators/index.ts';

const PASSWORD = 'collections-test-password';
const HOUR = 3_600_000;

interface QueueRow {
  orderId: number;
  phone: string;
  daysPastDue: number;
  bucket: string;
  amountDueNow: number;
  assignedTo: string | null;
  lastContactAt: string | null;
  promise: { amount: number; promisedOn: string; state: string } | null;
}
interface Queue {
  items: QueueRow[];
  counts: { bucket: string; count: number }[];
  hasMore: boolean;
}

/**
 * The collections queue (decision 0098) on a PH deployment (SEC MC 18 hours: 06:00–22:00 in
 * Manila, any hour more than 15 days past due), with a fixed clock.
 */
describe.each(databaseTargets)('collections on %s', (target) => {
  const clock = testClock('2026-11-23T02:00:00.000Z'); // 10:00 in Manila
  const today = '2026-11-23' as CalendarDate;
  let t: TestApp;
  const as: Record<string, ConsoleSession> = {};
  let baseline: Queue['counts'];
  const orders: Record<string, Awaited<ReturnType<typeof repayableOrder>>> = {};

  beforeAll(async () => {
    t = await createTestApp(target, { clock });
    const passwordHash = await hashPassword(PASSWORD);
    const operators = [
      ['viewer-1', 'viewer'],
      ['agent-1', 'agent'],
      ['collector-1', 'collector'],
      ['collector-2', 'collector'],
      ['admin-1', 'admin'],
      ['admin-2', 'admin'],
    ] as const;
    for (const [name, role] of operators) {
      await createOperator(t.app.db, { name, role, now: clock.now(), passwordHash });
    }
    await signInAll();
    baseline = (await queue('admin-1')).counts;
    const overdue = (days: number, options: { status?: number; lines?: number } = {}) =>
      repayableOrder(t.app, { status: 180, firstDue: addDays(today, -days), ...options });
    orders.five = await overdue(5);
    orders.twenty = await overdue(20);
    orders.fortyFive = await overdue(45);
    orders.hundred = await overdue(100);
    // Still "repaying" (170) with its first instalment three days late: overdue all the same.
    orders.threeOfTwo = await overdue(3, { status: 170, lines: 2 });
    orders.notYet = await repayableOrder(t.app, { status: 170, firstDue: addDays(today, 4) });
  });
  afterAll(() => t.close());

  let round = 0;
  /** Signs every operator in afresh (console sessions end after 30 idle minutes). */
  async function signInAll() {
    round += 1;
    for (const name of ['viewer-1', 'agent-1', 'collector-1', 'collector-2', 'admin-1', 'admin-2'])
      as[name] = await consoleSignedIn(t.app, { name, password: PASSWORD, address: `198.51.100.${round}` });
  }
  async function advance(ms: number) {
    clock.advance(ms);
    await signInAll();
  }
  const call = (who: string, endpoint: Endpoint, body: Record<string, string | number> = {}) =>
    callConsole(
      t.app,
      as[who]!,
      endpoint,
      Object.fromEntries(Object.entries(body).map(([key, value]) => [key, String(value)])),
    );
  async function queue(who: string, body: Record<string, string> = {}): Promise<Queue> {
    const response = await call(who, endpoints.consoleCollections, { pageSize: '100', ...body });
    expect(response.status, JSON.stringify(response.envelope)).toBe(200);
    return response.envelope!.data as Queue;
  }
  const row = (q: Queue, order: { orderId: number }) =>
    q.items.find((item) => item.orderId === order.orderId);
  const panel = async (orderId: number) =>
    (await call('collector-1', endpoints.consoleCollectionsOrder, { orderId })).envelope!.data as {
      contacts: { kind: string; outcome: string; note: string; operator: string }[];
      promises: { amount: number; promisedOn: string; state: string }[];
      assignedTo: string | null;
      contactAllowedNow: boolean;
    };
  const auditOf = (orderId: number) =>
    t.app.db
      .selectFrom('operator_audit')
      .select(['operator_name', 'action', 'after_json'])
      .where('subject', '=', `order:${orderId}`)
      .orderBy('id')
      .execute();

  it('sorts overdue orders into buckets by the oldest unpaid line, longest overdue first, with counts', async () => {
    const all = await queue('collector-1');
    const ours = Object.values(orders).map((order) => row(all, order));
    expect(ours.map((item) => item && [item.daysPastDue, item.bucket])).toEqual([
      [5, '1-15'],
      [20, '16-30'],
      [45, '31-60'],
      [100, '90+'],
      [3, '1-15'],
      undefined,
    ]);
    // Only the instalment due is due now (the 170 order's second line is not yet).
    expect(row(all, orders.threeOfTwo!)!.amountDueNow).toBe(orders.threeOfTwo!.lineAmount);
    const days = all.items.map((item) => item.daysPastDue);
    expect(days).toEqual([...days].sort((a, b) => b - a));
    const added = all.counts.map((count, index) => count.count - baseline[index]!.count);
    expect(added).toEqual([2, 1, 1, 0, 1]);

    const sixteenToThirty = await queue('collector-1', { bucket: '16-30' });
    expect(sixteenToThirty.items.every((item) => item.daysPastDue >= 16 && item.daysPastDue <= 30)).toBe(
      true,
    );
    expect(row(sixteenToThirty, orders.twenty!)).toBeDefined();
    expect(row(sixteenToThirty, orders.five!)).toBeUndefined();
    const paged = await queue('collector-1', { pageSize: '1' });
    expect(paged.items).toHaveLength(1);
    expect(paged.hasMore).toBe(true);
  });

  it('shows the viewer the queue read-only with phones masked, refuses the agent, lets the collector write', async () => {
    const phone = orders.five!.phone;
    expect(row(await queue('viewer-1'), orders.five!)!.phone).not.toBe(phone);
    expect(row(await queue('viewer-1'), orders.five!)!.phone).toMatch(new RegExp(`${phone.slice(-4)}$`));
    expect(row(await queue('collector-1'), orders.five!)!.phone).toBe(phone);
    expect((await call('agent-1', endpoints.consoleCollections)).status).toBe(403);
    const contact = { orderId: orders.five!.orderId, kind: 'call', outcome: 'no-answer', note: 'rang twice' };
    for (const who of ['viewer-1', 'agent-1']) {
      expect((await call(who, endpoints.consoleRecordContact, contact)).status).toBe(403);
      expect(
        (await call(who, endpoints.consoleAssignCollector, { orderId: orders.five!.orderId })).status,
      ).toBe(403);
    }
    expect((await call('collector-1', endpoints.consoleCollectionTemplates)).status).toBe(403);
    const recorded = await call('collector-1', endpoints.consoleRecordContact, contact);
    expect(recorded.envelope).toMatchObject({ data: { promiseId: null } });
    expect((await panel(orders.five!.orderId)).contacts[0]).toMatchObject({
      kind: 'call',
      outcome: 'no-answer',
      note: 'rang twice',
      operator: 'collector-1',
    });
    expect(row(await queue('viewer-1'), orders.five!)!.lastContactAt).toBe(clock.now().toISOString());
  });

  it('keeps a promise when payments posted after it reach the amount by its date', async () => {
    const order = orders.five!;
    const promised = await call('collector-1', endpoints.consoleRecordContact, {
      orderId: order.orderId,
      kind: 'call',
      outcome: 'promised',
      note: 'pays on Wednesday',
      promiseAmount: order.lineAmount,
      promiseDate: addDays(today, 2),
    });
    expect((promised.envelope!.data as { promiseId: number | null }).promiseId).toEqual(expect.any(Number));
    expect(row(await queue('collector-1'), order)!.promise).toMatchObject({
      amount: order.lineAmount,
      promisedOn: addDays(today, 2),
      state: 'pending',
    });
    await advance(HOUR);
    await heldPayment(t.app, order, { expected: order.lineAmount, received: order.lineAmount });
    expect((await panel(order.orderId)).promises[0]).toMatchObject({ state: 'kept' });
    const audit = await auditOf(order.orderId);
    expect(audit.map((entry) => entry.action)).toEqual(['collection.contact', 'collection.contact.promise']);
    expect(JSON.parse(audit[1]!.after_json!)).toMatchObject({
      promise: { amount: order.lineAmount, date: addDays(today, 2) },
    });
  });

  it('sends only templates an admin approved, with the placeholders filled, and audits each step', async () => {
    const bad = await call('admin-1', endpoints.consoleSaveCollectionTemplate, {
      name: 'Typo',
      text: 'Hi {nmae}',
    });
    expect(bad.status).toBe(400);
    const saved = await call('admin-1', endpoints.consoleSaveCollectionTemplate, {
      name: 'Friendly',
      text: '{brand}: Hi {name}, {amount} has been due since {dueDate}.',
    });
    const template = saved.envelope!.data as { id: number; approved: boolean };
    expect(template.approved).toBe(false);
    const order = orders.twenty!;
    const send = () =>
      call('collector-1', endpoints.consoleSendCollectionSms, {
        orderId: order.orderId,
        templateId: template.id,
      });
    expect((await send()).envelope).toMatchObject({
      code: ResultCode.conflict,
      message: messages.collectionTemplateNotApproved,
    });
    expect((await panel(order.orderId)).contacts).toEqual([]);
    // Maker-checker (decision 0110): the admin who wrote it cannot approve it; another admin does.
    expect(
      (await call('admin-1', endpoints.consoleApproveCollectionTemplate, { templateId: template.id }))
        .envelope,
    ).toMatchObject({ message: messages.approvalOwnProposal });
    expect((await send()).envelope).toMatchObject({ message: messages.collectionTemplateNotApproved });
    await call('admin-2', endpoints.consoleApproveCollectionTemplate, { templateId: template.id });
    const sent = await send();
    const text = `Kwarta: Hi Ana Reyes, ${formatMoney(order.lineAmount, t.app.config.market.money)} has been due since ${addDays(today, -20)}.`;
    expect(sent.envelope).toMatchObject({ code: ResultCode.success, data: { text } });
    const queued = await t.app.db
      .selectFrom('sms_messages')
      .select(['purpose', 'phone', 'text', 'status', 'plan_line_id'])
      .where('order_id', '=', order.orderId)
      .execute();
    expect(queued).toEqual([
      { purpose: 'collection', phone: order.phone, text, status: 'queued', plan_line_id: null },
    ]);
    expect((await panel(order.orderId)).contacts[0]).toMatchObject({
      kind: 'sms',
      outcome: 'queued',
      note: 'Friendly',
    });
    // An edit needs approval again.
    await call('admin-1', endpoints.consoleSaveCollectionTemplate, {
      templateId: String(template.id),
      name: 'Friendly',
      text: '{brand}: {name}, please pay {amount}.',
    });
    expect((await send()).envelope).toMatchObject({ message: messages.collectionTemplateNotApproved });
    await call('admin-2', endpoints.consoleApproveCollectionTemplate, { templateId: template.id });
    const templateAudit = await t.app.db
      .selectFrom('operator_audit')
      .select('action')
      .where('subject', '=', `collection-template:${template.id}`)
      .orderBy('id')
      .execute();
    expect(templateAudit.map((entry) => entry.action)).toEqual([
      'collection.template.save',
      'collection.template.approve',
      'collection.template.save',
      'collection.template.approve',
    ]);
    expect((await auditOf(order.orderId)).map((entry) => entry.action)).toEqual(['collection.sms']);
  });

  it('lets a collector take an unassigned order, not another collector’s; the admin assigns anyone who collects', async () => {
    const order = orders.fortyFive!;
    const take = (who: string) => call(who, endpoints.consoleAssignCollector, { orderId: order.orderId });
    expect((await take('collector-1')).envelope).toMatchObject({ data: { assignedTo: 'collector-1' } });
    expect((await take('collector-2')).envelope).toMatchObject({
      code: ResultCode.conflict,
      message: `Order ${order.orderId} is already assigned to collector-1.`,
    });
    const assign = (collector: string) =>
      call('admin-1', endpoints.consoleAssignCollector, { orderId: order.orderId, collector });
    expect((await assign('viewer-1')).status).toBe(400);
    expect((await assign('collector-2')).envelope).toMatchObject({ data: { assignedTo: 'collector-2' } });
    expect(row(await queue('viewer-1'), order)!.assignedTo).toBe('collector-2');
    const audit = await auditOf(order.orderId);
    expect(audit.map((entry) => [entry.operator_name, entry.action, JSON.parse(entry.after_json!)])).toEqual([
      ['collector-1', 'collection.assign', { assignedTo: 'collector-1' }],
      ['admin-1', 'collection.assign', { assignedTo: 'collector-2' }],
    ]);
  });

  it('refuses a manual SMS after 22:00 with the rule, but allows it more than 15 days past due', async () => {
    const template = (
      (await call('admin-1', endpoints.consoleCollectionTemplates)).envelope!.data as {
        id: number;
        approved: boolean;
      }[]
    ).find((entry) => entry.approved)!;
    await advance(new Date('2026-11-23T23:00:00+08:00').getTime() - clock.now().getTime());
    const send = (order: { orderId: number }) =>
      call('collector-1', endpoints.consoleSendCollectionSms, {
        orderId: order.orderId,
        templateId: template.id,
      });
    const refused = await send(orders.threeOfTwo!);
    const rule = contactRuleText(complianceProfiles['ph-sec-mc3-2022'].contact);
    expect(rule).toBe(
      'Contact is allowed 6:00 a.m.–10:00 p.m. (SEC Memorandum Circular No. 18, s. 2019) unless more than 15 days past due.',
    );
    expect(refused.envelope).toMatchObject({
      code: ResultCode.conflict,
      message: `Not now: ${rule} This order is 3 days past due; next allowed at 2026-11-24 06:00 +08:00.`,
    });
    expect((await panel(orders.threeOfTwo!.orderId)).contactAllowedNow).toBe(false);
    const refusedAudit = (await auditOf(orders.threeOfTwo!.orderId)).at(-1)!;
    expect(refusedAudit.action).toBe('collection.sms.refused');
    expect(
      await t.app.db
        .selectFrom('sms_messages')
        .select('id')
        .where('order_id', '=', orders.threeOfTwo!.orderId)
        .execute(),
    ).toEqual([]);

    const allowed = await send(orders.hundred!);
    expect(allowed.envelope).toMatchObject({ code: ResultCode.success });
    expect(
      await t.app.db
        .selectFrom('sms_messages')
        .select(['any_hour', 'status'])
        .where('order_id', '=', orders.hundred!.orderId)
        .execute(),
    ).toEqual([{ any_hour: 1, status: 'queued' }]);
  });

  it('breaks a promise whose date passed without the money', async () => {
    const order = orders.twenty!;
    await call('collector-1', endpoints.consoleRecordContact, {
      orderId: order.orderId,
      kind: 'message',
      outcome: 'promised',
      note: '',
      promiseAmount: 100_000,
      promiseDate: '2026-11-24',
    });
    await heldPayment(t.app, order, { expected: 50_000, received: 50_000 });
    expect((await panel(order.orderId)).promises[0]).toMatchObject({ state: 'pending' });
    await advance(2 * 24 * HOUR);
    expect((await panel(order.orderId)).promises[0]).toMatchObject({ state: 'broken' });
    expect(
      (
        await call('collector-1', endpoints.consoleRecordContact, {
          orderId: order.orderId,
          kind: 'call',
          outcome: 'promised',
          promiseAmount: 100,
          promiseDate: '2026-11-24',
        })
      ).status,
    ).toBe(400);
    // A date that is not one is refused as such.
    const notADate = await call('collector-1', endpoints.consoleRecordContact, {
      orderId: order.orderId,
      kind: 'call',
      outcome: 'promised',
      promiseAmount: 100,
      promiseDate: '2026-02-30',
    });
    expect(notADate.status).toBe(400);
  });
});
