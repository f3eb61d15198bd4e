// From our records to the CIC file's records (decision 0106): values by the layout's keys, then
// fields in the layout's order. Pure: the book comes from the orders read model, identity from a
// source handed in.
import { calendarDateAt, daysBetween, type CalendarDate } from '@kwarta/domain';
import type { CicBookBorrower, CicBookContract } from '../orders/index.ts';
import { CIC_CENTAVOS_PER_UNIT, CIC_FILE_VERSION, cicLayout, type CicRecordType } from './cic-layout.ts';

/**
 * What the file says of a person beyond the borrower row's name and mobile phone: the identity
 * feature's verified identity (cic-identities.ts). A borrower without one keeps the row's name and
 * the validator lists the fields they lack.
 */
export interface CicIdentity {
  firstName?: string;
  middleName?: string;
  lastName?: string;
  suffix?: string;
  gender?: 'M' | 'F';
  birthDate?: CalendarDate;
  birthPlace?: string;
  nationality?: string;
  civilStatus?: string;
  address?: string;
  secondAddress?: string;
  identification?: { type: string; number: string };
  idDocument?: { type: string; number: string };
  email?: string;
}

/** Identity of a page of borrowers, by borrower id. */
export type CicIdentitySource = (borrowerIds: readonly number[]) => Promise<ReadonlyMap<number, CicIdentity>>;

/** The identity our borrower rows hold: the name, split at its last word into first and last. */
export function identityFromBorrowerName(fullName: string | null): CicIdentity {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { firstName: words[0] };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1] };
}

export type CicValues = Record<string, string | number | null | undefined>;

export interface CicFileContext {
  providerCode: string;
  referenceDate: CalendarDate;
  timeZone: string;
  correction: boolean;
}

/** DDMMYYYY. */
export const cicDate = (date: CalendarDate | null | undefined): string =>
  date ? `${date.slice(8, 10)}${date.slice(5, 7)}${date.slice(0, 4)}` : '';

/** Whole units of the file's currency, rounded up so a debt of centavos never reads as none. */
export const cicAmount = (centavos: number): number => Math.ceil(centavos / CIC_CENTAVOS_PER_UNIT);

/** A record's fields in the layout's order; a field the mapping does not fill is empty. */
export function cicFields(type: CicRecordType, values: CicValues): string[] {
  return cicLayout[type].map((field) => {
    if (field.key === null) return '';
    const value = field.key === 'recordType' ? type : values[field.key];
    return value === null || value === undefined ? '' : String(value);
  });
}

export function headerValues(context: CicFileContext): CicValues {
  return {
    providerCode: context.providerCode,
    fileReferenceDate: cicDate(context.referenceDate),
    version: CIC_FILE_VERSION,
    submissionType: context.correction ? '1' : '0',
  };
}

export function footerValues(context: CicFileContext, detailRecords: number): CicValues {
  return {
    providerCode: context.providerCode,
    fileReferenceDate: cicDate(context.referenceDate),
    detailRecords,
  };
}

export function subjectValues(
  context: CicFileContext,
  borrower: Pick<CicBookBorrower, 'borrowerId' | 'phone' | 'fullName'>,
  identity: CicIdentity,
): CicValues {
  const name = { ...identityFromBorrowerName(borrower.fullName), ...identity };
  return {
    providerCode: context.providerCode,
    referenceDate: cicDate(context.referenceDate),
    subjectNo: String(borrower.borrowerId),
    firstName: name.firstName,
    lastName: name.lastName,
    middleName: name.middleName,
    suffix: name.suffix,
    gender: identity.gender,
    birthDate: cicDate(identity.birthDate),
    birthPlace: identity.birthPlace,
    nationality: identity.nationality,
    civilStatus: identity.civilStatus,
    address1Type: 'MI',
    address1Full: identity.address,
    address2Type: identity.secondAddress ? 'AI' : undefined,
    address2Full: identity.secondAddress,
    identification1Type: identity.identification?.type,
    identification1Number: identity.identification?.number,
    idDocument1Type: identity.idDocument?.type,
    idDocument1Number: identity.idDocument?.number,
    contact1Type: '3',
    contact1Value: borrower.phone,
    contact2Type: identity.email ? '7' : undefined,
    contact2Value: identity.email,
  };
}

