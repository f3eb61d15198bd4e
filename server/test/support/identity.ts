import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import { storeIdentityImage, submitIdentity, type IdentityInput } from '../../src/features/identity/index.ts';
import { philSysCardImage } from '../../src/features/philsys/philsys-card-image.ts';
import { demoPhilSysSigner, signPhilIdJson } from '../../src/features/philsys/philsys-signing.ts';
import type { PhilSysIdentity } from '../../src/features/philsys/philsys-qr.ts';
import { jpegImage } from './images.ts';

export const sampleSanctionsList = (): string =>
  fs.readFileSync(
    path.resolve(import.meta.dirname, '../../../examples/sanctions/un-consolidated-sample.xml'),
    'utf8',
  );

/** A holder of a PhilID, as the card and the borrower state them. */
export function philIdHolder(overrides: Partial<PhilSysIdentity> = {}): PhilSysIdentity {
  return {
    pcn: '4821739056124830',
    firstName: 'Liza',
    middleName: 'Mendoza',
    lastName: 'Aquino',
    suffix: '',
    dateOfBirth: '1992-09-14',
    ...overrides,
  };
}

/**
 * Uploads a card photo whose QR carries `qrText` (default: the holder's PhilID signed with the
 * demo key), a back and a selfie, and submits the identity; returns the outcome.
 */
export async function completeIdentity(
  app: FastifyInstance,
  borrowerId: number,
  holder: PhilSysIdentity,
  options: { qrText?: string; input?: Partial<IdentityInput> } = {},
) {
  const now = app.clock.now();
  const store = async (bytes: Buffer) => storeIdentityImage(app, { borrowerId, bytes, now });
  const card = await philSysCardImage(options.qrText ?? signPhilIdJson(holder, demoPhilSysSigner()));
  const [front, back, selfie] = await Promise.all([
    store(card),
    store(await jpegImage()),
    store(await jpegImage()),
  ]);
  return submitIdentity(app, borrowerId, {
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
    employer: 'Example Retail Inc.',
    sourceOfFunds: 'salary',
    taxNumber: null,
    documentType: 'philid',
    documentNumber: holder.pcn,
    frontImageId: front,
    backImageId: back,
    selfieImageId: selfie,
    ...options.input,
  });
}

/**
 * Puts an identity in the state a test needs straight into the identities table: the tests of
 * what reads the state (a credit decision's inputs) need its outcome, not the photos and QR check
 * that lead to it (those are the identity tests').
 */
export async function identityInState(
  db: Kysely<Database>,
  borrowerId: number,
  status: 'pending' | 'verified' | 'rejected',
  screening: 'clear' | 'possible' | 'confirmed' = 'clear',
) {
  const at = '2026-11-20T02:00:00.000Z';
  await db
    .insertInto('identities')
    .values({
      borrower_id: borrowerId,
      status,
      first_name: 'Test',
      middle_name: '',
      last_name: 'Borrower',
      date_of_birth: '1990-01-01',
      place_of_birth: 'Manila',
      nationality: 'Filipino',
      present_address: 'Manila',
      permanent_address: 'Manila',
      email: 'test@example.com',
      occupation: 'Clerk',
      employer: 'Test Co',
      source_of_funds: 'salary',
      tax_number: null,
      document_type: 'philsys',
      document_number: `TEST${borrowerId}`,
      front_image_id: `front-${borrowerId}`,
      back_image_id: `back-${borrowerId}`,
      selfie_image_id: `selfie-${borrowerId}`,
      qr_outcome: 'verified',
      qr_detail: '',
      qr_checked_at: at,
      screening,
      screened_at: at,
      risk_rating: 'normal',
      submitted_at: at,
      decided_by: null,
      decided_at: null,
      decision_reason: null,
    })
    .execute();
}
