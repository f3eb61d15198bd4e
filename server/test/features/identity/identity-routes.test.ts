import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, fillMessage, messages } from '@kwarta/contract';
import { callEndpoint, uploadFile } from '../../support/api.ts';
import { newBorrower } from '../../support/borrowers.ts';
import { completeIdentity, philIdHolder } from '../../support/identity.ts';
import { jpegImage } from '../../support/images.ts';
import {
  createTestApp,
  databaseTargets,
  sourceBorrowerPageRenderer,
  testClock,
  type TestApp,
} from '../../support/test-app.ts';
import { philSysCardImage } from '../../../src/features/philsys/philsys-card-image.ts';
import { demoPhilSysSigner, signPhilIdJson } from '../../../src/features/philsys/philsys-signing.ts';
import { approvedOrder } from '../../support/orders.ts';

const renderer = await sourceBorrowerPageRenderer();

describe.each(databaseTargets)('the borrower identity calls on %s', (target) => {
  const clock = testClock('2026-11-23T02:00:00.000Z');
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target, {
      clock,
      env: { MARKET: 'spec', KYC: 'required' },
      borrowerPageRenderer: renderer,
    });
  }, 120_000);
  afterAll(() => t.close());

  async function upload(session: Record<string, string>, bytes: Buffer) {
    return uploadFile(t.app, endpoints.identityImage, {
      session,
      field: 'image',
      bytes,
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
    });
  }
  const imageIdOf = (response: Awaited<ReturnType<typeof upload>>) =>
    (response.envelope!.data as { imageId: string }).imageId;

  const holder = philIdHolder();
  const details = {
    firstName: holder.firstName,
    middleName: holder.middleName,
    lastName: holder.lastName,
    dateOfBirth: holder.dateOfBirth,
    placeOfBirth: 'Quezon City',
    nationality: 'Filipino',
    presentAddress: '12 Mabini St., Barangay San Roque, Quezon City',
    permanentAddress: '12 Mabini St., Barangay San Roque, Quezon City',
    email: 'liza@example.ph',
    occupation: 'Sales associate',
    employer: '',
    sourceOfFunds: 'salary',
    taxNumber: '',
    documentType: 'philid',
    documentNumber: holder.pcn,
  };

  it('says what is missing, refuses a PSN and another borrower’s photo, then verifies a signed PhilID', async () => {
    const borrower = await newBorrower(t.app, '13900000401');
    const session = borrower.session;
    const status = await callEndpoint(t.app, endpoints.identityStatus, { session });
    expect(status.envelope!.data).toMatchObject({
      state: 'not-submitted',
      notice: messages.identityNotSubmitted,
      required: true,
      entered: null,
    });
    expect((status.envelope!.data as { documentTypes: string[] }).documentTypes[0]).toBe('philid');

    const card = await philSysCardImage(signPhilIdJson(holder, demoPhilSysSigner()));
    const front = imageIdOf(await upload(session, card));
    const back = imageIdOf(await upload(session, await jpegImage()));
    const selfie = imageIdOf(await upload(session, await jpegImage()));
    const images = { frontImageId: front, backImageId: back, selfieImageId: selfie };

    const refused = await upload(session, Buffer.from('not a photo at all'));
    expect(refused.status).toBe(400);
    expect(refused.envelope!.message).toBe(messages.uploadNotImage);

    const psn = await callEndpoint(t.app, endpoints.identitySubmit, {
      session,
      body: { ...details, ...images, documentNumber: '1234-5678-9012' },
    });
    expect(psn.envelope!.message).toBe(messages.identityPsnNotCollected);
    const missing = await callEndpoint(t.app, endpoints.identitySubmit, {
      session,
      body: { ...details, ...images, occupation: ' ' },
    });
    expect(missing.envelope!.message).toBe(
      fillMessage(messages.identityFieldRequired, { field: messages.identityOccupation }),
    );

    const other = await newBorrower(t.app, '13900000402');
    const foreign = await callEndpoint(t.app, endpoints.identitySubmit, {
      session: other.session,
      body: { ...details, ...images },
    });
    expect(foreign.status).toBe(404);
    const nothing = await t.app.db
      .selectFrom('identities')
      .select('borrower_id')
      .where('borrower_id', 'in', [borrower.borrowerId, other.borrowerId])
      .execute();
    expect(nothing).toEqual([]);

    const done = await callEndpoint(t.app, endpoints.identitySubmit, {
      session,
      body: { ...details, ...images },
    });
    expect(done.envelope!.data).toEqual({ state: 'verified', notice: null });
    const after = await callEndpoint(t.app, endpoints.identityStatus, { session });
    expect(after.envelope!.data).toMatchObject({
      state: 'verified',
      notice: null,
      entered: { lastName: holder.lastName, documentType: 'philid' },
    });
  });

  it('the order page says what identity still lacks until the order can be paid out', async () => {
    const order = await approvedOrder(t, '13900000404');
    const notice = async () =>
      (
        (
          await callEndpoint(t.app, endpoints.loanDetails, {
            session: order.session,
            body: { productId: String(order.productId), orderId: String(order.orderId) },
          })
        ).envelope!.data as { identityNotice: string }
      ).identityNotice;
    expect(await notice()).toBe(messages.identityNotSubmitted);
    await completeIdentity(t.app, order.borrowerId, philIdHolder({ pcn: '4821739056124831' }));
    expect(await notice()).toBe('');
  });

  it('renders the identity page with its data on the server', async () => {
    const borrower = await newBorrower(t.app, '13900000403');
    const response = await t.app.inject({
      method: 'GET',
      url: `/identity?${new URLSearchParams(borrower.session)}`,
    });
    expect(response.statusCode).toBe(200);
    const root = response.body.slice(response.body.indexOf('<div id="root">'));
    for (const text of [
      messages.identityNotSubmitted,
      messages.identityFirstName,
      messages['identityDocument.philid'],
      messages.identityFrontPhoto,
    ])
      expect(root).toContain(text.replace(/'/g, '&#x27;'));
    // PhilID is offered first.
    expect(root.indexOf(messages['identityDocument.philid'])).toBeLessThan(
      root.indexOf(messages['identityDocument.passport']),
    );
  });
});
