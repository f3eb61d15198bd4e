/**
 * The CIC's Standard Data Submission file layout, as data (decision 0106, DESIGN D24).
 *
 * Follows the CIC "Fields in Excel v1.7" submission template (record types HD 6 fields, ID 123,
 * CI 143, FT 4) as summarised in shared/regulatory-notes.md. A revision of the CIC's manual is a
 * change of this file: the writer serialises records by these lists and the validator checks them
 * by these lists; neither names a field position of its own.
 *
 * `confirm: true` on a code table marks codes a lender must confirm with the CIC before its first
 * submission (the template names the tables, the codes in them were gathered from validators and
 * may differ in the manual the CIC hands a registered submitting entity).
 */

export const CIC_LAYOUT_VERSION = 'CIC Fields in Excel v1.7';
/** The HD record's version field. */
export const CIC_FILE_VERSION = '1.0';

/** X text, N integer without separators, D date DDMMYYYY. */
export type CicFieldType = 'X' | 'N' | 'D';

export interface CicCodeTable {
  readonly name: string;
  readonly codes: Readonly<Record<string, string>>;
  /** The codes are ours to confirm with the CIC before relying on them. */
  readonly confirm: boolean;
}

const table = (name: string, codes: Record<string, string>, confirm = false): CicCodeTable =>
  Object.freeze({ name, codes: Object.freeze(codes), confirm });

export const cicCodeTables = {
  submissionType: table('Submission type', { '0': 'Regular', '1': 'Correction' }),
  title: table('Title', { '10': 'Mr.', '11': 'Ms.', '12': 'Mrs.' }, true),
  gender: table('Gender', { M: 'Male', F: 'Female' }),
  country: table('Country (ISO 3166-1 alpha-2)', { PH: 'Philippines' }, true),
  civilStatus: table(
    'Civil status',
    { '1': 'Single', '2': 'Married', '3': 'Widowed', '4': 'Separated' },
    true,
  ),
  addressType: table('Address type', { MI: 'Main (residence)', AI: 'Additional' }),
  identificationType: table(
    'Identification type',
    { '10': 'TIN', '11': 'SSS', '12': 'GSIS', '13': 'UMID' },
    true,
  ),
  idDocumentType: table(
    'ID document type',
    {
      '1': 'Passport',
      '2': "Driver's licence",
      '3': 'PhilID / ePhilID',
      '4': 'Postal ID',
      '5': "Voter's ID",
    },
    true,
  ),
  contactType: table('Contact type', { '3': 'Mobile phone', '7': 'E-mail' }),
  role: table('Subject role', { B: 'Borrower' }),
  contractType: table('Contract type', { '20': 'Personal loan (instalment)' }, true),
  contractPhase: table('Contract phase', {
    RQ: 'Requested',
    RN: 'Renounced',
    RF: 'Refused',
    AC: 'Active',
    CL: 'Closed',
    CA: 'Closed in advance',
  }),
  contractStatus: table('Contract status', { WO: 'Written off' }, true),
  currency: table('Currency', { PHP: 'Philippine peso' }),
  transactionType: table('Transaction type', { NA: 'New application' }, true),
  purpose: table('Purpose', { '99': 'Personal / other' }, true),
  periodicity: table(
    'Periodicity',
    { D: 'Daily', W: 'Weekly', F: 'Every 15 days', M: 'Monthly', I: 'Irregular', B: 'Bullet (one payment)' },
    true,
  ),
  paymentMethod: table('Payment method', { OT: 'Over the counter / online channel' }, true),
} as const;

export type CicCodeTableName = keyof typeof cicCodeTables;

export interface CicField {
  /** The template's id: record type and 1-based position (`CI30`). */
  readonly id: string;
  /** Our key for the mapped value; reserved fields have none and are always written empty. */
  readonly key: string | null;
  readonly name: string;
  readonly type: CicFieldType;
  readonly mandatory: boolean;
  readonly maxLength: number;
  readonly codeTable?: CicCodeTableName;
  readonly fixed?: string;
}

