import { fillMessage, messages } from '@kwarta/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, IdentityTable } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Deps } from '../../lib/deps.ts';
import { Refusal } from '../../lib/refusal.ts';
import { allListedPeople, recordHits, ScreeningIndex } from '../sanctions/index.ts';
import { checkIdNumber, idDocumentTypes, isPhilSysDocument, type IdDocumentType } from './id-documents.ts';
import { findOwnIdentityImages } from './identity-images.ts';
import { philSysOutcome, philSysPublicKey, readPhilSysQr, type QrOutcome } from '../philsys/index.ts';
import { readQrFromImage } from '../philsys/index.ts';
import { riskRating } from './risk-rating.ts';

export interface IdentityInput {
  firstName: string;
  middleName: string;
  lastName: string;
  /** As the ID states it; the CIC's file requires it (decision 0106). */
  sex?: 'M' | 'F';
  dateOfBirth: string;
  placeOfBirth: string;
  nationality: string;
  presentAddress: string;
  permanentAddress: string;
  email: string;
  occupation: string;
  employer: string;
  sourceOfFunds: string;
  taxNumber: string | null;
  documentType: string;
  documentNumber: string;
  frontImageId: string;
  backImageId: string;
  selfieImageId: string;
}

export type IdentityDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'storage'>;

export interface IdentityResult {
  status: 'pending' | 'verified' | 'rejected';
  qrOutcome: QrOutcome | 'not-philsys';
  screening: 'clear' | 'possible' | 'confirmed';
}

/** The fields a person must fill in, each with the label the page shows it under. */
const requiredFields = {
  firstName: messages.identityFirstName,
  lastName: messages.identityLastName,
  dateOfBirth: messages.identityDateOfBirth,
  placeOfBirth: messages.identityPlaceOfBirth,
  nationality: messages.identityNationality,
  presentAddress: messages.identityPresentAddress,
  permanentAddress: messages.identityPermanentAddress,
  email: messages.identityEmail,
  occupation: messages.identityOccupation,
  sourceOfFunds: messages.identitySourceOfFunds,
} as const satisfies Partial<Record<keyof IdentityInput, string>>;

function checkRequired(input: IdentityInput): void {
  for (const [field, label] of Object.entries(requiredFields)) {
    if (String(input[field as keyof IdentityInput] ?? '').trim() === '') {
      throw Refusal.invalid(fillMessage(messages.identityFieldRequired, { field: label }));
    }
  }
}

/**
 * The borrower states who they are and shows one ID (decision 0108). Everything is checked
 * before anything is written: the document number per type (a PSN refused with its reason),
 * the three images the borrower's own (another's answers 404). Then the PhilSys QR is read
 * from the card's photos and verified, the person screened against the sanctions lists, and
 * the identity saved with its hits in one transaction: verified at once when the QR verified
 * and screening is clear, otherwise waiting for a compliance officer.
 */
