import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { encode } from 'cborg';
import { encodeBase45 } from './base45.ts';
import { coseSigStructure, type PhilSysIdentity } from './philsys-qr.ts';

/**
 * Makes PhilSys QR payloads the way the PSA's issuer does, for the demo data and the tests: the
 * demo key below is published on purpose (decision 0108). It is the default key set only in
 * development and sandbox; production trusts only PHILSYS_PUBLIC_KEY.
 */
export const DEMO_PHILSYS_PUBLIC_KEY = 'YuopaQic9K8VxoJXnM5hxRI305BopG0gg4NKbBZLH0Y=';
const DEMO_PHILSYS_PRIVATE_KEY = '7zXAlY5ZKEFaZda1T+RfCMSq1mcS9pzUxpaUny1gsqE=';

const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export function ed25519PrivateKey(rawBase64: string): KeyObject {
  return createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, Buffer.from(rawBase64, 'base64')]),
    format: 'der',
    type: 'pkcs8',
  });
}

export const demoPhilSysSigner = (): KeyObject => ed25519PrivateKey(DEMO_PHILSYS_PRIVATE_KEY);

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function spelledDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${MONTHS[Number(month) - 1]} ${day}, ${year}`;
}

function subjectOf(identity: PhilSysIdentity): Record<string, string> {
  return {
    Suffix: identity.suffix,
    lName: identity.lastName,
    fName: identity.firstName,
    mName: identity.middleName,
    sex: 'Female',
    DOB: spelledDate(identity.dateOfBirth),
    POB: 'Quezon City',
    PCN: identity.pcn,
  };
}

/** The PhilID card's QR text; `key` null leaves it unsigned. */
export function signPhilIdJson(identity: PhilSysIdentity, key: KeyObject | null): string {
  const unsigned = {
    DateIssued: 'January 05, 2024',
    Issuer: 'PSA',
    subject: subjectOf(identity),
    alg: 'EDDSA',
  };
  if (!key) return JSON.stringify(unsigned);
  const signature = sign(null, Buffer.from(JSON.stringify(unsigned), 'utf8'), key).toString('base64');
  return JSON.stringify({ ...unsigned, signature });
}

/** The ePhilID's QR text: base45 of deflated COSE_Sign1. */
export function signEPhilIdText(identity: PhilSysIdentity, key: KeyObject | null): string {
  const protectedBytes = encode(new Map([[1, -8]]));
  const payload = encode(new Map(Object.entries({ ...subjectOf(identity), Issuer: 'PSA' })));
  const signature = key ? sign(null, coseSigStructure(protectedBytes, payload), key) : new Uint8Array(0);
  const sign1 = encode([protectedBytes, new Map(), payload, new Uint8Array(signature)]);
  return `PH1:${encodeBase45(deflateSync(sign1))}`;
}
