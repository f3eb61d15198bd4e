// Validates a CIC submission record by record before anything is written (decision 0106): the
// structure, every field against the layout, and the business rules the CIC's own checks apply.
// It keeps no record: memory stays flat at any size of book.
import { addDays, isCalendarDate, type CalendarDate } from '@kwarta/domain';
import { cicCodeTables, cicLayout, cicRecordTypes, type CicField, type CicRecordType } from './cic-layout.ts';

export type CicRule =
  | 'header-first'
  | 'single-header'
  | 'footer-last'
  | 'footer-count'
  | 'provider-code'
  | 'record-type'
  | 'field-count'
  | 'mandatory'
  | 'type'
  | 'length'
  | 'code-table'
  | 'fixed-value'
  | 'date-after-reference'
  | 'start-after-planned-end'
  | 'contract-dates'
  | 'closed-without-actual-end'
  | 'balance-and-payments'
  | 'negative-amount'
  | 'duplicate-contract'
  | 'closed-already-sent'
  | 'subject-order'
  | 'contract-without-subject'
  | 'no-identification';

export interface CicError {
  /** 1-based line of the file. */
  line: number;
  /** The record: its type and the subject or contract it is about. */
  record: string;
  /** The template's field id and name (`CI13 Contract start date`), or null for the whole record. */
  field: string | null;
  rule: CicRule;
  message: string;
}

export interface CicValidation {
  errors: CicError[];
  /** Every error found; `errors` keeps the first MAX_LISTED. */
  errorCount: number;
  subjects: number;
  contracts: number;
}

const MAX_LISTED = 1000;
const AMOUNT_KEYS = [
  'financedAmount',
  'instalmentAmount',
  'lastPaymentAmount',
  'nextPaymentAmount',
  'outstandingPayments',
  'outstandingBalance',
  'overduePayments',
  'overdueAmount',
  'overdueDays',
];
/** Dates of what has happened by the reference date; planned, first and next payment dates may be later. */
const CONTRACT_DATE_KEYS = ['startDate', 'requestDate', 'actualEndDate', 'lastPaymentDate'];

/** DDMMYYYY as a calendar date, or null when it is not a real date. */
export function parseCicDate(text: string): CalendarDate | null {
  if (!/^\d{8}$/.test(text)) return null;
  const date = `${text.slice(4, 8)}-${text.slice(2, 4)}-${text.slice(0, 2)}`;
  return isCalendarDate(date) ? date : null;
}

export interface CicValidatorOptions {
  providerCode: string;
  /** The month's last day: every reference date in the file. */
  referenceDate: CalendarDate;
}

export class CicValidator {
  private readonly errors: CicError[] = [];
  private errorCount = 0;
  private line = 0;
  private headerSeen = false;
  private footerSeen = false;
  private details = 0;
  private subjects = 0;
  private contracts = 0;
  private lastSubject: string | null = null;
  /** Contract numbers of the current subject: a file lists each subject's contracts after it. */
  private subjectContracts = new Set<string>();
  private readonly monthStart: CalendarDate;

  constructor(private readonly options: CicValidatorOptions) {
    this.monthStart = `${options.referenceDate.slice(0, 8)}01`;
    if (addDays(options.referenceDate, 1).slice(8) !== '01')
      throw new Error(`A CIC reference date is the last day of a month, not ${options.referenceDate}.`);
  }