/** The days between instalments, as the CIC's periodicity code (the code table is to confirm). */
function periodicity(contract: CicBookContract): string {
  if (contract.periods <= 1) return 'B';
  const every = contract.termDays / contract.periods;
  if (every === 1) return 'D';
  if (every === 7) return 'W';
  if (every >= 14 && every <= 16) return 'F';
  if (every >= 28 && every <= 31) return 'M';
  return 'I';
}

/**
 * A contract as it stood at the end of the reference date. Repayments paid by then are applied to
 * the plan's instalments oldest first (penalties are not in the plan and not in the CIC's
 * instalment fields); what is left of each line is outstanding, and overdue once its due date is
 * before the reference date.
 */
export function contractValues(
  context: CicFileContext,
  borrowerId: number,
  contract: CicBookContract,
): CicValues {
  const ref = context.referenceDate;
  const dateOf = (instant: string | null) =>
    instant ? calendarDateAt(new Date(instant), context.timeZone) : null;
  const settledOn = dateOf(contract.settledAt);
  const closed = settledOn !== null && settledOn <= ref;
  const plannedEnd = contract.lines[contract.lines.length - 1]?.dueDate ?? contract.disbursedOn;
  const writtenOffOn = dateOf(contract.writtenOffAt);

  let paid = contract.repayments.reduce((sum, payment) => sum + payment.amount, 0);
  const left = contract.lines.map((line) => {
    const applied = Math.min(paid, line.amount);
    paid -= applied;
    return { dueDate: line.dueDate, owed: closed ? 0 : line.amount - applied };
  });
  const outstanding = left.filter((line) => line.owed > 0);
  const overdue = outstanding.filter((line) => line.dueDate < ref);
  const next = outstanding.find((line) => line.dueDate >= ref) ?? outstanding[0];
  const last = contract.repayments[contract.repayments.length - 1];
  const sum = (lines: typeof left) => lines.reduce((total, line) => total + cicAmount(line.owed), 0);

  return {
    providerCode: context.providerCode,
    referenceDate: cicDate(ref),
    subjectNo: String(borrowerId),
    role: 'B',
    contractNo: contract.orderNo,
    contractType: '20',
    phase: closed ? (settledOn! < plannedEnd ? 'CA' : 'CL') : 'AC',
    status: !closed && writtenOffOn !== null && writtenOffOn <= ref ? 'WO' : '',
    currency: 'PHP',
    startDate: cicDate(contract.disbursedOn),
    requestDate: cicDate(dateOf(contract.appliedAt)),
    plannedEndDate: cicDate(plannedEnd),
    actualEndDate: closed ? cicDate(settledOn) : '',
    lastPaymentDate: last ? cicDate(dateOf(last.paidAt)) : '',
    financedAmount: cicAmount(contract.principal),
    instalments: contract.lines.length || contract.periods,
    transactionType: 'NA',
    purpose: '99',
    periodicity: periodicity(contract),
    paymentMethod: 'OT',
    instalmentAmount: cicAmount(contract.lines[0]?.amount ?? 0),
    firstPaymentDate: cicDate(contract.lines[0]?.dueDate),
    lastPaymentAmount: last ? cicAmount(last.amount) : '',
    nextPaymentDate: next ? cicDate(next.dueDate) : '',
    nextPaymentAmount: next ? cicAmount(next.owed) : '',
    outstandingPayments: outstanding.length,
    outstandingBalance: sum(outstanding),
    overduePayments: overdue.length,
    overdueAmount: sum(overdue),
    overdueDays: overdue[0] ? daysBetween(overdue[0].dueDate, ref) : 0,
  };
}
