import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../src/calendar-date.ts';
import {
  accountBalances,
  accrualEntry,
  allocatedPaymentEntry,
  assertBalanced,
  cashAccount,
  disbursementEntry,
  LedgerAccount,
  receivablesOf,
  type JournalEntryDraft,
  type JournalLine,
} from '../src/ledger.ts';
import { splitHalfUp } from '../src/money.ts';
import {
  paymentReversalEntry,
  receivablesOfBalance,
  restructuredBalance,
  restructureEntry,
  unapplyAllocations,
  waivable,
  waiveCharge,
  waiverEntry,
  type WaivableCharge,
} from '../src/money-actions.ts';
import { allocatePayment, outstandingAmount, type Allocation, type OrderBalance } from '../src/repayment.ts';

const RUNS = 10_000;

/** A plain check for the hot loop; fast-check reports the failing case. */
function check(condition: boolean, what: string): asserts condition {
  if (!condition) throw new Error(what);
}

const loan = fc
  .record({
    principal: fc.integer({ min: 1, max: 5_000_000 }),
    chargesPpm: fc.integer({ min: 0, max: 1_000_000 }),
    feesPpm: fc.integer({ min: 0, max: 1_000_000 }),
    periods: fc.integer({ min: 1, max: 4 }),
  })
  .map((input) => {
    const charges = Math.floor((input.principal * input.chargesPpm) / 1_000_000);
    return { ...input, charges, fees: Math.floor((charges * input.feesPpm) / 1_000_000) };
  });

type Event =
  | { kind: 'accrue'; penalty: number }
  | { kind: 'pay'; manual: boolean; share: number }
  | { kind: 'reverse'; pick: number }
  | { kind: 'waive'; charge: WaivableCharge; share: number }
  | { kind: 'restructure'; periods: number; chargesPpm: number };

const event: fc.Arbitrary<Event> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.integer({ min: 0, max: 300_000 }).map((penalty) => ({ kind: 'accrue' as const, penalty })),
  },
  // share of what is owed, in ‰: under 1000 pays part, 1000 pays it off, above pays over.
  {
    weight: 4,
    arbitrary: fc
      .record({ manual: fc.boolean(), share: fc.integer({ min: 1, max: 1_300 }) })
      .map((pay) => ({ kind: 'pay' as const, ...pay })),
  },
  { weight: 2, arbitrary: fc.nat().map((pick) => ({ kind: 'reverse' as const, pick })) },
  {
    weight: 2,
    arbitrary: fc
      .record({
        charge: fc.constantFrom<WaivableCharge>('penalty', 'charges'),
        share: fc.integer({ min: 1, max: 1_000 }),
      })
      .map((waive) => ({ kind: 'waive' as const, ...waive })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ periods: fc.integer({ min: 1, max: 6 }), chargesPpm: fc.integer({ min: 0, max: 500_000 }) })
      .map((plan) => ({ kind: 'restructure' as const, ...plan })),
  },
);

interface Posted {
  source: string;
  allocations: Allocation[];
  credit: number;
  reversed: boolean;
}

