import {
  addDays,
  calendarDateAt,
  reconcileDay,
  reconciliationProblemLabels,
  type CalendarDate,
  type DailyReconciliation,
  type ProviderReceipt,
} from '@kwarta/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import type { OutputFormat } from '../../lib/output-format.ts';
import { textTable } from '../../lib/text-table.ts';
import { paymentCashBookings } from '../ledger/index.ts';
import { paidPaymentsById, paymentsPaidBetween, type PaidPayment } from '../payments/index.ts';

/**
 * A lender's day reconciled (decision 0099): each provider's paid payments of the day against the cash
 * the journal booked for them. The payments are what the provider told us (its signed postbacks and
 * status answers); the journal is what we booked; every payment where the two differ is listed.
 */
export async function dailyReconciliation(
  db: Kysely<Database>,
  input: { date: CalendarDate; timeZone: string },
): Promise<DailyReconciliation> {
  const receipt = (payment: PaidPayment): ProviderReceipt => ({
    paymentId: payment.id,
    provider: payment.provider,
    orderId: payment.order_id,
    txnid: payment.txnid,
    refNo: payment.ref_no,
    amount: payment.received_amount,
    paidOn: calendarDateAt(new Date(payment.received_at), input.timeZone),
  });
  // received_at is an instant: the UTC days either side hold every instant of the lender's day.
  const around = await paymentsPaidBetween(db, {
    from: addDays(input.date, -1),
    to: addDays(input.date, 2),
  });
  const paidOnDate = around.map(receipt).filter((candidate) => candidate.paidOn === input.date);
  const bookings = await paymentCashBookings(db, {
    date: input.date,
    paymentIds: paidOnDate.map((candidate) => candidate.paymentId),
  });
  const known = new Set(paidOnDate.map((candidate) => candidate.paymentId));
  const others = await paidPaymentsById(
    db,
    [...new Set(bookings.map((booking) => booking.paymentId))].filter((id) => !known.has(id)),
  );
  return reconcileDay(input.date, [...paidOnDate, ...others.map(receipt)], bookings);
}

/** The reconciliation as the CLI prints it: totals per provider, then each mismatch. */
export function formatReconciliation(report: DailyReconciliation, format: OutputFormat): string {
  const title = `Reconciliation of ${report.date} (provider payments against cash in the journal)`;
  if (report.providers.length === 0) return `${title}\n\nNo payments and no cash booked for payments.`;
  const totals = textTable(
    ['Provider', 'Payments', 'Provider total', 'Booked', 'Difference'],
    report.providers.map((line) => [
      line.provider,
      String(line.payments),
      format.money(line.providerTotal),
      format.money(line.bookedTotal),
      format.money(line.difference),
    ]),
    1,
  );
  if (report.mismatches.length === 0) return `${title}\n\n${totals}\n\nEvery payment reconciles.`;
  const mismatches = textTable(
    ['Payment', 'Provider', 'Order', 'Reference', 'Problem', 'Provider amount', 'Booked', 'Other day'],
    report.mismatches.map((mismatch) => [
      String(mismatch.paymentId),
      mismatch.provider,
      mismatch.orderId === null ? '' : String(mismatch.orderId),
      mismatch.refNo ?? '',
      reconciliationProblemLabels[mismatch.problem],
      format.money(mismatch.providerAmount),
      format.money(mismatch.bookedAmount),
      mismatch.otherDate ?? '',
    ]),
    5,
  );
  return `${title}\n\n${totals}\n\n${report.mismatches.length} mismatch${report.mismatches.length === 1 ? '' : 'es'}:\n${mismatches}`;
}

interface ReconciliationCsvRow {
  provider: string;
  paymentId: number | null;
  orderId: number | null;
  txnid: string | null;
  refNo: string | null;
  problem: string;
  providerAmount: number;
  bookedAmount: number;
  otherDate: string | null;
}

/** The day as CSV: each provider's totals first (problem "provider total"), then each mismatch. */
export const reconciliationCsvColumns: CsvColumn<ReconciliationCsvRow>[] = [
  { header: 'provider', cell: (row) => row.provider },
  { header: 'payment_id', cell: (row) => row.paymentId },
  { header: 'order_id', cell: (row) => row.orderId },
  { header: 'txnid', cell: (row) => row.txnid },
  { header: 'ref_no', cell: (row) => row.refNo },
  { header: 'problem', cell: (row) => row.problem },
  { header: 'provider_amount_minor', cell: (row) => row.providerAmount },
  { header: 'booked_minor', cell: (row) => row.bookedAmount },
  { header: 'other_date', cell: (row) => row.otherDate },
];

export function reconciliationCsvRows(report: DailyReconciliation): ReconciliationCsvRow[] {
  return [
    ...report.providers.map((line) => ({
      provider: line.provider,
      paymentId: null,
      orderId: null,
      txnid: null,
      refNo: null,
      problem: `provider total (${line.payments} payments)`,
      providerAmount: line.providerTotal,
      bookedAmount: line.bookedTotal,
      otherDate: null,
    })),
    ...report.mismatches.map((mismatch) => ({
      ...mismatch,
      problem: reconciliationProblemLabels[mismatch.problem],
    })),
  ];
}
