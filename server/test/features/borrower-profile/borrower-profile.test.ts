import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, messages, ResultCode, type Endpoint } from '@kwarta/contract';
import { addDays, type CalendarDate } from '@kwarta/domain';
import { callConsole, consoleSignedIn, type ConsoleSession } from '../../support/console.ts';
import { bindCard } from '../../support/payment-accounts.ts';
import { repayableOrder } from '../../support/repayment.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { createOperator, hashPassword } from '../../../src/features/operators/index.ts';

const PASSWORD = 'borrower-profile-password';

interface Profile {
  borrower: { id: number; name: string | null; phone: string };
  identityStatus: string;
  payoutAccount: { accountNumber: string } | null;
  loans: { orderId: number; orderNo: string; status: number; balance: number }[];
  payments: unknown[];
  contacts: { note: string; orderNo: string }[];
  notes: { id: number; text: string; operator: string }[];
}
interface Hit {
  borrowerId: number;
  phone: string;
  matched: string;
}

/**
 * The borrower profile and search (decision 0113), and the collections queue's bulk assignment:
 * what an operator sees of one borrower, masked by role, the notes append-only and audited, each
 * kind of search, and an assignment of many orders that applies to all or none.
 */
describe.each(databaseTargets)('the borrower profile on %s', (target) => {
  const clock = testClock('2026-11-23T02:00:00.000Z'); // 10:00 in Manila
  const today = '2026-11-23' as CalendarDate;
  let t: TestApp;
  const as: Record<string, ConsoleSession> = {};
  let ana: Awaited<ReturnType<typeof repayableOrder>>;
  let other: Awaited<ReturnType<typeof repayableOrder>>;
  const CARD = '6222021234564821';

  beforeAll(async () => {
    // The spec's market binds a card (its payout form), whose last four digits search finds.
    t = await createTestApp(target, { clock, env: { MARKET: 'spec' } });
    const passwordHash = await hashPassword(PASSWORD);
    const operators = [
      ['bp-viewer', 'viewer'],
      ['bp-agent', 'agent'],
      ['bp-finance', 'finance'],
      ['bp-collector', 'collector'],
      ['bp-admin', 'admin'],
    ] as const;
    for (const [name, role] of operators)
      await createOperator(t.app.db, { name, role, now: clock.now(), passwordHash });
    for (const [name] of operators)
      as[name] = await consoleSignedIn(t.app, { name, password: PASSWORD, address: '198.51.100.70' });
    ana = await repayableOrder(t.app, { status: 180, firstDue: addDays(today, -10) });
    await t.app.db
      .updateTable('borrowers')
      .set({ full_name: 'Marisol Bautista-Cruz' })
      .where('id', '=', ana.borrowerId)
      .execute();
    await bindCard(t.app, ana.session, ana.productId, CARD);
    other = await repayableOrder(t.app, { status: 170, firstDue: addDays(today, 5) });
  }, 120_000);
  afterAll(() => t.close());

  const call = (who: string, endpoint: Endpoint, body: Record<string, string> = {}) =>
    callConsole(t.app, as[who]!, endpoint, body);
  async function profile(who: string, borrowerId: number): Promise<Profile> {
    const response = await call(who, endpoints.consoleBorrowerProfile, { borrowerId: String(borrowerId) });
    expect(response.status, JSON.stringify(response.envelope)).toBe(200);
    return response.envelope!.data as Profile;
  }
  async function search(who: string, q: string): Promise<Hit[]> {
    const response = await call(who, endpoints.consoleBorrowerSearch, { q });
    expect(response.status, JSON.stringify(response.envelope)).toBe(200);
    return (response.envelope!.data as { rows: Hit[] }).rows;
  }

  it("shows one borrower's own loans with their balance, and no one else's", async () => {
    const seen = await profile('bp-agent', ana.borrowerId);
    expect(seen.borrower).toMatchObject({
      id: ana.borrowerId,
      name: 'Marisol Bautista-Cruz',
      phone: ana.phone,
    });
    expect(seen.identityStatus).toBe('not-submitted');
    expect(seen.loans).toEqual([
      expect.objectContaining({
        orderId: ana.orderId,
        orderNo: ana.orderNo,
        status: 180,
        balance: ana.lineAmount,
      }),
    ]);
    expect(seen.loans.some((loan) => loan.orderId === other.orderId)).toBe(false);
    const missing = await call('bp-agent', endpoints.consoleBorrowerProfile, { borrowerId: '999999' });
    expect(missing.status).toBe(404);
  });

  it('masks the phone and the account number by role, as the order page does', async () => {
    const viewer = await profile('bp-viewer', ana.borrowerId);
    expect(viewer.borrower.phone).toBe(`*******${ana.phone.slice(-4)}`);
    expect(viewer.payoutAccount!.accountNumber).not.toContain(CARD.slice(0, 6));
    expect(viewer.payoutAccount!.accountNumber.endsWith(CARD.slice(-4))).toBe(true);
    const finance = await profile('bp-finance', ana.borrowerId);
    expect(finance.payoutAccount!.accountNumber).toBe(CARD);
    expect(finance.borrower.phone).not.toBe(ana.phone);
    expect((await profile('bp-agent', ana.borrowerId)).borrower.phone).toBe(ana.phone);
  });

  it('records each profile read and each search in the personal-data access log', async () => {
    const logged = () =>
      t.app.db
        .selectFrom('personal_data_access_log')
        .select(['operator_name', 'what'])
        .where('borrower_id', '=', ana.borrowerId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
    await profile('bp-viewer', ana.borrowerId);
    expect(await logged()).toEqual({ operator_name: 'bp-viewer', what: 'borrower profile' });
    await search('bp-agent', ana.phone);
    expect(await logged()).toEqual({ operator_name: 'bp-agent', what: 'borrower search' });
  });

  it('adds notes append-only and audited; the database refuses to edit or delete one', async () => {
    const added = await call('bp-agent', endpoints.consoleBorrowerNote, {
      borrowerId: String(ana.borrowerId),
      text: '  Called about the late instalment; will pay Friday.  ',
    });
    expect(added.status, JSON.stringify(added.envelope)).toBe(200);
    const note = added.envelope!.data as { id: number; text: string; operator: string };
    expect(note).toMatchObject({
      text: 'Called about the late instalment; will pay Friday.',
      operator: 'bp-agent',
    });
    expect((await profile('bp-viewer', ana.borrowerId)).notes).toEqual([expect.objectContaining(note)]);
    const audit = await t.app.db
      .selectFrom('operator_audit')
      .select(['operator_name', 'action', 'after_json'])
      .where('subject', '=', `borrower:${ana.borrowerId}`)
      .execute();
    expect(audit).toEqual([
      {
        operator_name: 'bp-agent',
        action: 'borrower.note',
        after_json: JSON.stringify({ noteId: note.id, text: note.text }),
      },
    ]);
    await expect(
      t.app.db.updateTable('borrower_notes').set({ text: 'changed' }).where('id', '=', note.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.app.db.deleteFrom('borrower_notes').where('id', '=', note.id).execute()).rejects.toThrow(
      /append-only/,
    );
    // A viewer reads notes but does not write them; an empty note and a stranger are refused.
    expect(
      (
        await call('bp-viewer', endpoints.consoleBorrowerNote, {
          borrowerId: String(ana.borrowerId),
          text: 'x',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call('bp-agent', endpoints.consoleBorrowerNote, {
          borrowerId: String(ana.borrowerId),
          text: '   ',
        })
      ).status,
    ).toBe(400);
    expect(
      (await call('bp-agent', endpoints.consoleBorrowerNote, { borrowerId: '999999', text: 'who?' })).status,
    ).toBe(404);
    expect((await profile('bp-agent', ana.borrowerId)).notes).toHaveLength(1);
  });

  it('finds a borrower by name, whole phone, last 4 of the phone, order number and account digits', async () => {
    const found = (hits: Hit[]) => hits.find((hit) => hit.borrowerId === ana.borrowerId);
    expect(found(await search('bp-agent', 'marisol bau'))).toMatchObject({
      matched: 'name',
      phone: ana.phone,
    });
    expect(found(await search('bp-agent', 'Marisol'))).toBeDefined();
    expect(found(await search('bp-agent', 'arisol'))).toBeUndefined();
    expect(found(await search('bp-agent', ana.phone))).toMatchObject({ matched: 'phone' });
    expect(found(await search('bp-agent', ana.phone.slice(-4)))).toMatchObject({ matched: 'phone-last4' });
    expect(found(await search('bp-agent', CARD.slice(-4)))).toMatchObject({ matched: 'account-last4' });
    expect(found(await search('bp-agent', ana.orderNo.toLowerCase()))).toMatchObject({ matched: 'order' });
    expect(found(await search('bp-agent', other.orderNo))).toBeUndefined();
    // The viewer's results are masked like every other read of theirs.
    expect(found(await search('bp-viewer', ana.phone))!.phone).toBe(`*******${ana.phone.slice(-4)}`);
    // A wildcard is a character, not "anything".
    expect(await search('bp-agent', '%%')).toEqual([]);
    const tooShort = await call('bp-agent', endpoints.consoleBorrowerSearch, { q: 'm' });
    expect(tooShort.status).toBe(400);
    expect(tooShort.envelope!.message).toBe(messages.borrowerSearchTooShort);
  });
});

describe.each(databaseTargets)('bulk assignment of collection orders on %s', (target) => {
  const clock = testClock('2026-11-23T02:00:00.000Z');
  const today = '2026-11-23' as CalendarDate;
  let t: TestApp;
  const as: Record<string, ConsoleSession> = {};

  beforeAll(async () => {
    t = await createTestApp(target, { clock });
    const passwordHash = await hashPassword(PASSWORD);
    for (const [name, role] of [
      ['ba-admin', 'admin'],
      ['ba-collector', 'collector'],
      ['ba-agent', 'agent'],
    ] as const) {
      await createOperator(t.app.db, { name, role, now: clock.now(), passwordHash });
      as[name] = await consoleSignedIn(t.app, { name, password: PASSWORD, address: '198.51.100.71' });
    }
  }, 120_000);
  afterAll(() => t.close());

  const overdue = (days: number) => repayableOrder(t.app, { status: 180, firstDue: addDays(today, -days) });
  const assign = (who: string, orderIds: number[] | string, collector = 'ba-collector') =>
    callConsole(t.app, as[who]!, endpoints.consoleAssignCollectorBulk, {
      orderIds: Array.isArray(orderIds) ? orderIds.join(',') : orderIds,
      collector,
    });
  const assignments = (orderIds: number[]) =>
    t.app.db
      .selectFrom('collection_assignments')
      .select('order_id')
      .where('order_id', 'in', orderIds)
      .execute();

  it('assigns every chosen overdue order in one call, audited, and the queue filters by the collector', async () => {
    const orders = [await overdue(3), await overdue(40)];
    const ids = orders.map((order) => order.orderId);
    const response = await assign('ba-admin', ids);
    expect(response.status, JSON.stringify(response.envelope)).toBe(200);
    expect(response.envelope!.data).toEqual({ assigned: 2, assignedTo: 'ba-collector' });
    expect(await assignments(ids)).toHaveLength(2);
    const audit = await t.app.db
      .selectFrom('operator_audit')
      .select(['action', 'after_json'])
      .where('subject', '=', 'collector:ba-collector')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['collection.assign.bulk']);
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ orderIds: ids, assignedTo: 'ba-collector' });
    const queue = await callConsole(t.app, as['ba-admin']!, endpoints.consoleCollections, {
      collector: 'ba-collector',
      sort: 'daysPastDue',
      dir: 'asc',
    });
    expect(queue.status, JSON.stringify(queue.envelope)).toBe(200);
    const items = (queue.envelope!.data as { items: { orderId: number; daysPastDue: number }[] }).items;
    expect(items.map((item) => item.orderId)).toEqual(ids);
    const unassigned = await callConsole(t.app, as['ba-admin']!, endpoints.consoleCollections, {
      collector: 'unassigned',
    });
    const rest = (unassigned.envelope!.data as { items: { orderId: number }[] }).items.map(
      (item) => item.orderId,
    );
    expect(rest.some((id) => ids.includes(id))).toBe(false);
  });

  it('assigns none when one order is not in collection, and names it', async () => {
    const late = await overdue(7);
    const current = await repayableOrder(t.app, { status: 170, firstDue: addDays(today, 10) });
    const response = await assign('ba-admin', [late.orderId, current.orderId]);
    expect(response.envelope!.code).toBe(ResultCode.conflict);
    expect(response.envelope!.message).toBe(
      messages.collectionBulkNotOverdue.replace('{orders}', String(current.orderId)),
    );
    expect(await assignments([late.orderId, current.orderId])).toEqual([]);
  });

  it('refuses a bad list, a non-collector and a non-admin, changing nothing', async () => {
    const late = await overdue(9);
    expect((await assign('ba-admin', '')).status).toBe(400);
    expect((await assign('ba-admin', `${late.orderId},${late.orderId}`)).status).toBe(400);
    expect((await assign('ba-admin', 'one,two')).status).toBe(400);
    expect(
      (
        await assign(
          'ba-admin',
          Array.from({ length: 501 }, (_, i) => i + 1),
        )
      ).status,
    ).toBe(400);
    expect((await assign('ba-admin', [late.orderId], 'ba-agent')).status).toBe(400);
    expect((await assign('ba-collector', [late.orderId])).status).toBe(403);
    expect(await assignments([late.orderId])).toEqual([]);
  });
});
