import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { IdDocumentType } from './id-documents.ts';
import type { IdentityInput } from './submit-identity.ts';

/** What a borrower stated and showed, once verified: what reports to others may say of them. */
export type VerifiedIdentity = Pick<
  IdentityInput,
  | 'firstName'
  | 'middleName'
  | 'lastName'
  | 'dateOfBirth'
  | 'placeOfBirth'
  | 'nationality'
  | 'presentAddress'
  | 'permanentAddress'
  | 'email'
  | 'taxNumber'
  | 'documentNumber'
> & {
  sex: 'M' | 'F' | null;
  documentType: IdDocumentType;
};

/**
 * The verified identities of a page of borrowers, by borrower id, in one query. A pending or
 * rejected identity is left out: what nobody has verified is not passed on as the borrower's.
 */
export async function verifiedIdentities(
  db: Kysely<Database>,
  borrowerIds: readonly number[],
): Promise<Map<number, VerifiedIdentity>> {
  if (borrowerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('identities')
    .select([
      'borrower_id',
      'first_name',
      'middle_name',
      'last_name',
      'sex',
      'date_of_birth',
      'place_of_birth',
      'nationality',
      'present_address',
      'permanent_address',
      'email',
      'tax_number',
      'document_type',
      'document_number',
    ])
    .where('status', '=', 'verified')
    .where('borrower_id', 'in', borrowerIds)
    .execute();
  return new Map(
    rows.map((row) => [
      row.borrower_id,
      {
        firstName: row.first_name,
        middleName: row.middle_name,
        lastName: row.last_name,
        sex: row.sex,
        dateOfBirth: row.date_of_birth,
        placeOfBirth: row.place_of_birth,
        nationality: row.nationality,
        presentAddress: row.present_address,
        permanentAddress: row.permanent_address,
        email: row.email,
        taxNumber: row.tax_number,
        documentType: row.document_type as IdDocumentType,
        documentNumber: row.document_number,
      },
    ]),
  );
}
