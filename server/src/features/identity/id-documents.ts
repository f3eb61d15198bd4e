import { identityDocumentTypes } from '@kwarta/contract';

/**
 * The identity documents a borrower may present and how each number is checked before it is
 * stored (decision 0108). PhilID comes first: the PSA mandates its acceptance and its QR can be
 * verified offline. The 12-digit PhilSys Number (PSN) is never collected (RA 11055 limits its
 * use); the 16-digit PhilSys Card Number (PCN) printed on the card is what we keep.
 */
export const idDocumentTypes = identityDocumentTypes;
export type IdDocumentType = (typeof idDocumentTypes)[number];

/** Which types the lender accepts when it configures nothing (ID_DOCUMENT_TYPES narrows it). */
export const defaultIdDocumentTypes: readonly IdDocumentType[] = idDocumentTypes;

/** Whether a type carries the PhilSys signed QR we verify. */
export function isPhilSysDocument(type: IdDocumentType): boolean {
  return type === 'philid' || type === 'ephilid';
}

export type IdNumberRefusal = 'psn-not-collected' | 'wrong-format';

export type IdNumberCheck = { ok: true; number: string } | { ok: false; refusal: IdNumberRefusal };

/** Spaces and dashes are how people type numbers off a card; they carry no meaning. */
function compact(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

const formats: Record<IdDocumentType, RegExp> = {
  philid: /^\d{16}$/,
  ephilid: /^\d{16}$/,
  // Philippine passports: P1234567A (since 2016), one or two letters and 7 digits, or 7 digits and a letter (older books).
  passport: /^(?:[A-Z]{1,2}\d{7}|[A-Z]\d{7}[A-Z]|\d{7}[A-Z])$/,
  // LTO licence: a letter, two digits, then 8 digits (A01-23-456789 is printed with dashes).
  'drivers-licence': /^[A-Z]\d{10}$/,
  // UMID Common Reference Number: 12 digits.
  umid: /^\d{12}$/,
  // PRC registration number: 7 digits (older ones shorter, zero-padded on the card).
  prc: /^\d{7}$/,
  // Postal ID PRN: 12 characters, a letter-digit mix ending in the issuing office's letters.
  'postal-id': /^[A-Z0-9]{12}$/,
  // SSS number: 10 digits.
  sss: /^\d{10}$/,
  // COMELEC voter's ID number: 4 digits, 4 characters, then 10-14 digits.
  'voters-id': /^\d{4}[A-Z0-9]{4,5}\d{10,14}$/,
};

/**
 * Checks a document number as typed and returns it in its stored form (digits and capitals, no
 * separators). For a PhilID a 12-digit entry is the PSN: it is refused with its own reason, so
 * the page can say why and ask for the card number instead.
 */
export function checkIdNumber(type: IdDocumentType, raw: string): IdNumberCheck {
  const number = compact(raw);
  if (isPhilSysDocument(type) && /^\d{12}$/.test(number)) return { ok: false, refusal: 'psn-not-collected' };
  return formats[type].test(number) ? { ok: true, number } : { ok: false, refusal: 'wrong-format' };
}

/** A PCN as printed: 1234-5678-9012-3456. */
export function formatPcn(pcn: string): string {
  return compact(pcn).replace(/(\d{4})(?=\d)/g, '$1-');
}
