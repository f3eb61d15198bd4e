import { describe, expect, it } from 'vitest';
import { cicLayout } from '../../../src/features/regulatory-reports/cic-layout.ts';
import {
  cicFields,
  footerValues,
  headerValues,
  type CicFileContext,
  type CicValues,
} from '../../../src/features/regulatory-reports/cic-records.ts';
import { CicValidator, type CicRule } from '../../../src/features/regulatory-reports/cic-validator.ts';

/**
 * Decision 0106: the validator finds one planted error per rule and names the record, the field and
 * the rule; a clean file has none.
 */
const context: CicFileContext = {
  providerCode: 'KWARTA01',
  referenceDate: '2026-10-31',
  timeZone: 'Asia/Manila',
  correction: false,
};

const subject = (subjectNo: string, own: CicValues = {}): string[] =>
  cicFields('ID', {
    providerCode: 'KWARTA01',
    referenceDate: '31102026',
    subjectNo,
    firstName: 'Maria',
    lastName: 'Santos',
    gender: 'F',
    birthDate: '15041990',
    address1Type: 'MI',
    address1Full: '12 Rizal St, Quezon City',
    identification1Type: '10',
    identification1Number: '123456789',
    contact1Type: '3',
    contact1Value: '09170000001',
    ...own,
  });

const contract = (subjectNo: string, contractNo: string, own: CicValues = {}): string[] =>
  cicFields('CI', {
    providerCode: 'KWARTA01',
    referenceDate: '31102026',
    subjectNo,
    role: 'B',
    contractNo,
    contractType: '20',
    phase: 'AC',
    currency: 'PHP',
    startDate: '10102026',
    plannedEndDate: '09112026',
    financedAmount: 2500,
    instalments: 2,
    periodicity: 'F',
    instalmentAmount: 1300,
    outstandingPayments: 1,
    outstandingBalance: 1300,
    overduePayments: 0,
    overdueAmount: 0,
    overdueDays: 0,
    ...own,
  });

const header = () => cicFields('HD', headerValues(context));
const footer = (count: number) => cicFields('FT', footerValues(context, count));

/** Validates records in order; an error's record, field and rule as one line each. */
function validate(records: string[][]) {
  const validator = new CicValidator({ providerCode: 'KWARTA01', referenceDate: '2026-10-31' });
  for (const fields of records) validator.check(fields);
  return validator
    .finish()
    .errors.map((error) => `${error.line} ${error.record} | ${error.field ?? '-'} | ${error.rule}`);
}

/** A valid file with the planted changes: subject 7 with contract K1. */
const file = (change: { subject?: CicValues; contract?: CicValues } = {}) => [
  header(),
  subject('7', change.subject),
  contract('7', 'K1', change.contract),
  footer(2),
];

