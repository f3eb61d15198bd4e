import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkIdNumber } from '../../../src/features/identity/index.ts';
import {
  DEFAULT_MATCH_THRESHOLD,
  evaluateScreening,
  nameSimilarity,
  normaliseName,
  parseUnList,
  ScreeningIndex,
  type LabelledCase,
} from '../../../src/features/sanctions/index.ts';
import {
  DEMO_PHILSYS_PUBLIC_KEY,
  demoPhilSysSigner,
  philSysCardImage,
  philSysOutcome,
  philSysPublicKey,
  readPhilSysQr,
  readQrFromImage,
  signEPhilIdText,
  signPhilIdJson,
} from '../../../src/features/philsys/index.ts';
import { philIdHolder, sampleSanctionsList } from '../../support/identity.ts';

describe('ID numbers', () => {
  it('refuses any 12-digit entry for a PhilID as the PSN, however it is typed', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12}$/), fc.constantFrom('', ' ', '-'), (digits, separator) => {
        const typed = [digits.slice(0, 4), digits.slice(4, 8), digits.slice(8)].join(separator);
        expect(checkIdNumber('philid', typed)).toEqual({ ok: false, refusal: 'psn-not-collected' });
        expect(checkIdNumber('ephilid', typed)).toEqual({ ok: false, refusal: 'psn-not-collected' });
      }),
    );
  });

  it('keeps the 16-digit PCN without separators', () => {
    expect(checkIdNumber('philid', '1234-5678-9012-3456')).toEqual({ ok: true, number: '1234567890123456' });
  });

  it.each([
    ['passport', 'P1234567A', true],
    ['passport', 'EB1234567', true],
    ['passport', '12345', false],
    ['drivers-licence', 'N01-23-456789', true],
    ['drivers-licence', 'N0123', false],
    ['umid', '0111-2345678-9', true],
    ['sss', '34-1234567-8', true],
    ['sss', '34-1234567', false],
    ['prc', '0123456', true],
  ] as const)('%s %s → %s', (type, number, ok) => {
    expect(checkIdNumber(type, number).ok).toBe(ok);
  });
});

describe('name matching', () => {
  it('ignores order, case, accents and punctuation', () => {
    expect(normaliseName('PEÑAFLORIDA, José María')).toBe(normaliseName('jose maria penaflorida'));
    expect(nameSimilarity('Dela Cruz, Juan', 'juan dela cruz')).toBe(1);
  });

  it('is symmetric and between 0 and 1', () => {
    const name = fc.array(
      fc.constantFrom('juan', 'maria', 'santos', 'reyes', 'cruz', 'dela', 'mohamed', 'mohammed'),
      {
        minLength: 1,
        maxLength: 4,
      },
    );
    fc.assert(
      fc.property(name, name, (a, b) => {
        const score = nameSimilarity(a.join(' '), b.join(' '));
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
        expect(nameSimilarity(b.join(' '), a.join(' '))).toBeCloseTo(score, 10);
      }),
    );
  });
});

describe('sanctions screening', () => {
  const list = parseUnList(sampleSanctionsList());
  const labelled = JSON.parse(
    fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../examples/sanctions/labelled-names.json'),
      'utf8',
    ),
  ) as { cases: LabelledCase[] };

  it('reads the individuals of a UN-format list with aliases and birth dates', () => {
    expect(list).toHaveLength(5);
    expect(list[1]).toEqual({
      reference: 'QDi.902',
      name: 'ABDULLAH HASSAN AL-RASHIDI',
      aliases: ['Abu Hamza al-Filipini', 'Abdulla Hasan Rashidi'],
      datesOfBirth: ['1968'],
    });
    expect(() => parseUnList('<html></html>')).toThrow(/not a UN-format list/);
  });

  it('finds every listed name and flags no common name at the chosen threshold', () => {
    const result = evaluateScreening(list, labelled.cases, DEFAULT_MATCH_THRESHOLD);
    console.log(
      `screening at ${DEFAULT_MATCH_THRESHOLD}: precision ${result.precision.toFixed(3)}, recall ${result.recall.toFixed(3)}`,
    );
    expect(result.misses).toEqual([]);
    expect({ precision: result.precision, recall: result.recall }).toEqual({ precision: 1, recall: 1 });
  });

  it('does not match a listed name with another birth date', () => {
    const index = new ScreeningIndex(list);
    expect(index.screen({ name: 'Ramon Bautista Salvador', dateOfBirth: '1971-06-14' })).toHaveLength(1);
    expect(index.screen({ name: 'Ramon Bautista Salvador', dateOfBirth: '1990-01-01' })).toEqual([]);
  });
});

describe('QR from a photo', () => {
  const keys = [philSysPublicKey(DEMO_PHILSYS_PUBLIC_KEY)];
  it.each([
    ['PhilID', signPhilIdJson, 4],
    ['ePhilID', signEPhilIdText, -3],
  ] as const)('reads and verifies a %s card photographed a few degrees off', async (_name, make, degrees) => {
    const holder = philIdHolder();
    const photo = await philSysCardImage(make(holder, demoPhilSysSigner()), { rotateDegrees: degrees });
    const text = await readQrFromImage(photo);
    expect(text).not.toBeNull();
    expect(philSysOutcome(readPhilSysQr(text!, keys), holder).outcome).toBe('verified');
  });

  it('finds nothing in a photo without a code', async () => {
    const { jpegImage } = await import('../../support/images.ts');
    expect(await readQrFromImage(await jpegImage())).toBeNull();
  });
});