  /** Checks the next record of the file, given as its fields. */
  check(fields: readonly string[]): void {
    this.line += 1;
    const type = fields[0] as CicRecordType;
    const where = (record: string) => ({ line: this.line, record });
    if (!cicRecordTypes.includes(type)) {
      this.fail(where(`line ${this.line}`), null, 'record-type', `Unknown record type "${fields[0]}".`);
      return;
    }
    const layout = cicLayout[type];
    const get = (key: string) => fields[layout.findIndex((field) => field.key === key)] ?? '';
    const label =
      type === 'CI'
        ? `CI ${get('contractNo')} (subject ${get('subjectNo')})`
        : type === 'ID'
          ? `ID subject ${get('subjectNo')}`
          : type;
    const at = where(label);

    if (this.footerSeen)
      this.fail(at, null, 'footer-last', 'A record follows the FT footer; FT is the last record.');
    if (type === 'HD') {
      if (this.headerSeen) this.fail(at, null, 'single-header', 'A second HD header; a file has one.');
      else if (this.line !== 1) this.fail(at, null, 'header-first', 'HD is not the first record.');
      this.headerSeen = true;
    } else if (!this.headerSeen && this.line === 1) {
      this.fail(at, null, 'header-first', `The file starts with ${type}; HD is the first record.`);
    }
    if (type === 'ID' || type === 'CI') this.details += 1;
    if (fields.length !== layout.length) {
      // The record's fields cannot be told apart; it still counts, and a subject still opens.
      this.fail(
        at,
        null,
        'field-count',
        `${type} has ${layout.length} fields, this record ${fields.length}.`,
      );
      if (type === 'ID') this.openSubject(get('subjectNo'));
      return;
    }
    layout.forEach((field, index) => this.checkField(at, field, fields[index]!));
    const code = get('providerCode');
    if (code !== this.options.providerCode)
      this.fail(
        at,
        this.fieldOf(type, 'providerCode'),
        'provider-code',
        `Provider code "${code}" is not this file's "${this.options.providerCode}".`,
      );

    if (type === 'ID') this.checkSubject(at, get);
    if (type === 'CI') this.checkContract(at, get);
    if (type === 'FT') {
      this.footerSeen = true;
      const count = Number(get('detailRecords'));
      if (count !== this.details)
        this.fail(
          at,
          this.fieldOf('FT', 'detailRecords'),
          'footer-count',
          `FT counts ${get('detailRecords')} detail records; the file has ${this.details}.`,
        );
    }
    if (type === 'HD' || type === 'FT') {
      const date = parseCicDate(get('fileReferenceDate'));
      if (date !== null && date !== this.options.referenceDate)
        this.fail(
          at,
          this.fieldOf(type, 'fileReferenceDate'),
          'date-after-reference',
          `The file reference date is ${date}, not the month's last day ${this.options.referenceDate}.`,
        );
    }
  }

  /** Closes the file: the structure's last checks and everything found. */
  finish(): CicValidation {
    const at = { line: this.line + 1, record: 'end of file' };
    if (this.line === 0) this.fail(at, null, 'header-first', 'The file has no HD header.');
    if (!this.footerSeen) this.fail(at, null, 'footer-last', 'The file has no FT footer.');
    return {
      errors: this.errors,
      errorCount: this.errorCount,
      subjects: this.subjects,
      contracts: this.contracts,
    };
  }

  private fieldOf(type: CicRecordType, key: string): CicField {
    return cicLayout[type].find((field) => field.key === key)!;
  }

  private fail(at: { line: number; record: string }, field: CicField | null, rule: CicRule, message: string) {
    this.errorCount += 1;
    if (this.errors.length < MAX_LISTED)
      this.errors.push({ ...at, field: field ? `${field.id} ${field.name}` : null, rule, message });
  }

  private checkField(at: { line: number; record: string }, field: CicField, value: string) {
    if (value === '') {
      if (field.mandatory) this.fail(at, field, 'mandatory', `${field.name} is missing.`);
      return;
    }
    if (value.length > field.maxLength)
      this.fail(
        at,
        field,
        'length',
        `${field.name} has ${value.length} characters; at most ${field.maxLength}.`,
      );
    if (field.type === 'N' && !/^-?\d+$/.test(value))
      this.fail(at, field, 'type', `${field.name} "${value}" is not an integer without separators.`);
    if (field.type === 'D' && parseCicDate(value) === null)
      this.fail(at, field, 'type', `${field.name} "${value}" is not a date DDMMYYYY.`);
    if (field.type === 'X' && /[|\r\n]/.test(value))
      this.fail(at, field, 'type', `${field.name} holds the delimiter or a line break.`);
    if (field.fixed !== undefined && value !== field.fixed)
      this.fail(at, field, 'fixed-value', `${field.name} is "${value}"; it must be "${field.fixed}".`);
    if (field.codeTable && !(value in cicCodeTables[field.codeTable].codes))
      this.fail(
        at,
        field,
        'code-table',
        `${field.name} "${value}" is not in the ${cicCodeTables[field.codeTable].name} table.`,
      );
  }

  private checkReferenceDate(
    at: { line: number; record: string },
    type: CicRecordType,
    get: (key: string) => string,
  ) {
    const date = parseCicDate(get('referenceDate'));
    if (date !== null && date !== this.options.referenceDate)
      this.fail(
        at,
        this.fieldOf(type, 'referenceDate'),
        'date-after-reference',
        `The reference date is ${date}, not the month's last day ${this.options.referenceDate}.`,
      );
    return this.options.referenceDate;
  }