export async function submitIdentity(
  deps: IdentityDeps,
  borrowerId: number,
  input: IdentityInput,
): Promise<IdentityResult> {
  checkRequired(input);
  if (!(idDocumentTypes as readonly string[]).includes(input.documentType)) {
    throw Refusal.invalid(messages.identityDocumentNotAccepted);
  }
  const documentType = input.documentType as IdDocumentType;
  const number = checkIdNumber(documentType, input.documentNumber);
  if (!number.ok) {
    throw Refusal.invalid(
      number.refusal === 'psn-not-collected'
        ? messages.identityPsnNotCollected
        : fillMessage(messages.identityNumberWrongFormat, {
            document: messages[`identityDocument.${documentType}`],
          }),
    );
  }
  const images = await findOwnIdentityImages(deps.db, borrowerId, [
    input.frontImageId,
    input.backImageId,
    input.selfieImageId,
  ]);
  if (images.some((image) => image === undefined)) throw Refusal.notFound();
  const existing = await deps.db
    .selectFrom('identities')
    .select('status')
    .where('borrower_id', '=', borrowerId)
    .executeTakeFirst();
  if (existing?.status === 'verified') throw new Refusal('conflict', messages.identityAlreadyVerified);

  const now = deps.clock.now();
  const qr = isPhilSysDocument(documentType)
    ? await checkPhilSysQr(
        deps,
        images.slice(0, 2).map((image) => image!.storage_key),
        { ...input, pcn: number.number },
      )
    : { outcome: 'not-philsys' as const, detail: 'not a PhilSys ID: an officer checks it' };
  const hits = await screenPerson(deps.db, deps.config.identity.matchThreshold, input);

  return inTransaction(deps.db, async (trx) => {
    const screening = await recordHits(trx, borrowerId, hits, now);
    const status = qr.outcome === 'verified' && screening === 'clear' ? 'verified' : 'pending';
    const row = {
      status,
      first_name: input.firstName,
      middle_name: input.middleName,
      last_name: input.lastName,
      sex: input.sex ?? null,
      date_of_birth: input.dateOfBirth,
      place_of_birth: input.placeOfBirth,
      nationality: input.nationality,
      present_address: input.presentAddress,
      permanent_address: input.permanentAddress,
      email: input.email,
      occupation: input.occupation,
      employer: input.employer,
      source_of_funds: input.sourceOfFunds,
      tax_number: input.taxNumber,
      document_type: documentType,
      document_number: number.number,
      front_image_id: input.frontImageId,
      back_image_id: input.backImageId,
      selfie_image_id: input.selfieImageId,
      qr_outcome: qr.outcome,
      qr_detail: qr.detail,
      qr_checked_at: now.toISOString(),
      screening,
      screened_at: now.toISOString(),
      risk_rating: riskRating({ qrOutcome: qr.outcome, screening, sourceOfFunds: input.sourceOfFunds }),
      submitted_at: now.toISOString(),
      decided_by: status === 'verified' ? 'system:philsys-qr' : null,
      decided_at: status === 'verified' ? now.toISOString() : null,
      decision_reason: null,
    } as const;
    await trx
      .insertInto('identities')
      .values({ borrower_id: borrowerId, ...row })
      .onConflict((conflict) => conflict.column('borrower_id').doUpdateSet(row))
      .execute();
    return { status, qrOutcome: qr.outcome, screening };
  });
}

/** The QR from the front photo, else the back (the ePhilID print carries it on either side). */
async function checkPhilSysQr(
  deps: IdentityDeps,
  storageKeys: string[],
  entered: { pcn: string; firstName: string; middleName: string; lastName: string; dateOfBirth: string },
): Promise<{ outcome: QrOutcome; detail: string }> {
  const keys = deps.config.identity.philSysKeys.map(philSysPublicKey);
  for (const key of storageKeys) {
    const bytes = await deps.storage.get(key);
    const text = bytes ? await readQrFromImage(bytes) : null;
    if (text !== null) return philSysOutcome(readPhilSysQr(text, keys), entered);
  }
  return { outcome: 'unreadable', detail: 'no QR code found in the photos' };
}

async function screenPerson(
  db: Kysely<Database>,
  threshold: number,
  person: { firstName: string; middleName: string; lastName: string; dateOfBirth: string },
) {
  const index = new ScreeningIndex(await allListedPeople(db), threshold);
  return index.screen({ name: fullName(person), dateOfBirth: person.dateOfBirth });
}

export function fullName(person: { firstName: string; middleName: string; lastName: string }): string {
  return [person.firstName, person.middleName, person.lastName]
    .filter((part) => part.trim() !== '')
    .join(' ');
}

/** The person an identity row states, in the form's names: the borrower's form and the console read it. */
export function personOf(row: Selectable<IdentityTable>) {
  return {
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    dateOfBirth: row.date_of_birth,
    placeOfBirth: row.place_of_birth,
    nationality: row.nationality,
    presentAddress: row.present_address,
    permanentAddress: row.permanent_address,
    email: row.email,
    occupation: row.occupation,
    employer: row.employer,
    sourceOfFunds: row.source_of_funds,
    taxNumber: row.tax_number,
  };
}
