// The identity feature's verified identities as the CIC's individual record reads them (decision
// 0106): names, sex, birth, addresses, the ID shown and the e-mail. Codes come from the layout's
// code tables, which are to confirm with the CIC.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { verifiedIdentities, type IdDocumentType, type VerifiedIdentity } from '../identity/index.ts';
import type { CicIdentity, CicIdentitySource } from './cic-records.ts';

/** ID documents the CIC files as an identification number (its "Identification" table). */
const identificationTypes: Partial<Record<IdDocumentType, string>> = { sss: '11', umid: '13' };
/**
 * ID documents the CIC files as a document (its "ID document" table). A PRC ID has no code there
 * yet: its holder needs a TIN, or the validator lists the missing identification.
 */
const idDocumentTypes: Partial<Record<IdDocumentType, string>> = {
  passport: '1',
  'drivers-licence': '2',
  philid: '3',
  ephilid: '3',
  'postal-id': '4',
  'voters-id': '5',
};

/** Nationality as the borrower typed it, as the country table's code; another is left out (optional). */
function countryCode(nationality: string): string | undefined {
  return /^(filipino|filipina|philippine|philippines|ph)$/i.test(nationality.trim()) ? 'PH' : undefined;
}

/**
 * What the file says of a verified identity. An empty value (an anonymised identity's) is left
 * out, so the validator lists it as missing rather than the file sending a blank as a fact.
 */
export function cicIdentityOf(identity: VerifiedIdentity): CicIdentity {
  const text = (value: string | null) => (value === null || value.trim() === '' ? undefined : value.trim());
  const tin = identity.taxNumber?.replace(/\D/g, '');
  const document = text(identity.documentNumber);
  const identificationType = identificationTypes[identity.documentType];
  const idDocumentType = idDocumentTypes[identity.documentType];
  const address = text(identity.presentAddress);
  const permanent = text(identity.permanentAddress);
  const values: CicIdentity = {
    firstName: text(identity.firstName),
    middleName: text(identity.middleName),
    lastName: text(identity.lastName),
    gender: identity.sex ?? undefined,
    birthDate: text(identity.dateOfBirth),
    birthPlace: text(identity.placeOfBirth),
    nationality: countryCode(identity.nationality),
    address,
    secondAddress: permanent && permanent.toLowerCase() !== address?.toLowerCase() ? permanent : undefined,
    identification: tin
      ? { type: '10', number: tin }
      : identificationType && document
        ? { type: identificationType, number: document }
        : undefined,
    idDocument: idDocumentType && document ? { type: idDocumentType, number: document } : undefined,
    email: text(identity.email),
  };
  // Absent, not undefined: the borrower row's name fills what identity leaves out.
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as CicIdentity;
}

/** The identity feature as the file's identity source: one query a page of borrowers. */
export function verifiedIdentitySource(db: Kysely<Database>): CicIdentitySource {
  return async (borrowerIds) => {
    const found = await verifiedIdentities(db, borrowerIds);
    return new Map([...found].map(([borrowerId, identity]) => [borrowerId, cicIdentityOf(identity)]));
  };
}
