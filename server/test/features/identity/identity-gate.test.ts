import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@kwarta/contract';
import { OrderStatus } from '@kwarta/domain';
import { newBorrower } from '../../support/borrowers.ts';
import { completeIdentity, philIdHolder, sampleSanctionsList } from '../../support/identity.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { jpegImage } from '../../support/images.ts';
import { disburseOrder } from '../../../src/features/disbursement/index.ts';
import { TransitionRefused } from '../../../src/features/orders/index.ts';
import {
  decideIdentity,
  findOwnIdentityImages,
  identityState,
  importSanctionsList,
  storeIdentityImage,
} from '../../../src/features/identity/index.ts';
import { createOperator } from '../../../src/features/operators/operator-repository.ts';
import { demoPhilSysSigner, signPhilIdJson } from '../../../src/features/philsys/philsys-signing.ts';
import { approvedOrder } from '../../support/orders.ts';

describe.each(databaseTargets)('identity before disbursement on %s', (target) => {
  const clock = testClock('2026-11-23T02:00:00.000Z');
  let t: TestApp;
  let officer: { id: number; name: string };

  beforeAll(async () => {
    t = await createTestApp(target, { clock, env: { MARKET: 'spec', KYC: 'required' } });
    officer = {
      id: await createOperator(t.app.db, { name: 'compliance-1', role: 'compliance', now: clock.now() }),
      name: 'compliance-1',
    };
    await importSanctionsList(
      { db: t.app.db, now: clock.now(), threshold: t.config.identity.matchThreshold },
      { listName: 'un', xml: sampleSanctionsList() },
    );
  }, 120_000);
  afterAll(() => t.close());

  it('refuses to disburse until the identity is verified, then a verified PhilID releases it', async () => {
    const { borrowerId, orderId } = await approvedOrder(t, '13900000301');
    await expect(disburseOrder(t.app, orderId, 'operator:test')).rejects.toThrow(
      new TransitionRefused(
        messages.orderAwaitsIdentity
          .replace('{orderId}', String(orderId))
          .replace('{state}', 'not-submitted'),
      ),
    );
    const outcome = await completeIdentity(t.app, borrowerId, philIdHolder());
    expect(outcome).toEqual({ status: 'verified', qrOutcome: 'verified', screening: 'clear' });
    const order = await disburseOrder(t.app, orderId, 'operator:test');
    expect(order.status).toBe(OrderStatus.Repaying);
  });

  it('holds a possible sanctions match for review; the officer approval, audited, releases it', async () => {
    const { borrowerId, orderId } = await approvedOrder(t, '13900000302');
    const listed = philIdHolder({
      firstName: 'Ramon',
      middleName: 'Bautista',
      lastName: 'Salvador',
      dateOfBirth: '1971-06-14',
      pcn: '7391028465019283',
    });
    expect(await completeIdentity(t.app, borrowerId, listed)).toEqual({
      status: 'pending',
      qrOutcome: 'verified',
      screening: 'possible',
    });
    await expect(disburseOrder(t.app, orderId, 'operator:test')).rejects.toThrow(
      /not verified yet \(pending\)/,
    );
    await expect(
      decideIdentity(t.app, officer, { borrowerId, decision: 'approve', reason: ' ' }),
    ).rejects.toThrow(messages.identityReasonRequired);
    await decideIdentity(t.app, officer, {
      borrowerId,
      decision: 'approve',
      reason: 'Born elsewhere; passport checked',
    });
    const audit = await t.app.db
      .selectFrom('operator_audit')
      .select(['action', 'after_json'])
      .where('subject', '=', `borrower:${borrowerId}`)
      .execute();
    expect(audit).toEqual([
      { action: 'identity.approve', after_json: expect.stringContaining('Born elsewhere; passport checked') },
    ]);
    expect(audit[0]!.after_json).toContain('un:QDi.901');
    expect((await disburseOrder(t.app, orderId, 'operator:test')).status).toBe(OrderStatus.Repaying);
    await expect(
      decideIdentity(t.app, officer, { borrowerId, decision: 'approve', reason: 'again' }),
    ).rejects.toThrow(messages.identityReviewNotPending);
  });

  it('a confirmed match blocks lending for good', async () => {
    const { borrowerId, orderId } = await approvedOrder(t, '13900000303');
    const listed = philIdHolder({
      firstName: 'Maricel',
      middleName: 'Dimagiba',
      lastName: 'Ongkingco',
      dateOfBirth: '1990-08-21',
      pcn: '5510293847561029',
    });
    await completeIdentity(t.app, borrowerId, listed);
    await decideIdentity(t.app, officer, {
      borrowerId,
      decision: 'reject',
      reason: 'Same person as listed',
      confirmMatch: true,
    });
    expect(await identityState(t.app.db, borrowerId)).toBe('sanctioned');
    await expect(disburseOrder(t.app, orderId, 'operator:test')).rejects.toThrow(/sanctioned/);
  });

  it('a QR of another person, or a tampered one, waits for an officer', async () => {
    const { borrowerId } = await newBorrower(t.app, '13900000304');
    const holder = philIdHolder({ pcn: '1111222233334444' });
    const someoneElse = signPhilIdJson({ ...holder, firstName: 'Rosa' }, demoPhilSysSigner());
    expect(await completeIdentity(t.app, borrowerId, holder, { qrText: someoneElse })).toMatchObject({
      status: 'pending',
      qrOutcome: 'mismatch',
    });
    const tampered = signPhilIdJson(holder, demoPhilSysSigner()).replace('Aquino', 'Aquina');
    const { borrowerId: second } = await newBorrower(t.app, '13900000305');
    expect(
      await completeIdentity(t.app, second, { ...holder, lastName: 'Aquina' }, { qrText: tampered }),
    ).toMatchObject({
      status: 'pending',
      qrOutcome: 'unsigned',
    });
  });

  it('refuses a 12-digit PSN and a wrong number, writing nothing', async () => {
    const { borrowerId } = await newBorrower(t.app, '13900000306');
    const holder = philIdHolder();
    await expect(
      completeIdentity(t.app, borrowerId, holder, { input: { documentNumber: '1234-5678-9012' } }),
    ).rejects.toThrow(messages.identityPsnNotCollected);
    await expect(
      completeIdentity(t.app, borrowerId, holder, {
        input: { documentType: 'passport', documentNumber: '12' },
      }),
    ).rejects.toThrow(/passport number/i);
    expect(await identityState(t.app.db, borrowerId)).toBe('not-submitted');
  });

  it("answers another borrower's images as missing", async () => {
    const { borrowerId: owner } = await newBorrower(t.app, '13900000307');
    const { borrowerId: intruder } = await newBorrower(t.app, '13900000308');
    const image = await storeIdentityImage(t.app, {
      borrowerId: owner,
      bytes: await jpegImage(),
      now: clock.now(),
    });
    expect(await findOwnIdentityImages(t.app.db, intruder, [image])).toEqual([undefined]);
    expect((await findOwnIdentityImages(t.app.db, owner, [image]))[0]).toBeDefined();
    await expect(
      completeIdentity(t.app, intruder, philIdHolder(), { input: { selfieImageId: image } }),
    ).rejects.toThrow(messages.notFound);
    expect(await identityState(t.app.db, intruder)).toBe('not-submitted');
  });

  it('an import that finds a verified borrower on a new list holds them again', async () => {
    const { borrowerId } = await newBorrower(t.app, '13900000309');
    const holder = philIdHolder({
      firstName: 'Teodoro',
      middleName: 'Lim',
      lastName: 'Gatchalian',
      pcn: '9988776655443322',
    });
    expect((await completeIdentity(t.app, borrowerId, holder)).status).toBe('verified');
    const local = `<CONSOLIDATED_LIST><INDIVIDUALS><INDIVIDUAL><FIRST_NAME>TEODORO</FIRST_NAME>
      <SECOND_NAME>LIM</SECOND_NAME><THIRD_NAME>GATCHALIAN</THIRD_NAME><REFERENCE_NUMBER>LOC.1</REFERENCE_NUMBER>
      <INDIVIDUAL_DATE_OF_BIRTH><DATE>1992-09-14</DATE></INDIVIDUAL_DATE_OF_BIRTH></INDIVIDUAL></INDIVIDUALS></CONSOLIDATED_LIST>`;
    const result = await importSanctionsList(
      { db: t.app.db, now: clock.now(), threshold: t.config.identity.matchThreshold },
      { listName: 'local', xml: local },
    );
    expect(result.held).toBe(1);
    expect(await identityState(t.app.db, borrowerId)).toBe('pending');
  });
});