type FieldRow = readonly [
  key: string | null,
  name: string,
  type: CicFieldType,
  mandatory: boolean,
  maxLength: number,
  extra?: { codeTable?: CicCodeTableName; fixed?: string },
];

/** A block of fields we never fill (guarantees, linked subjects, sole-trader data): empty in every record. */
const unused = (name: string, count: number): FieldRow[] =>
  Array.from({ length: count }, (_, k) => [null, `${name} ${k + 1}`, 'X', false, 400] as const);

function record(type: string, rows: readonly FieldRow[]): readonly CicField[] {
  return Object.freeze(
    rows.map(([key, name, fieldType, mandatory, maxLength, extra], index) =>
      Object.freeze({
        id: `${type}${index + 1}`,
        key,
        name,
        type: fieldType,
        mandatory,
        maxLength,
        ...extra,
      }),
    ),
  );
}

const X = 'X';
const N = 'N';
const D = 'D';
const M = true;
const O = false;

export const cicLayout = {
  HD: record('HD', [
    ['recordType', 'Record type', X, M, 2, { fixed: 'HD' }],
    ['providerCode', 'Provider code', X, M, 8],
    ['fileReferenceDate', 'File reference date', D, M, 8],
    ['version', 'Version', X, M, 12, { fixed: CIC_FILE_VERSION }],
    ['submissionType', 'Submission type', X, M, 1, { codeTable: 'submissionType' }],
    ['comments', 'Provider comments', X, O, 100],
  ]),
  ID: record('ID', [
    ['recordType', 'Record type', X, M, 2, { fixed: 'ID' }],
    ['providerCode', 'Provider code', X, M, 8],
    ['branchCode', 'Branch code', X, O, 5],
    ['referenceDate', 'Subject reference date', D, M, 8],
    ['subjectNo', 'Provider subject no', X, M, 38],
    ['title', 'Title', X, O, 2, { codeTable: 'title' }],
    ['firstName', 'First name', X, M, 70],
    ['lastName', 'Last name', X, M, 70],
    ['middleName', 'Middle name', X, O, 70],
    ['suffix', 'Suffix', X, O, 40],
    [null, 'Nickname', X, O, 40],
    [null, 'Previous last name', X, O, 70],
    ['gender', 'Gender', X, M, 1, { codeTable: 'gender' }],
    ['birthDate', 'Date of birth', D, M, 8],
    ['birthPlace', 'Place of birth', X, O, 100],
    [null, 'Country of birth', X, O, 2, { codeTable: 'country' }],
    ['nationality', 'Nationality', X, O, 2, { codeTable: 'country' }],
    [null, 'Resident', X, O, 1],
    ['civilStatus', 'Civil status', X, O, 1, { codeTable: 'civilStatus' }],
    ...unused('Dependants, cars, spouse and parents', 12),
    ['address1Type', 'Address 1: type', X, M, 2, { fixed: 'MI' }],
    ['address1Full', 'Address 1: full address', X, M, 400],
    ...unused('Address 1: split parts and tenure', 9),
    ['address2Type', 'Address 2: type', X, O, 2, { codeTable: 'addressType' }],
    ['address2Full', 'Address 2: full address', X, O, 400],
    ...unused('Address 2: split parts and tenure', 9),
    ['identification1Type', 'Identification 1: type', X, O, 2, { codeTable: 'identificationType' }],
    ['identification1Number', 'Identification 1: number', X, O, 20],
    ...unused('Identifications 2 and 3', 4),
    ['idDocument1Type', 'ID document 1: type', X, O, 2, { codeTable: 'idDocumentType' }],
    ['idDocument1Number', 'ID document 1: number', X, O, 40],
    ...unused('ID document 1: issue and expiry; ID documents 2 and 3', 16),
    ['contact1Type', 'Contact 1: type', X, O, 1, { codeTable: 'contactType' }],
    ['contact1Value', 'Contact 1: value', X, O, 100],
    ['contact2Type', 'Contact 2: type', X, O, 1, { codeTable: 'contactType' }],
    ['contact2Value', 'Contact 2: value', X, O, 100],
    ...unused('Employment and sole trader', 42),
  ]),
  CI: record('CI', [
    ['recordType', 'Record type', X, M, 2, { fixed: 'CI' }],
    ['providerCode', 'Provider code', X, M, 8],
    ['branchCode', 'Branch code', X, O, 5],
    ['referenceDate', 'Contract reference date', D, M, 8],
    ['subjectNo', 'Provider subject no', X, M, 38],
    ['role', 'Role', X, M, 1, { codeTable: 'role' }],
    ['contractNo', 'Provider contract no', X, M, 38],
    ['contractType', 'Contract type', X, M, 2, { codeTable: 'contractType' }],
    ['phase', 'Contract phase', X, M, 2, { codeTable: 'contractPhase' }],
    ['status', 'Contract status', X, O, 2, { codeTable: 'contractStatus' }],
    ['currency', 'Currency', X, M, 3, { codeTable: 'currency' }],
    ['originalCurrency', 'Original currency', X, O, 3, { codeTable: 'currency' }],
    ['startDate', 'Contract start date', D, O, 8],
    ['requestDate', 'Contract request date', D, O, 8],
    ['plannedEndDate', 'Contract planned end date', D, O, 8],
    ['actualEndDate', 'Contract actual end date', D, O, 8],
    ['lastPaymentDate', 'Last payment date', D, O, 8],
    ['financedAmount', 'Financed amount', N, M, 15],
    ['instalments', 'Number of instalments', N, M, 3],
    ['transactionType', 'Transaction type', X, O, 2, { codeTable: 'transactionType' }],
    ['purpose', 'Purpose of credit', X, O, 2, { codeTable: 'purpose' }],
    ['periodicity', 'Periodicity', X, M, 1, { codeTable: 'periodicity' }],
    ['paymentMethod', 'Payment method', X, O, 2, { codeTable: 'paymentMethod' }],
    ['instalmentAmount', 'Monthly payment (instalment) amount', N, M, 15],
    ['firstPaymentDate', 'First payment date', D, O, 8],
    ['lastPaymentAmount', 'Last payment amount', N, O, 15],
    ['nextPaymentDate', 'Next payment date', D, O, 8],
    ['nextPaymentAmount', 'Next payment amount', N, O, 15],
    ['outstandingPayments', 'Outstanding payments number', N, M, 3],
    ['outstandingBalance', 'Outstanding balance', N, M, 15],
    ['overduePayments', 'Overdue payments number', N, M, 3],
    ['overdueAmount', 'Overdue payments amount', N, M, 15],
    ['overdueDays', 'Overdue days', N, M, 5],
    ...unused('Guarantees and linked subjects', 110),
  ]),
  FT: record('FT', [
    ['recordType', 'Record type', X, M, 2, { fixed: 'FT' }],
    ['providerCode', 'Provider code', X, M, 8],
    ['fileReferenceDate', 'File reference date', D, M, 8],
    ['detailRecords', 'Number of detail records', N, M, 10],
  ]),
} as const;

export type CicRecordType = keyof typeof cicLayout;
export const cicRecordTypes = Object.keys(cicLayout) as CicRecordType[];

/** Field names of the mapped values of a record type, for the mapping's and the validator's use. */
export function cicField(type: CicRecordType, key: string): CicField {
  const field = cicLayout[type].find((candidate) => candidate.key === key);
  if (!field) throw new Error(`The CIC layout has no ${type} field "${key}".`);
  return field;
}

/**
 * Amounts: our book keeps centavos; the template asks for integers without separators and does not
 * say in which unit (regulatory notes: "check with the manual"). Whole pesos, rounded half up, until
 * the CIC says otherwise: change this to 1 for centavos.
 */
export const CIC_CENTAVOS_PER_UNIT = 100;

/** Each record ends with a line feed. */
export const CIC_LINE_END = '\n';
export const CIC_DELIMITER = '|';

/** `<provider code>_CSDF_<YYYYMMDDhhmmss>.txt`, the time the lender's. */
export const cicFileNamePattern = /^([A-Z0-9]{8})_CSDF_(\d{14})\.txt$/;
