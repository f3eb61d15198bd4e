import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDemoBorrowerRow } from '../../../src/db/seed.ts';
import { decideIdentity } from '../../../src/features/identity/index.ts';
import { createOperator } from '../../../src/features/operators/operator-repository.ts';
import { cicIdentityOf, generateCicFile } from '../../../src/features/regulatory-reports/index.ts';
import { newBorrower } from '../../support/borrowers.ts';
import { completeIdentity, philIdHolder } from '../../support/identity.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';

/**
 * Decision 0106: the CIC file's individual records take the identity feature's verified identities.
 * The demo data (PH market, identity required) is October's book of the demo borrower, whose PhilID
 * the demo key signed; reported on 23 November.
 */
describe.each(databaseTargets)('CIC file and verified identities on %s', (target) => {
  const clock = testClock('2026-11-23T02:00:00.000Z');
  let t: TestApp;
  let outDir: string;
  const generate = (at: string) =>
    generateCicFile(t.app.db, {
      month: '2026-10',
      correction: false,
      providerCode: 'KWARTA01',
      outDir,
      timeZone: 'Asia/Manila',
      now: new Date(at),
      generatedBy: 'cli',
    });

  beforeAll(async () => {
    t = await createTestApp(target, { clock, env: { MARKET: 'PH', KYC: 'required' } });
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cic-identity-'));
  }, 120_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  it("the demo month validates, the demo borrower's ID record filled from their verified PhilID", async () => {
    const result = await generate('2026-11-23T02:00:00.000Z');
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    const demo = (await findDemoBorrowerRow(t.app.db))!;
    const lines = fs.readFileSync(result.submission.filePath, 'utf8').split('\n');
    const subject = lines.find((line) => line.startsWith(`ID|KWARTA01||31102026|${demo.id}|`))!.split('|');
    const field = (n: number) => subject[n - 1];
    expect(subject).toHaveLength(123);
    expect(field(7)).toBe('Juan'); // first name: the identity's, not the borrower row's split
    expect(field(8)).toBe('Dela Cruz'); // last name: two words, kept whole
    expect(field(9)).toBe('Santos'); // middle name
    expect(field(13)).toBe('M'); // gender: as stated
    expect(field(14)).toBe('17051990'); // date of birth, DDMMYYYY
    expect(field(15)).toBe('Quezon City'); // place of birth
    expect(field(17)).toBe('PH'); // nationality "Filipino" as the country code
    expect(field(32)).toBe('MI'); // address 1: the present address
    expect(field(33)).toBe('12 Mabini St., Barangay San Roque, Quezon City, Metro Manila');
    expect(field(43)).toBe(''); // no address 2: the permanent address is the same
    expect(field(54)).toBe(''); // no identification number: no TIN, and a PhilID is a document
    expect(field(60)).toBe('3'); // ID document 1: PhilID
    expect(field(61)).toBe('3012457896541230'); // its card number (PCN)
    expect(field(78)).toBe('3'); // contact 1: the mobile phone
    expect(field(79)).toBe(demo.phone);
    expect(field(80)).toBe('7'); // contact 2: the e-mail
    expect(field(81)).toBe('juan@example.ph');
    expect(result.submission.subjects).toBe(1);
  });

  it('lists a borrower without a verified identity, and passes them once it is verified', async () => {
    const demo = (await findDemoBorrowerRow(t.app.db))!;
    const other = await newBorrower(t.app, '09171234588');
    // One of October's contracts moved over to a borrower of its own.
    const before = await generate('2026-11-23T02:00:00.500Z');
    if (!before.ok) throw new Error(JSON.stringify(before));
    const contractNo = fs
      .readFileSync(before.submission.filePath, 'utf8')
      .split('\n')
      .find((line) => line.startsWith('CI|'))!
      .split('|')[6]!;
    await t.app.db
      .updateTable('orders')
      .set({ borrower_id: other.borrowerId })
      .where('order_no', '=', contractNo)
      .where('borrower_id', '=', demo.id)
      .execute();

    const missing = async (at: string) => {
      const result = await generate(at);
      return result.ok
        ? []
        : result.errors.map((error) => `${error.record} ${error.field} ${error.rule}`).sort();
    };
    const none = [
      `ID subject ${other.borrowerId} ID13 Gender mandatory`,
      `ID subject ${other.borrowerId} ID14 Date of birth mandatory`,
      `ID subject ${other.borrowerId} ID33 Address 1: full address mandatory`,
      `ID subject ${other.borrowerId} ID55 Identification 1: number no-identification`,
    ];
    // No identity at all: the four fields listed, the demo borrower fine.
    expect(await missing('2026-11-23T02:00:01.000Z')).toEqual(none.sort());

    // An identity waiting for an officer (a passport) is not passed on: still listed.
    await completeIdentity(t.app, other.borrowerId, philIdHolder(), {
      input: { documentType: 'passport', documentNumber: 'P4827301A', sex: 'F', taxNumber: '123-456-789' },
    });
    expect(await missing('2026-11-23T02:00:02.000Z')).toEqual(none.sort());

    const officer = { name: 'compliance-1', id: 0 };
    officer.id = await createOperator(t.app.db, { name: officer.name, role: 'compliance', now: clock.now() });
    await decideIdentity(t.app, officer, {
      borrowerId: other.borrowerId,
      decision: 'approve',
      reason: 'passport photo matches the selfie',
    });
    const result = await generate('2026-11-23T02:00:03.000Z');
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    const subject = fs
      .readFileSync(result.submission.filePath, 'utf8')
      .split('\n')
      .find((line) => line.startsWith(`ID|KWARTA01||31102026|${other.borrowerId}|`))!
      .split('|');
    expect(subject[12]).toBe('F'); // ID13 gender
    expect(subject[53]).toBe('10'); // ID54 identification 1: TIN, digits only
    expect(subject[54]).toBe('123456789');
    expect(subject[59]).toBe('1'); // ID60 ID document 1: passport
    expect(subject[60]).toBe('P4827301A');
  });

  it('maps documents the CIC files as identifications, and leaves out what is blank', () => {
    const base = {
      firstName: 'Liza',
      middleName: '',
      lastName: 'Aquino',
      sex: null,
      dateOfBirth: '1992-09-14',
      placeOfBirth: 'Cebu City',
      nationality: 'Japanese',
      presentAddress: '1 Osmeña Blvd, Cebu City',
      permanentAddress: '9 Colon St, Cebu City',
      email: '',
      taxNumber: null,
      documentType: 'sss' as const,
      documentNumber: '0123456789',
    };
    expect(cicIdentityOf(base)).toEqual({
      firstName: 'Liza',
      lastName: 'Aquino',
      birthDate: '1992-09-14',
      birthPlace: 'Cebu City',
      address: '1 Osmeña Blvd, Cebu City',
      secondAddress: '9 Colon St, Cebu City',
      identification: { type: '11', number: '0123456789' }, // SSS: an identification, not a document
    });
    // A PRC ID has no code in the CIC's tables: without a TIN nothing identifies the person.
    expect(cicIdentityOf({ ...base, documentType: 'prc', documentNumber: '0123456' })).not.toHaveProperty(
      'identification',
    );
  });
});