  private openSubject(subject: string) {
    this.subjects += 1;
    this.lastSubject = subject;
    this.subjectContracts = new Set();
  }

  private checkSubject(at: { line: number; record: string }, get: (key: string) => string) {
    this.checkReferenceDate(at, 'ID', get);
    const subject = get('subjectNo');
    if (this.lastSubject !== null && compareSubjects(subject, this.lastSubject) <= 0)
      this.fail(
        at,
        this.fieldOf('ID', 'subjectNo'),
        'subject-order',
        `Subject ${subject} comes after ${this.lastSubject}: subjects are in ascending order, each once.`,
      );
    this.openSubject(subject);
    if (get('identification1Number') === '' && get('idDocument1Number') === '')
      this.fail(
        at,
        this.fieldOf('ID', 'identification1Number'),
        'no-identification',
        'The subject has neither an identification (TIN, SSS, GSIS, UMID) nor an ID document.',
      );
    const birth = parseCicDate(get('birthDate'));
    if (birth !== null && birth > this.options.referenceDate)
      this.fail(
        at,
        this.fieldOf('ID', 'birthDate'),
        'date-after-reference',
        `Date of birth ${birth} is after the reference date.`,
      );
  }

  private checkContract(at: { line: number; record: string }, get: (key: string) => string) {
    this.contracts += 1;
    const ref = this.checkReferenceDate(at, 'CI', get);
    const field = (key: string) => this.fieldOf('CI', key);
    const subject = get('subjectNo');
    if (subject !== this.lastSubject)
      this.fail(
        at,
        field('subjectNo'),
        'contract-without-subject',
        `Subject ${subject} has no ID record just before its contracts.`,
      );
    const contractNo = get('contractNo');
    if (this.subjectContracts.has(contractNo))
      this.fail(
        at,
        field('contractNo'),
        'duplicate-contract',
        `Contract ${contractNo} is already in this file for the reference date.`,
      );
    this.subjectContracts.add(contractNo);

    for (const key of CONTRACT_DATE_KEYS) {
      const date = parseCicDate(get(key));
      if (date !== null && date > ref)
        this.fail(
          at,
          field(key),
          'date-after-reference',
          `${field(key).name} ${date} is after the reference date ${ref}.`,
        );
    }
    const phase = get('phase');
    const start = parseCicDate(get('startDate'));
    const plannedEnd = parseCicDate(get('plannedEndDate'));
    const actualEnd = parseCicDate(get('actualEndDate'));
    if (['AC', 'CL', 'CA'].includes(phase)) {
      if (start === null)
        this.fail(
          at,
          field('startDate'),
          'contract-dates',
          `A contract in phase ${phase} needs its start date.`,
        );
      if (plannedEnd === null)
        this.fail(
          at,
          field('plannedEndDate'),
          'contract-dates',
          `A contract in phase ${phase} needs its planned end date.`,
        );
    }
    if (start !== null && plannedEnd !== null && start > plannedEnd)
      this.fail(
        at,
        field('startDate'),
        'start-after-planned-end',
        `Start ${start} is after the planned end ${plannedEnd}.`,
      );
    if ((phase === 'CL' || phase === 'CA') && actualEnd === null)
      this.fail(
        at,
        field('actualEndDate'),
        'closed-without-actual-end',
        `A contract in phase ${phase} needs its actual end date.`,
      );
    if ((phase === 'CL' || phase === 'CA') && actualEnd !== null && actualEnd < this.monthStart)
      this.fail(
        at,
        field('actualEndDate'),
        'closed-already-sent',
        `Contract ${contractNo} closed on ${actualEnd}, before this month: it was sent closed in an earlier file.`,
      );

    for (const key of AMOUNT_KEYS) {
      if (get(key).startsWith('-'))
        this.fail(at, field(key), 'negative-amount', `${field(key).name} is negative (${get(key)}).`);
    }
    const balance = Number(get('outstandingBalance'));
    const payments = Number(get('outstandingPayments'));
    if (balance > 0 !== payments > 0)
      this.fail(
        at,
        field('outstandingBalance'),
        'balance-and-payments',
        `Outstanding balance ${balance} and outstanding payments ${payments}: both positive or both zero.`,
      );
  }
}

/** Subject numbers are our borrower ids: digits compare as numbers, anything else as text. */
function compareSubjects(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  return a < b ? -1 : a > b ? 1 : 0;
}
