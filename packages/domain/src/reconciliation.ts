import type { CalendarDate } from './calendar-date.ts';
import type { MinorUnits } from './money.ts';

/**
 * Daily reconciliation (decision 0099): each payment provider's paid payments of a lender's day against
 * what the journal booked to that provider's cash account that day. Pure: the server reads both
 * sides, this pairs them by payment and names every difference, so an accountant can close the day
 * or see exactly which payment to chase.
 */

/** A payment the provider reported paid (our payments row: its postback or status query). */
export interface ProviderReceipt {
  paymentId: number;
  provider: string;
  orderId: number;
  /** The provider's transaction id and reference, to find it in the provider's own report. */
  txnid: string;
  refNo: string;
  /** What the provider says arrived. */
  amount: MinorUnits;
  /** The lender's calendar day it was paid. */
  paidOn: CalendarDate;
}

/** What the journal debited to a provider's cash account for one payment, on one day. */
export interface CashBooking {
  paymentId: number;
  provider: string;
  amount: MinorUnits;
  entryDate: CalendarDate;
}

/**
 * no_journal_entry: paid at the provider, and the journal has no cash for it at all ·
 * amount_difference: booked, but for another amount than the provider reported ·
 * booked_on_another_day: booked in full, on another day than it was paid ·
 * no_provider_payment: cash booked for a payment the provider did not report paid (or reported for
 * another provider).
 */
export const reconciliationProblems = [
  'no_journal_entry',
  'amount_difference',
  'booked_on_another_day',
  'no_provider_payment',
] as const;
export type ReconciliationProblem = (typeof reconciliationProblems)[number];

/** How the report and the console name each problem. */
export const reconciliationProblemLabels: Record<ReconciliationProblem, string> = {
  no_journal_entry: 'paid, no journal entry',
  amount_difference: 'amounts differ',
  booked_on_another_day: 'booked on another day',
  no_provider_payment: 'booked, not paid by the provider',
};

export interface ReconciliationMismatch {
  problem: ReconciliationProblem;
  paymentId: number;
  provider: string;
  orderId: number | null;
  txnid: string | null;
  refNo: string | null;
  /** What the provider reported for the day (0 when nothing). */
  providerAmount: MinorUnits;
  /** What the journal booked to cash for it on the day (0 when nothing). */
  bookedAmount: MinorUnits;
  /** The day it was booked or paid instead, for booked_on_another_day. */
  otherDate: CalendarDate | null;
}

export interface ProviderReconciliation {
  provider: string;
  payments: number;
  /** The provider's paid total for the day. */
  providerTotal: MinorUnits;
  /** The journal's cash debits for payments on the day. */
  bookedTotal: MinorUnits;
  difference: MinorUnits;
}

export interface DailyReconciliation {
  date: CalendarDate;
  providers: ProviderReconciliation[];
  mismatches: ReconciliationMismatch[];
}

/**
 * Pairs `receipts` (payments paid on `date`, and any other payment a booking of the day names) with
 * `bookings` (cash debits for payments, any day, of those payments). A payment reconciles when the
 * journal booked exactly its amount to its provider's cash on the day it was paid.
 */
export function reconcileDay(
  date: CalendarDate,
  receipts: readonly ProviderReceipt[],
  bookings: readonly CashBooking[],
): DailyReconciliation {
  const receiptOf = new Map(receipts.map((receipt) => [receipt.paymentId, receipt]));
  const bookedBy = new Map<number, CashBooking[]>();
  for (const booking of bookings) {
    const list = bookedBy.get(booking.paymentId) ?? [];
    list.push(booking);
    bookedBy.set(booking.paymentId, list);
  }
  const paymentIds = new Set([
    ...receipts.filter((receipt) => receipt.paidOn === date).map((receipt) => receipt.paymentId),
    ...bookings.filter((booking) => booking.entryDate === date).map((booking) => booking.paymentId),
  ]);

  const mismatches: ReconciliationMismatch[] = [];
  const totals = new Map<string, ProviderReconciliation>();
  const totalsOf = (provider: string) => {
    const existing = totals.get(provider);
    if (existing) return existing;
    const created = { provider, payments: 0, providerTotal: 0, bookedTotal: 0, difference: 0 };
    totals.set(provider, created);
    return created;
  };

  for (const paymentId of [...paymentIds].sort((a, b) => a - b)) {
    const receipt = receiptOf.get(paymentId);
    const all = bookedBy.get(paymentId) ?? [];
    // Cash for the payment booked to the provider that reported it: the only account it can be in.
    const matching = receipt ? all.filter((booking) => booking.provider === receipt.provider) : [];
    const sum = (list: readonly CashBooking[]) => list.reduce((total, booking) => total + booking.amount, 0);
    const bookedToday = sum(matching.filter((booking) => booking.entryDate === date));
    const base = {
      paymentId,
      orderId: receipt?.orderId ?? null,
      txnid: receipt?.txnid ?? null,
      refNo: receipt?.refNo ?? null,
    };

    const paidToday = receipt?.paidOn === date;
    if (receipt && paidToday) {
      const line = totalsOf(receipt.provider);
      line.payments += 1;
      line.providerTotal += receipt.amount;
      line.bookedTotal += bookedToday;
      if (bookedToday !== receipt.amount) {
        const bookedElsewhere = matching.filter((booking) => booking.entryDate !== date);
        const problem: ReconciliationProblem =
          matching.length === 0
            ? 'no_journal_entry'
            : bookedToday === 0 && sum(bookedElsewhere) === receipt.amount
              ? 'booked_on_another_day'
              : 'amount_difference';
        mismatches.push({
          ...base,
          problem,
          provider: receipt.provider,
          providerAmount: receipt.amount,
          bookedAmount: bookedToday,
          otherDate: problem === 'booked_on_another_day' ? bookedElsewhere[0]!.entryDate : null,
        });
      }
    }

    // Cash booked on the day that the provider's payments of the day do not explain: paid on
    // another day, or never reported paid by that provider at all.
    for (const booking of all.filter((candidate) => candidate.entryDate === date)) {
      const sameProvider = receipt !== undefined && receipt.provider === booking.provider;
      if (sameProvider && paidToday) continue;
      totalsOf(booking.provider).bookedTotal += booking.amount;
      mismatches.push({
        ...base,
        problem: sameProvider ? 'booked_on_another_day' : 'no_provider_payment',
        provider: booking.provider,
        providerAmount: 0,
        bookedAmount: booking.amount,
        otherDate: sameProvider ? receipt.paidOn : null,
      });
    }
  }

  const providers = [...totals.values()]
    .map((line) => ({ ...line, difference: line.bookedTotal - line.providerTotal }))
    .sort((a, b) => a.provider.localeCompare(b.provider));
  return { date, providers, mismatches };
}
