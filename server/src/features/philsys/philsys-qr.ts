import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { decode, encode } from 'cborg';
import { decodeBase45 } from './base45.ts';
import { nameWords } from '../sanctions/index.ts';

/**
 * Offline verification of the PhilSys QR codes (decision 0108):
 *
 * - the PhilID card's QR holds JSON: `{ ..., "subject": {...}, "alg": "EDDSA", "signature": b64 }`,
 *   the signature Ed25519 over the JSON text of the object without its `signature` member;
 * - the ePhilID's QR holds base45 text (an optional `PH1:` prefix) of zlib-deflated CBOR, a
 *   COSE_Sign1 structure (RFC 9052; tag 18 optional) whose EdDSA signature covers the standard
 *   Sig_structure and whose payload is a CBOR map of the card's fields.
 *
 * Keys come from configuration (PHILSYS_PUBLIC_KEY), never from the payload.
 */

/** What the card states about its holder, in our own shape. */
export interface PhilSysIdentity {
  pcn: string;
  firstName: string;
  middleName: string;
  lastName: string;
  suffix: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
}

export type PayloadReading =
  | { status: 'signed'; identity: PhilSysIdentity }
  | { status: 'unsigned'; identity: PhilSysIdentity | null; reason: string }
  | { status: 'unreadable'; reason: string };

const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** An Ed25519 public key from its raw 32 bytes (base64) or a PEM. */
export function philSysPublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) return createPublicKey(trimmed);
  const raw = Buffer.from(trimmed, 'base64');
  if (raw.length !== 32)
    throw new Error('a PhilSys public key is 32 bytes of Ed25519, base64-encoded, or a PEM');
  return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
}

function signedByOneOf(keys: readonly KeyObject[], data: Uint8Array, signature: Uint8Array): boolean {
  return keys.some((key) => {
    try {
      return verify(null, data, key, signature);
    } catch {
      return false;
    }
  });
}

const months = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** "January 01, 1990" (the card) or "1990-01-01" → "1990-01-01"; null for anything else. */
export function cardDate(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (iso) return text.trim();
  const spelled = /^([A-Za-z]+)\s+(\d{1,2}),?\s+(\d{4})$/.exec(text.trim());
  if (!spelled) return null;
  const month = months.indexOf(spelled[1]!.toLowerCase());
  if (month < 0) return null;
  return `${spelled[3]}-${String(month + 1).padStart(2, '0')}-${spelled[2]!.padStart(2, '0')}`;
}

function identityFrom(fields: Record<string, unknown>): PhilSysIdentity | null {
  const text = (key: string) => (typeof fields[key] === 'string' ? (fields[key] as string).trim() : '');
  const pcn = text('PCN').replace(/[\s-]/g, '');
  const dateOfBirth = cardDate(fields.DOB);
  if (!/^\d{16}$/.test(pcn) || !dateOfBirth || text('lName') === '' || text('fName') === '') return null;
  return {
    pcn,
    firstName: text('fName'),
    middleName: text('mName'),
    lastName: text('lName'),
    suffix: text('Suffix'),
    dateOfBirth,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array)
  );
}

/** The PhilID card's signed JSON. */
export function readPhilIdJson(text: string, keys: readonly KeyObject[]): PayloadReading {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { status: 'unreadable', reason: 'not JSON' };
  }
  if (!isRecord(parsed) || !isRecord(parsed.subject)) return { status: 'unreadable', reason: 'no subject' };
  const identity = identityFrom(parsed.subject);
  if (!identity) return { status: 'unreadable', reason: 'subject lacks PCN, name or date of birth' };
  const { signature, ...signed } = parsed;
  if (typeof signature !== 'string' || signature === '')
    return { status: 'unsigned', identity, reason: 'no signature' };
  if (parsed.alg !== 'EDDSA')
    return { status: 'unsigned', identity, reason: `unsupported algorithm ${String(parsed.alg)}` };
  // Only the canonical base64 of a signature counts: spare bits in its last character would let
  // one signature be written several ways.
  const signatureBytes = Buffer.from(signature, 'base64');
  if (signatureBytes.toString('base64') !== signature)
    return { status: 'unsigned', identity, reason: 'signature is not base64' };
  const ok = signedByOneOf(keys, Buffer.from(JSON.stringify(signed), 'utf8'), signatureBytes);
  return ok
    ? { status: 'signed', identity }
    : { status: 'unsigned', identity, reason: 'signature does not verify' };
}

/** COSE header label 1 (alg), value -8: EdDSA. */
const COSE_ALG = 1;
const COSE_EDDSA = -8;