describe('money actions: random repayments, manual repayments, reversals, waivers and restructurings', () => {
  it(`every entry balances, the trial balance is zero and receivables equal the plan (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(loan, fc.array(event, { maxLength: 16 }), (input, events) => {
        const journal: JournalEntryDraft[] = [];
        const post = (draft: JournalEntryDraft | null) => {
          if (!draft) return;
          assertBalanced(draft);
          journal.push(draft);
        };
        const principals = splitHalfUp(input.principal, input.periods);
        const charges = splitHalfUp(input.charges, input.periods);
        let balance: OrderBalance = {
          penalty: 0,
          penaltyPaid: 0,
          lines: principals.map((principal, index) => ({
            seq: index + 1,
            dueDate: addDays('2026-12-01', 15 * index),
            principal,
            principalPaid: 0,
            interest: charges[index]!,
            interestPaid: 0,
          })),
        };
        const owed = () => receivablesOfBalance(balance, input.fees);
        const payments: Posted[] = [];
        let credits = 0;
        post(disbursementEntry({ principal: input.principal, charges: input.charges, fees: input.fees }));
        // The payout left the provider's cash for the borrower: a starting balance to net against.
        post({
          kind: 'payout_sending',
          lines: [
            { account: LedgerAccount.PayoutsInTransit, debit: input.principal, credit: 0 },
            { account: cashAccount('sandbox'), debit: 0, credit: input.principal },
          ],
        });

        for (const happened of events) {
          switch (happened.kind) {
            case 'accrue':
              post(accrualEntry({ penalty: happened.penalty }));
              balance = { ...balance, penalty: balance.penalty + happened.penalty };
              break;
            case 'pay': {
              const amount = Math.floor((outstandingAmount(balance) * happened.share) / 1000) || 1;
              const source = cashAccount(happened.manual ? 'bank' : 'sandbox');
              const applied = allocatePayment(balance, amount);
              // Booked as the server books it: the order's charges read from its lines now.
              post(
                allocatedPaymentEntry({
                  source,
                  order: {
                    charges: balance.lines.reduce((sum, line) => sum + line.interest, 0),
                    fees: input.fees,
                  },
                  before: balance,
                  applied,
                }),
              );
              balance = applied.balance;
              credits += applied.credit;
              payments.push({
                source,
                allocations: applied.allocations,
                credit: applied.credit,
                reversed: false,
              });
              break;
            }
            case 'reverse': {
              const open = payments.filter((payment) => !payment.reversed);
              const payment = open[happened.pick % Math.max(1, open.length)];
              if (!payment) break;
              const before = owed();
              balance = unapplyAllocations(balance, payment.allocations);
              post(
                paymentReversalEntry({
                  source: payment.source,
                  before,
                  after: owed(),
                  credit: payment.credit,
                }),
              );
              credits -= payment.credit;
              payment.reversed = true;
              break;
            }
            case 'waive': {
              const forgo = Math.floor((waivable(balance, happened.charge) * happened.share) / 1000);
              if (forgo === 0) break;
              const before = owed();
              balance = waiveCharge(balance, happened.charge, forgo);
              post(waiverEntry(before, owed()));
              break;
            }
            case 'restructure': {
              const principalOwed = balance.lines.reduce(
                (sum, line) => sum + line.principal - line.principalPaid,
                0,
              );
              if (principalOwed === 0) break;
              const newCharges = Math.floor((principalOwed * happened.chargesPpm) / 1_000_000);
              const principalsNew = splitHalfUp(principalOwed, happened.periods);
              const chargesNew = splitHalfUp(newCharges, happened.periods);
              const instalments = principalsNew
                .map((principal, index) => ({
                  dueDate: addDays('2027-03-01', 30 * index),
                  principal,
                  interest: chargesNew[index]!,
                }))
                .filter((instalment) => instalment.principal + instalment.interest > 0);
              const before = owed();
              balance = restructuredBalance(balance, instalments);
              post(restructureEntry(before, owed()));
              break;
            }
          }

          const lines: JournalLine[] = journal.flatMap((entry) => entry.lines);
          const balances = accountBalances(lines);
          const total = [...balances.values()].reduce((sum, value) => sum + value, 0);
          check(total === 0, `trial balance is ${total}`);
          const booked = receivablesOf(lines);
          const plan = owed();
          check(
            booked.principal === plan.principal &&
              booked.interest === plan.interest &&
              booked.fees === plan.fees &&
              booked.penalty === plan.penalty,
            `receivables ${JSON.stringify(booked)} ≠ plan ${JSON.stringify(plan)}`,
          );
          check(-(balances.get(LedgerAccount.BorrowerCredits) ?? 0) === credits, 'borrower credits match');
        }
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('refuses a waiver beyond what is owed and a plan that changes the principal', () => {
    const balance: OrderBalance = {
      penalty: 500,
      penaltyPaid: 100,
      lines: [
        { seq: 1, dueDate: '2026-12-01', principal: 1000, principalPaid: 0, interest: 200, interestPaid: 50 },
      ],
    };
    expect(() => waiveCharge(balance, 'penalty', 401)).toThrow(/only 400/);
    expect(() => waiveCharge(balance, 'charges', 0)).toThrow(/positive/);
    expect(() =>
      restructuredBalance(balance, [{ dueDate: '2027-01-01', principal: 999, interest: 10 }]),
    ).toThrow(/owes 1000/);
    const waived = waiveCharge(balance, 'charges', 150);
    expect(waived.lines[0]!.interest).toBe(50);
  });
});
