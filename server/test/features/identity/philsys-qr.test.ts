import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeBase45, encodeBase45 } from '../../../src/features/philsys/base45.ts';
import {
  philSysOutcome,
  philSysPublicKey,
  readPhilSysQr,
  type PhilSysIdentity,
} from '../../../src/features/philsys/philsys-qr.ts';
import {
  DEMO_PHILSYS_PUBLIC_KEY,
  demoPhilSysSigner,
  signEPhilIdText,
  signPhilIdJson,
} from '../../../src/features/philsys/philsys-signing.ts';

const holder: PhilSysIdentity = {
  pcn: '1234567890123456',
  firstName: 'Maria Clara',
  middleName: 'Santos',
  lastName: 'Dela Cruz',
  suffix: '',
  dateOfBirth: '1994-03-07',
};
const entered = { ...holder };
const keys = [philSysPublicKey(DEMO_PHILSYS_PUBLIC_KEY)];
const otherKey = generateKeyPairSync('ed25519').privateKey;

const formats = [
  ['PhilID signed JSON', signPhilIdJson],
  ['ePhilID base45 zlib CBOR', signEPhilIdText],
] as const;

describe.each(formats)('%s', (_name, make) => {
  it('verifies when signed with a trusted key and matching what was entered', () => {
    const reading = readPhilSysQr(make(holder, demoPhilSysSigner()), keys);
    expect(reading).toEqual({ status: 'signed', identity: holder });
    expect(philSysOutcome(reading, entered).outcome).toBe('verified');
  });

  it('matches a name typed in another order, case and without accents or the middle name', () => {
    const reading = readPhilSysQr(make({ ...holder, lastName: 'Dela Cruz-Peña' }, demoPhilSysSigner()), keys);
    const typed = { ...entered, firstName: 'maria clara', middleName: '', lastName: 'dela cruz pena' };
    expect(philSysOutcome(reading, typed).outcome).toBe('verified');
  });

  it('is a mismatch for another person: name, date of birth or card number', () => {
    const reading = readPhilSysQr(make(holder, demoPhilSysSigner()), keys);
    expect(philSysOutcome(reading, { ...entered, lastName: 'Reyes' })).toEqual({
      outcome: 'mismatch',
      detail: 'differs in name',
    });
    expect(philSysOutcome(reading, { ...entered, dateOfBirth: '1994-03-08' }).outcome).toBe('mismatch');
    expect(philSysOutcome(reading, { ...entered, pcn: '1234567890123457' }).outcome).toBe('mismatch');
  });

  it('fails with a wrong key and when unsigned', () => {
    expect(philSysOutcome(readPhilSysQr(make(holder, otherKey), keys), entered).outcome).toBe('unsigned');
    expect(philSysOutcome(readPhilSysQr(make(holder, null), keys), entered).outcome).toBe('unsigned');
    expect(philSysOutcome(readPhilSysQr(make(holder, demoPhilSysSigner()), []), entered).outcome).toBe(
      'unsigned',
    );
  });

  it('never verifies a payload with any one byte changed', () => {
    const text = make(holder, demoPhilSysSigner());
    fc.assert(
      fc.property(fc.nat({ max: text.length - 1 }), fc.integer({ min: 1, max: 40 }), (at, shift) => {
        const alphabet = text.startsWith('{')
          ? 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
          : '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
        const current = alphabet.indexOf(text[at]!);
        const replacement = alphabet[(Math.max(current, 0) + shift) % alphabet.length]!;
        if (replacement === text[at]) return;
        const tampered = text.slice(0, at) + replacement + text.slice(at + 1);
        const outcome = philSysOutcome(readPhilSysQr(tampered, keys), entered).outcome;
        expect(outcome).not.toBe('verified');
      }),
      { numRuns: 300 },
    );
  });
});

it('reads garbage as unreadable', () => {
  expect(readPhilSysQr('hello', keys).status).toBe('unreadable');
  expect(readPhilSysQr('{"subject":{}}', keys).status).toBe('unreadable');
});

it('base45 round-trips any bytes', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
      expect(decodeBase45(encodeBase45(bytes))).toEqual(bytes);
    }),
  );
  expect(encodeBase45(new TextEncoder().encode('ietf!'))).toBe('QED8WEX0');
});