/** The ePhilID's base45 → zlib → CBOR (COSE_Sign1). */
export function readEPhilIdText(text: string, keys: readonly KeyObject[]): PayloadReading {
  let sign1: unknown;
  try {
    const compressed = decodeBase45(text.replace(/^PH1:/, ''));
    sign1 = decode(inflateSync(compressed), { tags: coseTags, useMaps: true });
  } catch {
    return { status: 'unreadable', reason: 'not base45 zlib CBOR' };
  }
  if (!Array.isArray(sign1) || sign1.length !== 4)
    return { status: 'unreadable', reason: 'not a COSE_Sign1' };
  const [protectedBytes, , payloadBytes, signature] = sign1 as unknown[];
  if (!(protectedBytes instanceof Uint8Array) || !(payloadBytes instanceof Uint8Array)) {
    return { status: 'unreadable', reason: 'not a COSE_Sign1' };
  }
  let payload: unknown;
  let header: unknown;
  try {
    payload = decode(payloadBytes, { useMaps: true });
    header = protectedBytes.length === 0 ? new Map() : decode(protectedBytes, { useMaps: true });
  } catch {
    return { status: 'unreadable', reason: 'payload is not CBOR' };
  }
  if (!(payload instanceof Map)) return { status: 'unreadable', reason: 'payload is not a map' };
  const identity = identityFrom(Object.fromEntries([...payload].filter(([key]) => typeof key === 'string')));
  if (!identity) return { status: 'unreadable', reason: 'payload lacks PCN, name or date of birth' };
  if (!(signature instanceof Uint8Array) || signature.length === 0) {
    return { status: 'unsigned', identity, reason: 'no signature' };
  }
  if (!(header instanceof Map) || header.get(COSE_ALG) !== COSE_EDDSA) {
    return { status: 'unsigned', identity, reason: 'not signed with EdDSA' };
  }
  const ok = signedByOneOf(keys, coseSigStructure(protectedBytes, payloadBytes), signature);
  return ok
    ? { status: 'signed', identity }
    : { status: 'unsigned', identity, reason: 'signature does not verify' };
}

// Tag 18 marks a COSE_Sign1; its content is the 4-element array we read.
const coseTags: ((inner: unknown) => unknown)[] = [];
coseTags[18] = (inner) => inner;

export function coseSigStructure(protectedBytes: Uint8Array, payloadBytes: Uint8Array): Uint8Array {
  return encode(['Signature1', protectedBytes, new Uint8Array(0), payloadBytes]);
}

/** Either QR: JSON for the card, base45 for the ePhilID. */
export function readPhilSysQr(text: string, keys: readonly KeyObject[]): PayloadReading {
  return text.trimStart().startsWith('{') ? readPhilIdJson(text, keys) : readEPhilIdText(text.trim(), keys);
}

/** What the borrower typed, to hold against what the card says. */
export interface EnteredIdentity {
  pcn: string;
  firstName: string;
  middleName: string;
  lastName: string;
  dateOfBirth: string;
}

export type QrOutcome = 'verified' | 'mismatch' | 'unreadable' | 'unsigned';

/**
 * The check's outcome: verified only when the signature holds and the card's PCN, date of birth
 * and name (words compared after normalising, so order, case and accents do not matter) are the
 * ones entered. A name entered without the middle name still matches.
 */
export function philSysOutcome(
  reading: PayloadReading,
  entered: EnteredIdentity,
): { outcome: QrOutcome; detail: string } {
  if (reading.status === 'unreadable') return { outcome: 'unreadable', detail: reading.reason };
  if (reading.status === 'unsigned') return { outcome: 'unsigned', detail: reading.reason };
  const card = reading.identity;
  const differences: string[] = [];
  if (card.pcn !== entered.pcn) differences.push('card number');
  if (card.dateOfBirth !== entered.dateOfBirth) differences.push('date of birth');
  const full = (first: string, middle: string, last: string) =>
    nameWords(`${first} ${middle} ${last}`).sort().join(' ');
  const enteredName = full(entered.firstName, entered.middleName, entered.lastName);
  const sameName =
    enteredName === full(card.firstName, card.middleName, card.lastName) ||
    (entered.middleName.trim() === '' && enteredName === full(card.firstName, '', card.lastName));
  if (!sameName) differences.push('name');
  return differences.length === 0
    ? { outcome: 'verified', detail: 'signature, card number, name and date of birth match' }
    : { outcome: 'mismatch', detail: `differs in ${differences.join(', ')}` };
}
