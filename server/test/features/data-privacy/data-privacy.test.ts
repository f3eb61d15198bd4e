import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, messages, OPERATOR_SESSION_COOKIE, CSRF_HEADER } from '@kwarta/contract';
import { callEndpoint } from '../../support/api.ts';
import { newBorrower, otherBorrower } from '../../support/borrowers.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import {
  createOperator,
  createOperatorSession,
} from '../../../src/features/operators/operator-repository.ts';
import { checkLedger, emptyRebuildReport } from '../../../src/features/ledger-rebuild/index.ts';
import { trialBalance } from '../../../src/features/ledger/index.ts';
import { applyRetention, borrowerDataTables, pseudonymOf } from '../../../src/features/data-privacy/index.ts';
import { complaintWithImage } from '../../support/complaints.ts';
import { registerPhone } from '../../support/promotion.ts';

const DAY = 86_400_000;

describe.each(databaseTargets)('data privacy on %s', (target) => {
  let t: TestApp;
  const clock = testClock('2026-11-27T03:00:00.000Z');
  const operators: Record<'dpo' | 'viewer', { cookie: string; csrf: string }> = {
    dpo: { cookie: '', csrf: '' },
    viewer: { cookie: '', csrf: '' },
  };

  beforeAll(async () => {
    t = await createTestApp(target, { clock });
    for (const role of ['dpo', 'viewer'] as const) {
      const operatorId = await createOperator(t.app.db, { name: `${role}-1`, role, now: clock.now() });
      const tokens = await createOperatorSession(t.app.db, { operatorId, now: clock.now() });
      operators[role] = { cookie: `${OPERATOR_SESSION_COOKIE}=${tokens.token}`, csrf: tokens.csrfToken };
    }
  });
  afterAll(() => t.close());

  const asOperator = (role: 'dpo' | 'viewer', endpoint: Parameters<typeof callEndpoint>[1], body = {}) =>
    callEndpoint(t.app, endpoint, {
      body,
      headers: { cookie: operators[role].cookie, [CSRF_HEADER]: operators[role].csrf },
    });

  /**
   * A borrower whose only loan is settled, with its money booked: one of the demo's settled loans,
   * given to a borrower of its own (the ledger books by order, so the books do not notice).
   */
  async function settledBorrower(phone: string) {
    const { borrowerId, session } = await newBorrower(t.app, phone);
    const order = await t.app.db
      .selectFrom('orders')
      .select(['id', 'borrower_id'])
      .where('status', '=', 200)
      .where('borrower_id', '<', borrowerId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('orders')
      .set({ borrower_id: borrowerId })
      .where('id', '=', order.id)
      .execute();
    await t.app.db
      .updateTable('payments')
      .set({ borrower_id: borrowerId })
      .where('order_id', '=', order.id)
      .execute();
    return { borrowerId, session, orderId: order.id };
  }

  it('asks for the current policy version once, records it, and refuses a stale version', async () => {
    const { borrowerId, session } = await newBorrower(t.app, '09170000101');
    const status = await callEndpoint(t.app, endpoints.privacyStatus, { session });
    expect(status.status).toBe(200);
    const data = status.envelope!.data as {
      policy: { version: string; sha256: string };
      mustAcknowledge: boolean;
    };
    expect(data.mustAcknowledge).toBe(true);
    expect(data.policy.sha256).toMatch(/^[0-9a-f]{64}$/);

    const stale = await callEndpoint(t.app, endpoints.privacyAcknowledge, {
      session,
      body: { notice: 'policy', version: 'old-version', channel: 'app' },
    });
    expect(stale.status).toBe(400);
    expect(stale.envelope!.message).toBe(messages.privacyPolicyChanged);

    for (let tap = 0; tap < 2; tap += 1) {
      const ok = await callEndpoint(t.app, endpoints.privacyAcknowledge, {
        session,
        body: { notice: 'policy', version: data.policy.version, channel: 'app' },
      });
      expect(ok.status).toBe(200);
    }
    const after = await callEndpoint(t.app, endpoints.privacyStatus, { session });
    expect((after.envelope!.data as { mustAcknowledge: boolean }).mustAcknowledge).toBe(false);
    const rows = await t.app.db
      .selectFrom('privacy_acknowledgements')
      .selectAll()
      .where('borrower_id', '=', borrowerId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ notice: 'policy', version: data.policy.version, channel: 'app' });
  });

  it("records the identity camera's just-in-time notice once per policy version", async () => {
    const { borrowerId, session } = await newBorrower(t.app, '09170000109');
    for (let open = 0; open < 2; open += 1) {
      const shown = await callEndpoint(t.app, endpoints.privacyJustInTimeNotice, {
        session,
        body: { notice: 'identity-camera', channel: 'app' },
      });
      expect(shown.status).toBe(200);
      expect(shown.envelope!.data).toMatchObject({ notice: 'identity-camera' });
    }
    const rows = await t.app.db
      .selectFrom('privacy_acknowledgements')
      .selectAll()
      .where('borrower_id', '=', borrowerId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ notice: 'identity-camera', channel: 'app' });
    expect(rows[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    // The camera notice is not the policy: the prompt still asks for the policy.
    const status = await callEndpoint(t.app, endpoints.privacyStatus, { session });
    expect((status.envelope!.data as { mustAcknowledge: boolean }).mustAcknowledge).toBe(true);
  });

  it('records the policy acknowledged at registration', async () => {
    const registered = await registerPhone(t.app, '09170000120');
    expect(registered.status).toBe(200);
    const rows = await t.app.db
      .selectFrom('privacy_acknowledgements')
      .innerJoin('borrowers', 'borrowers.id', 'privacy_acknowledgements.borrower_id')
      .select(['notice', 'channel', 'sha256'])
      .where('borrowers.phone', '=', '09170000120')
      .execute();
    expect(rows).toEqual([
      { notice: 'policy', channel: 'registration', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
  });

  it('exports everything held about the borrower, by a link only they get, which expires', async () => {
    const { borrowerId, session } = await settledBorrower('09170000111');
    await complaintWithImage(t.app, borrowerId);
    const link = await callEndpoint(t.app, endpoints.privacyExportLink, { session });
    expect(link.status).toBe(200);
    const urls = link.envelope!.data as { jsonUrl: string; documentUrl: string };
    const json = await t.app.inject({ method: 'GET', url: urls.jsonUrl });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toMatch(/^attachment; filename="my-data-/);
    const data = JSON.parse(json.body) as {
      borrowerId: number;
      sections: { table: string; rows: Record<string, unknown>[] }[];
    };
    expect(data.borrowerId).toBe(borrowerId);
    expect(data.sections.map((section) => section.table)).toEqual(borrowerDataTables.map(([table]) => table));
    const rowsOf = (table: string) => data.sections.find((section) => section.table === table)!.rows;
    const orders = await t.app.db
      .selectFrom('orders')
      .select('id')
      .where('borrower_id', '=', borrowerId)
      .execute();
    expect(
      rowsOf('orders')
        .map((row) => row.id)
        .sort(),
    ).toEqual(orders.map((order) => order.id).sort());
    expect(rowsOf('order_plan_lines').length).toBeGreaterThan(0);
    expect(rowsOf('payments').every((row) => row.borrower_id === borrowerId)).toBe(true);
    expect(rowsOf('problems')[0]).toMatchObject({ content: expect.stringContaining('collector') });
    expect(rowsOf('problem_images')).toHaveLength(1);
    expect(JSON.stringify(rowsOf('payment_accounts'))).not.toContain('ciphertext');

    const documentPage = await t.app.inject({ method: 'GET', url: urls.documentUrl });
    expect(documentPage.statusCode).toBe(200);
    expect(documentPage.headers['content-type']).toMatch(/^text\/html/);
    expect(documentPage.body).toContain('<h2>Loans</h2>');

    // Another borrower's link is theirs alone; a made-up or expired one is a 404 like a missing one.
    const other = await otherBorrower(t.app, '09170000102');
    const theirs = await callEndpoint(t.app, endpoints.privacyExportLink, { session: other.session });
    const theirData = await t.app.inject({
      method: 'GET',
      url: (theirs.envelope!.data as { jsonUrl: string }).jsonUrl,
    });
    expect(JSON.parse(theirData.body).borrowerId).toBe(other.borrowerId);
    const guessed = await t.app.inject({
      method: 'GET',
      url: `${endpoints.privacyExportJson.path}?token=${'A'.repeat(43)}`,
    });
    expect(guessed.statusCode).toBe(404);
    clock.advance(16 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: urls.jsonUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: urls.documentUrl })).statusCode).toBe(404);
  });

  it('erases at once what no hold keeps, keeps identity and the ledger, and the books do not move', async () => {
    const { borrowerId, session } = await settledBorrower('09170000112');
    const { key: imageKey } = await complaintWithImage(t.app, borrowerId);
    const balanceBefore = await trialBalance(t.app.db);
    const phoneBefore = (
      await t.app.db
        .selectFrom('borrowers')
        .select('phone')
        .where('id', '=', borrowerId)
        .executeTakeFirstOrThrow()
    ).phone;

    const erased = await callEndpoint(t.app, endpoints.privacyRequest, {
      session,
      body: { kind: 'erasure' },
    });
    expect(erased.status).toBe(200);
    const request = erased.envelope!.data as {
      status: string;
      dueOn: string;
      outcome: { held: { hold: string; until: string | null }[]; erased: Record<string, number> };
    };
    expect(request.status).toBe('done');
    expect(request.outcome.erased).toMatchObject({ problems: 1, problem_images: 1, sessions: 1 });
    const identity = request.outcome.held.find((held) => held.hold === 'identity-aml')!;
    expect(identity.until! > '2031-01-01').toBe(true);
    expect(request.outcome.held.map((held) => held.hold)).toContain('ledger');

    expect(await t.app.storage.get(imageKey)).toBeNull();
    const problem = await t.app.db
      .selectFrom('problems')
      .select('content')
      .where('borrower_id', '=', borrowerId)
      .executeTakeFirstOrThrow();
    expect(problem.content).toBe('');
    // Identity is held: name and phone stay until the AML period ends.
    const borrower = await t.app.db
      .selectFrom('borrowers')
      .selectAll()
      .where('id', '=', borrowerId)
      .executeTakeFirstOrThrow();
    expect(borrower.phone).toBe(phoneBefore);

    expect(await trialBalance(t.app.db)).toEqual(balanceBefore);
    const check = emptyRebuildReport();
    await checkLedger({ db: t.app.db, config: t.config, payoutProvider: t.config.payouts.provider }, check);
    expect(check.differences).toEqual([]);
  });

  it('holds an erasure while a loan is open, and a second request answers the open one', async () => {
    const other = await otherBorrower(t.app, '09170000103');
    const first = await callEndpoint(t.app, endpoints.privacyRequest, {
      session: other.session,
      body: { kind: 'erasure' },
    });
    const firstView = first.envelope!.data as {
      id: number;
      status: string;
      outcome: { held: { hold: string }[] };
    };
    expect(firstView.status).toBe('open');
    expect(firstView.outcome.held.map((held) => held.hold)).toContain('open-loan');
    const second = await callEndpoint(t.app, endpoints.privacyRequest, {
      session: other.session,
      body: { kind: 'erasure' },
    });
    expect(second.status, JSON.stringify(second.raw)).toBe(200);
    expect((second.envelope!.data as { id: number }).id).toBe(firstView.id);
    const count = await t.app.db
      .selectFrom('data_subject_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('borrower_id', '=', other.borrowerId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);

    const bad = await callEndpoint(t.app, endpoints.privacyRequest, {
      session: other.session,
      body: { kind: 'correction', field: 'full_name' },
    });
    expect(bad.status).toBe(400);
  });

  it('the DPO sees requests with their deadline in working days, and answers a correction', async () => {
    const { borrowerId, session } = await newBorrower(t.app, '09170000104');
    const asked = await callEndpoint(t.app, endpoints.privacyRequest, {
      session,
      body: { kind: 'correction', field: 'full_name', value: 'Ana Maria Reyes' },
    });
    const view = asked.envelope!.data as { id: number; dueOn: string; workingDaysLeft: number };
    expect(view.workingDaysLeft).toBe(30);

    const refused = await asOperator('viewer', endpoints.consolePrivacyRequests);
    expect(refused.status).toBe(403);
    const queue = await asOperator('dpo', endpoints.consolePrivacyRequests);
    expect(queue.status).toBe(200);
    const listed = (queue.envelope!.data as { id: number; dueOn: string; status: string }[]).find(
      (request) => request.id === view.id,
    );
    expect(listed).toMatchObject({ status: 'open', dueOn: view.dueOn });

    const closed = await asOperator('dpo', endpoints.consoleClosePrivacyRequest, {
      requestId: String(view.id),
      status: 'done',
      note: 'Corrected as asked.',
    });
    expect(closed.status).toBe(200);
    const borrower = await t.app.db
      .selectFrom('borrowers')
      .select('full_name')
      .where('id', '=', borrowerId)
      .executeTakeFirstOrThrow();
    expect(borrower.full_name).toBe('Ana Maria Reyes');
  });

  it('records each console read of a borrower in the access log', async () => {
    const other = await otherBorrower(t.app, '09170000105');
    const page = await asOperator('viewer', endpoints.consoleOrder, { orderId: String(other.order.id) });
    expect(page.status).toBe(200);
    // Minimisation as today: a viewer's page shows the phone masked, its last four digits only.
    const shown = (page.envelope!.data as { borrower: { phone: string } }).borrower.phone;
    expect(shown).not.toContain('0917000');
    expect(shown.endsWith('0105')).toBe(true);
    const log = await asOperator('dpo', endpoints.consoleAccessLog, { borrowerId: String(other.borrowerId) });
    expect(log.status).toBe(200);
    expect(log.envelope!.data).toEqual([
      {
        operatorName: 'viewer-1',
        borrowerId: other.borrowerId,
        what: `order page ${other.order.order_no}`,
        at: clock.now().toISOString(),
      },
    ]);
  });

  it('the DPO refuses a request with a text the borrower reads; a bad answer changes nothing; both audited', async () => {
    const { session } = await newBorrower(t.app, '09170000106');
    const asked = await callEndpoint(t.app, endpoints.privacyRequest, {
      session,
      body: { kind: 'correction', field: 'address', value: '3 Rizal Ave., Manila' },
    });
    const id = String((asked.envelope!.data as { id: number }).id);
    const blank = await asOperator('dpo', endpoints.consoleClosePrivacyRequest, {
      requestId: id,
      status: 'refused',
      note: '   ',
    });
    expect(blank.status).toBe(400);
    expect(blank.envelope!.message).toMatch(/note/);
    const bogus = await asOperator('dpo', endpoints.consoleClosePrivacyRequest, {
      requestId: id,
      status: 'maybe',
      note: 'x',
    });
    expect(bogus.status).toBe(400);
    const missing = await asOperator('dpo', endpoints.consoleClosePrivacyRequest, {
      requestId: '999999',
      status: 'done',
      note: 'x',
    });
    expect(missing.status).toBe(404);
    const still = await callEndpoint(t.app, endpoints.privacyStatus, { session });
    expect((still.envelope!.data as { requests: { status: string }[] }).requests[0]!.status).toBe('open');

    const refused = await asOperator('dpo', endpoints.consoleClosePrivacyRequest, {
      requestId: id,
      status: 'refused',
      note: 'We need a proof of address first.',
    });
    expect(refused.status).toBe(200);
    const status = await callEndpoint(t.app, endpoints.privacyStatus, { session });
    expect((status.envelope!.data as { requests: unknown[] }).requests[0]).toMatchObject({
      status: 'refused',
      outcome: { note: 'We need a proof of address first.' },
    });
    const audit = await t.app.db
      .selectFrom('operator_audit')
      .select(['operator_name', 'action'])
      .where('subject', '=', `privacy-request:${id}`)
      .execute();
    expect(audit).toEqual([{ operator_name: 'dpo-1', action: 'privacy.request.close' }]);
  });

  it('refuses a breach discovered later than now, and stops the clock once the NPC is notified', async () => {
    const before = await t.app.db.selectFrom('privacy_breaches').select('id').execute();
    const future = await asOperator('dpo', endpoints.consoleRecordBreach, {
      title: 'Not yet',
      description: '',
      discoveredAt: new Date(clock.now().getTime() + 3_600_000).toISOString(),
    });
    expect(future.status).toBe(400);
    expect(future.envelope!.message).toMatch(/discoveredAt/);
    expect(await t.app.db.selectFrom('privacy_breaches').select('id').execute()).toEqual(before);

    const late = await asOperator('dpo', endpoints.consoleRecordBreach, {
      title: 'Misdirected statement',
      description: '1 borrower; name and balance',
      discoveredAt: new Date(clock.now().getTime() - 80 * 3_600_000).toISOString(),
    });
    const breachId = (late.envelope!.data as { id: number }).id;
    const listed = async () =>
      (
        (await asOperator('dpo', endpoints.consoleBreaches)).envelope!.data as {
          id: number;
          hoursLeft: number | null;
          npcNotifiedAt: string | null;
        }[]
      ).find((row) => row.id === breachId)!;
    expect((await listed()).hoursLeft).toBe(-8);
    expect((await asOperator('dpo', endpoints.consoleBreachNotified, { breachId: '999999' })).status).toBe(
      404,
    );
    expect(
      (await asOperator('dpo', endpoints.consoleBreachNotified, { breachId: String(breachId) })).status,
    ).toBe(200);
    expect(await listed()).toMatchObject({ hoursLeft: null, npcNotifiedAt: clock.now().toISOString() });
    const audit = await t.app.db
      .selectFrom('operator_audit')
      .select('action')
      .where('subject', '=', `breach:${breachId}`)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['privacy.breach.record', 'privacy.breach.npc-notified']);
  });

  it('keeps a breach register with the 72-hour clock', async () => {
    const discovered = new Date(clock.now().getTime() - 10 * 3_600_000).toISOString();
    const recorded = await asOperator('dpo', endpoints.consoleRecordBreach, {
      title: 'Laptop lost',
      description: 'An agent laptop with a cached export',
      discoveredAt: discovered,
    });
    expect(recorded.status).toBe(200);
    const list = await asOperator('dpo', endpoints.consoleBreaches);
    const breach = (list.envelope!.data as { title: string; hoursLeft: number | null }[]).find(
      (row) => row.title === 'Laptop lost',
    );
    expect(breach!.hoursLeft).toBe(62);
    const bad = await asOperator('dpo', endpoints.consoleRecordBreach, {
      title: '',
      description: '',
      discoveredAt: 'yesterday',
    });
    expect(bad.status).toBe(400);
  });

  it('the retention job anonymises borrowers whose period ended, and a second run changes nothing', async () => {
    const deps = {
      db: t.app.db,
      storage: t.app.storage,
      retention: t.config.retention,
      timeZone: t.config.lenderTimeZone,
    };
    const balanceBefore = await trialBalance(t.app.db);
    const later = new Date(clock.now().getTime() + (t.config.retention.borrowerRecords.days + 400) * DAY);
    const first = await applyRetention(deps, { now: later, batchSize: 7 });
    expect(first.anonymised).toBeGreaterThan(0);
    const second = await applyRetention(deps, { now: later, batchSize: 7 });
    expect(second).toEqual({
      anonymised: 0,
      rowsErased: 0,
      messagesErased: 0,
      usageDeleted: 0,
      erasuresFinished: 0,
    });

    const settled = await t.app.db
      .selectFrom('borrowers')
      .innerJoin('anonymised_borrowers', 'anonymised_borrowers.borrower_id', 'borrowers.id')
      .select(['id', 'phone', 'full_name'])
      .execute();
    expect(settled.length).toBe(first.anonymised);
    for (const borrower of settled) {
      expect(borrower).toMatchObject({ phone: pseudonymOf(borrower.id), full_name: null });
    }
    // A borrower with an open loan keeps everything.
    const open = await t.app.db
      .selectFrom('borrowers')
      .select(['id', 'full_name'])
      .where('phone', '=', '09170000103')
      .executeTakeFirstOrThrow();
    expect(open.full_name).toBe('Maria Santos');

    expect(await trialBalance(t.app.db)).toEqual(balanceBefore);
    const check = emptyRebuildReport();
    await checkLedger({ db: t.app.db, config: t.config, payoutProvider: t.config.payouts.provider }, check);
    expect(check.differences).toEqual([]);
  });
});