describe('CIC validator', () => {
  it("the layout has the template's field counts: HD 6, ID 123, CI 143, FT 4", () => {
    expect([cicLayout.HD.length, cicLayout.ID.length, cicLayout.CI.length, cicLayout.FT.length]).toEqual([
      6, 123, 143, 4,
    ]);
  });

  it('a clean file has no error', () => {
    expect(validate(file())).toEqual([]);
  });

  const planted: [CicRule, string, () => string[][], string][] = [
    // Structure.
    ['header-first', 'no header', () => file().slice(1), '1 ID subject 7 | - | header-first'],
    ['single-header', 'two headers', () => [header(), ...file()], '2 HD | - | single-header'],
    [
      'footer-last',
      'a record after the footer',
      () => [...file(), subject('8')],
      '5 ID subject 8 | - | footer-last',
    ],
    [
      'footer-count',
      'a footer counting 3',
      () => [...file().slice(0, 3), footer(3)],
      '4 FT | FT4 Number of detail records | footer-count',
    ],
    [
      'provider-code',
      'another provider code',
      () => file({ contract: { providerCode: 'OTHER001' } }),
      '3 CI K1 (subject 7) | CI2 Provider code | provider-code',
    ],
    [
      'record-type',
      'an unknown record type',
      () => [header(), ['CN', 'KWARTA01'], ...file().slice(1)],
      '2 line 2 | - | record-type',
    ],
    [
      'field-count',
      'a field too few',
      () => [header(), subject('7').slice(1 - 1, -1), ...file().slice(2)],
      '2 ID subject 7 | - | field-count',
    ],
    // Fields.
    [
      'mandatory',
      'no last name',
      () => file({ subject: { lastName: '' } }),
      '2 ID subject 7 | ID8 Last name | mandatory',
    ],
    [
      'type',
      'a financed amount with a separator',
      () => file({ contract: { financedAmount: '2,500' } }),
      '3 CI K1 (subject 7) | CI18 Financed amount | type',
    ],
    [
      'length',
      'a first name of 71 characters',
      () => file({ subject: { firstName: 'M'.repeat(71) } }),
      '2 ID subject 7 | ID7 First name | length',
    ],
    [
      'code-table',
      'phase XX',
      () => file({ contract: { phase: 'XX' } }),
      '3 CI K1 (subject 7) | CI9 Contract phase | code-table',
    ],
    [
      'fixed-value',
      'address type AI as address 1',
      () => file({ subject: { address1Type: 'AI' } }),
      '2 ID subject 7 | ID32 Address 1: type | fixed-value',
    ],
    // Business rules.
    [
      'date-after-reference',
      'a last payment in November',
      () => file({ contract: { lastPaymentDate: '02112026' } }),
      '3 CI K1 (subject 7) | CI17 Last payment date | date-after-reference',
    ],
    [
      'start-after-planned-end',
      'start after planned end',
      () => file({ contract: { startDate: '10102026', plannedEndDate: '01102026' } }),
      '3 CI K1 (subject 7) | CI13 Contract start date | start-after-planned-end',
    ],
    [
      'contract-dates',
      'an active contract without start',
      () => file({ contract: { startDate: '' } }),
      '3 CI K1 (subject 7) | CI13 Contract start date | contract-dates',
    ],
    [
      'closed-without-actual-end',
      'closed without actual end',
      () => file({ contract: { phase: 'CL', outstandingPayments: 0, outstandingBalance: 0 } }),
      '3 CI K1 (subject 7) | CI16 Contract actual end date | closed-without-actual-end',
    ],
    [
      'balance-and-payments',
      'a balance with no payment outstanding',
      () => file({ contract: { outstandingPayments: 0 } }),
      '3 CI K1 (subject 7) | CI30 Outstanding balance | balance-and-payments',
    ],
    [
      'negative-amount',
      'a negative overdue amount',
      () => file({ contract: { overdueAmount: -5 } }),
      '3 CI K1 (subject 7) | CI32 Overdue payments amount | negative-amount',
    ],
    [
      'duplicate-contract',
      'the same contract twice',
      () => [header(), subject('7'), contract('7', 'K1'), contract('7', 'K1'), footer(3)],
      '4 CI K1 (subject 7) | CI7 Provider contract no | duplicate-contract',
    ],
    [
      'closed-already-sent',
      'a contract closed in September',
      () =>
        file({
          contract: {
            phase: 'CL',
            actualEndDate: '30092026',
            plannedEndDate: '30092026',
            startDate: '01092026',
            outstandingPayments: 0,
            outstandingBalance: 0,
          },
        }),
      '3 CI K1 (subject 7) | CI16 Contract actual end date | closed-already-sent',
    ],
    [
      'subject-order',
      'a subject twice',
      () => [header(), subject('7'), subject('7'), footer(2)],
      '3 ID subject 7 | ID5 Provider subject no | subject-order',
    ],
    [
      'contract-without-subject',
      'a contract of another subject',
      () => file({ contract: { subjectNo: '8' } }),
      '3 CI K1 (subject 8) | CI5 Provider subject no | contract-without-subject',
    ],
    [
      'no-identification',
      'no identification nor ID document',
      () => file({ subject: { identification1Type: '', identification1Number: '' } }),
      '2 ID subject 7 | ID55 Identification 1: number | no-identification',
    ],
  ];

  it.each(planted)('%s: %s', (_rule, _what, records, expected) => {
    expect(validate(records())).toEqual([expected]);
  });
});
