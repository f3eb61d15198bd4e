import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reconcileDay, type CashBooking, type ProviderReceipt } from '../src/reconciliation.ts';

const DAY = '2026-11-23';
const receipt = (
  paymentId: number,
  amount: number,
  extra: Partial<ProviderReceipt> = {},
): ProviderReceipt => ({
  paymentId,
  provider: 'sandbox',
  orderId: 1,
  txnid: `T${paymentId}`,
  refNo: `R${paymentId}`,
  amount,
  paidOn: DAY,
  ...extra,
});
const booking = (paymentId: number, amount: number, extra: Partial<CashBooking> = {}): CashBooking => ({
  paymentId,
  provider: 'sandbox',
  amount,
  entryDate: DAY,
  ...extra,
});

describe('reconcileDay', () => {
  it('names each kind of difference, with the amounts on both sides', () => {
    const report = reconcileDay(
      DAY,
      [
        receipt(1, 10_000),
        receipt(2, 20_500),
        receipt(3, 5_000),
        receipt(4, 7_000, { paidOn: '2026-11-22' }),
        receipt(6, 1_000, { provider: 'dragonpay' }),
      ],
      [
        booking(2, 20_000),
        booking(3, 5_000, { entryDate: '2026-11-24' }),
        booking(4, 7_000),
        booking(5, 900),
        booking(6, 1_000, { provider: 'sandbox' }),
      ],
    );
    expect(
      report.mismatches.map((m) => [m.paymentId, m.problem, m.providerAmount, m.bookedAmount, m.otherDate]),
    ).toEqual([
      [1, 'no_journal_entry', 10_000, 0, null],
      [2, 'amount_difference', 20_500, 20_000, null],
      [3, 'booked_on_another_day', 5_000, 0, '2026-11-24'],
      [4, 'booked_on_another_day', 0, 7_000, '2026-11-22'],
      [5, 'no_provider_payment', 0, 900, null],
      [6, 'no_journal_entry', 1_000, 0, null],
      [6, 'no_provider_payment', 0, 1_000, null],
    ]);
    expect(report.providers).toEqual([
      { provider: 'dragonpay', payments: 1, providerTotal: 1_000, bookedTotal: 0, difference: -1_000 },
      { provider: 'sandbox', payments: 3, providerTotal: 35_500, bookedTotal: 28_900, difference: -6_600 },
    ]);
  });

  const day = fc.record({
    provider: fc.constantFrom('sandbox', 'dragonpay', 'card'),
    amount: fc.integer({ min: 1, max: 5_000_000 }),
  });

  it('a day booked as paid reconciles; disturbing one payment yields exactly one mismatch naming it', () => {
    fc.assert(
      fc.property(
        fc.array(day, { minLength: 1, maxLength: 40 }),
        fc.nat(),
        fc.constantFrom('drop', 'amount', 'date'),
        (payments, pick, disturbance) => {
          const receipts = payments.map((p, index) => receipt(index + 1, p.amount, { provider: p.provider }));
          const bookings = payments.map((p, index) => booking(index + 1, p.amount, { provider: p.provider }));
          const clean = reconcileDay(DAY, receipts, bookings);
          expect(clean.mismatches).toEqual([]);
          for (const line of clean.providers) {
            expect(line.difference).toBe(0);
            expect(line.providerTotal).toBe(
              payments.filter((p) => p.provider === line.provider).reduce((sum, p) => sum + p.amount, 0),
            );
          }

          const target = pick % bookings.length;
          const disturbed = bookings.flatMap((b, index) => {
            if (index !== target) return [b];
            if (disturbance === 'drop') return [];
            if (disturbance === 'amount') return [{ ...b, amount: b.amount + 1 }];
            return [{ ...b, entryDate: '2026-11-24' }];
          });
          const report = reconcileDay(DAY, receipts, disturbed);
          expect(report.mismatches).toHaveLength(1);
          expect(report.mismatches[0]!.paymentId).toBe(target + 1);
          expect(report.mismatches[0]!.problem).toBe(
            { drop: 'no_journal_entry', amount: 'amount_difference', date: 'booked_on_another_day' }[
              disturbance
            ],
          );
          const total = report.providers.reduce((sum, line) => sum + line.difference, 0);
          expect(total).toBe(disturbance === 'amount' ? 1 : -payments[target]!.amount);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
