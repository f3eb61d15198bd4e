import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, messages } from '@kwarta/contract';
import { callConsole, consoleSignedIn, type ConsoleSession } from '../../support/console.ts';
import { completeIdentity, philIdHolder, sampleSanctionsList } from '../../support/identity.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { importSanctionsList, identityState } from '../../../src/features/identity/index.ts';
import { createOperator, hashPassword } from '../../../src/features/operators/index.ts';
import { approvedOrder } from '../../support/orders.ts';

const PASSWORD = 'compliance-password-1';

describe.each(databaseTargets)("the compliance officer's identity desk on %s", (target) => {
  const clock = testClock('2026-11-23T02:00:00.000Z');
  let t: TestApp;
  let officer: ConsoleSession;
  let credit: ConsoleSession;

  beforeAll(async () => {
    t = await createTestApp(target, { clock, env: { MARKET: 'spec', KYC: 'required' } });
    const passwordHash = await hashPassword(PASSWORD);
    await createOperator(t.app.db, {
      name: 'kyc-officer',
      role: 'compliance',
      now: clock.now(),
      passwordHash,
    });
    await createOperator(t.app.db, { name: 'kyc-credit', role: 'credit', now: clock.now(), passwordHash });
    officer = await consoleSignedIn(t.app, {
      name: 'kyc-officer',
      password: PASSWORD,
      address: '198.51.100.80',
    });
    credit = await consoleSignedIn(t.app, {
      name: 'kyc-credit',
      password: PASSWORD,
      address: '198.51.100.81',
    });
    await importSanctionsList(
      { db: t.app.db, now: clock.now(), threshold: t.config.identity.matchThreshold },
      { listName: 'un', xml: sampleSanctionsList() },
    );
  }, 120_000);
  afterAll(() => t.close());

  it('queues a possible match first, shows it with photos, QR and hits, and the approval releases it', async () => {
    const plain = await approvedOrder(t, '13900000501');
    await completeIdentity(t.app, plain.borrowerId, philIdHolder({ pcn: '4821739056124832' }), {
      input: { documentType: 'passport', documentNumber: 'P1234567A' },
    });
    const listed = await approvedOrder(t, '13900000502');
    await completeIdentity(
      t.app,
      listed.borrowerId,
      philIdHolder({
        firstName: 'Ramon',
        middleName: 'Bautista',
        lastName: 'Salvador',
        dateOfBirth: '1971-06-14',
        pcn: '7391028465019283',
      }),
    );

    expect((await callConsole(t.app, credit, endpoints.consoleIdentityQueue)).status).toBe(403);
    const queue = await callConsole(t.app, officer, endpoints.consoleIdentityQueue);
    const rows = (queue.envelope!.data as { rows: { borrowerId: number; possibleHits: number }[] }).rows;
    // The demo's own pending identities wait there too; possible matches come first.
    const ours = rows.filter((row) => [listed.borrowerId, plain.borrowerId].includes(row.borrowerId));
    expect(ours.map((row) => row.borrowerId)).toEqual([listed.borrowerId, plain.borrowerId]);
    expect(ours[0]!.possibleHits).toBeGreaterThan(0);
    const firstPlain = rows.findIndex((row) => row.possibleHits === 0);
    expect(rows.slice(firstPlain).every((row) => row.possibleHits === 0)).toBe(true);

    const detail = await callConsole(t.app, officer, endpoints.consoleIdentity, {
      borrowerId: String(listed.borrowerId),
    });
    const identity = detail.envelope!.data as {
      qr: { outcome: string };
      hits: { reference: string; status: string }[];
      images: { front: string };
    };
    expect(identity.qr.outcome).toBe('verified');
    expect(identity.hits.map((hit) => hit.reference)).toContain('QDi.901');
    const photo = await t.app.inject({
      method: 'GET',
      url: `${endpoints.consoleIdentityImage.path}?id=${identity.images.front}`,
      headers: { cookie: officer.cookie },
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toMatch(/^image\//);
    const logged = await t.app.db
      .selectFrom('personal_data_access_log')
      .select('what')
      .where('borrower_id', '=', listed.borrowerId)
      .orderBy('id')
      .execute();
    // The queue, the review and the photo each show the borrower's personal data (decision 0107).
    expect(logged).toEqual([
      { what: 'identity queue' },
      { what: 'identity review' },
      { what: 'identity image' },
    ]);

    const noReason = await callConsole(t.app, officer, endpoints.consoleIdentityDecide, {
      borrowerId: String(listed.borrowerId),
      decision: 'approve',
      reason: ' ',
    });
    expect(noReason.envelope!.message).toBe(messages.identityReasonRequired);
    const approved = await callConsole(t.app, officer, endpoints.consoleIdentityDecide, {
      borrowerId: String(listed.borrowerId),
      decision: 'approve',
      reason: 'Born in another year; passport seen',
    });
    expect(approved.envelope!.data).toEqual({ status: 'verified', screening: 'clear' });
    expect(await identityState(t.app.db, listed.borrowerId)).toBe('verified');
    const audit = await t.app.db
      .selectFrom('operator_audit')
      .select(['action', 'operator_name'])
      .where('subject', '=', `borrower:${listed.borrowerId}`)
      .execute();
    expect(audit).toEqual([{ action: 'identity.approve', operator_name: 'kyc-officer' }]);

    const rejected = await callConsole(t.app, officer, endpoints.consoleIdentityDecide, {
      borrowerId: String(plain.borrowerId),
      decision: 'reject',
      reason: 'The passport photo is not the selfie',
    });
    expect(rejected.envelope!.data).toEqual({ status: 'rejected', screening: 'clear' });
    const after = await callConsole(t.app, officer, endpoints.consoleIdentityQueue);
    const left = (after.envelope!.data as { rows: { borrowerId: number }[] }).rows.map(
      (row) => row.borrowerId,
    );
    expect(left).not.toContain(listed.borrowerId);
    expect(left).not.toContain(plain.borrowerId);
  });
});
