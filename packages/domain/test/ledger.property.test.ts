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
  extensionFeeEntry,
  heldPaymentEntry,
  heldPaymentReturnedEntry,
  LedgerAccount,
  payoutFailedEntry,
  payoutSendingEntry,
  receivablesOf,
  receivablesOwed,
  reversalOf,
  writeOffEntry,
  type JournalEntryDraft,
  type JournalLine,
  type Receivables,
} from '../src/ledger.ts';
import { splitHalfUp } from '../src/money.ts';
import {
  allocatePayment,
  defaultAllocationOrder,
  extendPlan,
  outstandingAmount,
  type OrderBalance,
  type RepaymentComponent,
} from '../src/repayment.ts';

const RUNS = 10_000;

/** A plain check for the hot loop (expect() per step would make 10,000 runs slow); fast-check reports the case. */
function check(condition: boolean, what: string): asserts condition {
  if (!condition) throw new Error(what);
}

const providers = ['sandbox', 'dragonpay', 'card'] as const;

const loan = fc
  .record({
    principal: fc.integer({ min: 1, max: 5_000_000 }),
    chargesPpm: fc.integer({ min: 0, max: 1_000_000 }),
    feesPpm: fc.integer({ min: 0, max: 1_000_000 }),
    periods: fc.integer({ min: 1, max: 4 }),
    order: fc.constantFrom<readonly RepaymentComponent[]>(
      defaultAllocationOrder,
      ['interest', 'penalty', 'principal'],
      ['principal', 'interest', 'penalty'],
    ),
    payoutFailsFirst: fc.boolean(),
  })
  .map((input) => {
    const charges = Math.floor((input.principal * input.chargesPpm) / 1_000_000);
    return { ...input, charges, fees: Math.floor((charges * input.feesPpm) / 1_000_000) };
  });

type Event =
  | { kind: 'accrue'; penalty: number }
  | { kind: 'pay'; provider: (typeof providers)[number]; share: number }
  | { kind: 'extend'; fee: number }
  | { kind: 'hold'; provider: (typeof providers)[number]; amount: number; accept: boolean }
  | { kind: 'writeOff' }
  | { kind: 'correct' };

const provider = fc.constantFrom(...providers);
const event: fc.Arbitrary<Event> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.integer({ min: 0, max: 300_000 }).map((penalty) => ({ kind: 'accrue' as const, penalty })),
  },
  // share of what is owed, in ‰: under 1000 pays part, 1000 pays it off, above pays over.
  {
    weight: 5,
    arbitrary: fc
      .record({ provider, share: fc.integer({ min: 0, max: 1_300 }) })
      .map((pay) => ({ kind: 'pay' as const, ...pay })),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 0, max: 100_000 }).map((fee) => ({ kind: 'extend' as const, fee })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ provider, amount: fc.integer({ min: 1, max: 2_000_000 }), accept: fc.boolean() })
      .map((hold) => ({ kind: 'hold' as const, ...hold })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'writeOff' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'correct' as const }) },
);

const zero: Receivables = { principal: 0, interest: 0, fees: 0, penalty: 0 };
const sameReceivables = (a: Receivables, b: Receivables) =>
  a.principal === b.principal && a.interest === b.interest && a.fees === b.fees && a.penalty === b.penalty;

describe('ledger: random money events on random loans', () => {
  it(`every entry balances, the trial balance is zero and receivables match the plan (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(loan, fc.array(event, { maxLength: 14 }), (input, events) => {
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
        const order = { charges: input.charges, fees: input.fees };
        // What each provider's cash should hold, counted apart from the journal.
        const cash = new Map<string, number>();
        const move = (to: string, amount: number) => cash.set(to, (cash.get(to) ?? 0) + amount);
        let suspense = 0;
        let credits = 0;
        let writtenOff = false;
        let writtenOffAmount = 0;

        if (input.payoutFailsFirst) {
          post(payoutSendingEntry({ provider: 'sandbox', amount: input.principal }));
          post(payoutFailedEntry({ provider: 'sandbox', amount: input.principal }));
        }
        post(payoutSendingEntry({ provider: 'sandbox', amount: input.principal }));
        move('sandbox', -input.principal);
        post(disbursementEntry({ principal: input.principal, ...order }));

        const applyPayment = (source: string, amount: number) => {
          const applied = allocatePayment(balance, amount, input.order);
          post(allocatedPaymentEntry({ source, order, before: balance, applied, writtenOff }));
          balance = applied.balance;
          credits += applied.credit;
        };

        for (const happened of events) {
          switch (happened.kind) {
            case 'accrue':
              // The daily job does not accrue on a written-off loan.
              if (writtenOff) break;
              post(accrualEntry({ penalty: happened.penalty }));
              balance = { ...balance, penalty: balance.penalty + happened.penalty };
              break;
            case 'pay': {
              const amount = Math.floor((outstandingAmount(balance) * happened.share) / 1000);
              move(happened.provider, amount);
              applyPayment(cashAccount(happened.provider), amount);
              break;
            }
            case 'extend':
              if (writtenOff || outstandingAmount(balance) === 0) break;
              move('sandbox', happened.fee);
              post(extensionFeeEntry({ source: cashAccount('sandbox'), fee: happened.fee }));
              balance = { ...balance, lines: extendPlan(balance.lines, 7).lines };
              break;
            case 'hold':
              move(happened.provider, happened.amount);
              post(heldPaymentEntry({ provider: happened.provider, amount: happened.amount }));
              suspense += happened.amount;
              if (happened.accept) {
                applyPayment(LedgerAccount.HeldPaymentsSuspense, happened.amount);
              } else {
                move('sandbox', -happened.amount);
                post(heldPaymentReturnedEntry({ provider: 'sandbox', amount: happened.amount }));
              }
              suspense -= happened.amount;
              break;
            case 'writeOff':
              if (writtenOff) break;
              post(writeOffEntry(receivablesOf(journal.flatMap((entry) => entry.lines))));
              writtenOff = true;
              writtenOffAmount = outstandingAmount(balance);
              break;
            case 'correct': {
              // A mistaken entry and its reversal leave every balance as it was.
              const last = journal.at(-1)!;
              post(last);
              post(reversalOf(last));
              break;
            }
          }

          const lines: JournalLine[] = journal.flatMap((entry) => entry.lines);
          const balances = accountBalances(lines);
          const total = [...balances.values()].reduce((sum, value) => sum + value, 0);
          check(total === 0, `trial balance is ${total}`);
          const receivables = receivablesOf(lines);
          const owed = receivablesOwed({ order, ...balance });
          if (writtenOff) {
            check(sameReceivables(receivables, zero), 'a written-off loan has no receivables');
            // Recoveries are income of their own (decision 0103): the expense keeps what was given up.
            check(
              (balances.get(LedgerAccount.WriteOffs) ?? 0) === writtenOffAmount,
              'the write-off expense is what was owed when written off',
            );
            check(
              (balances.get(LedgerAccount.WriteOffs) ?? 0) + (balances.get(LedgerAccount.Recoveries) ?? 0) ===
                outstandingAmount(balance),
              'the write-off less recoveries is what is still owed',
            );
          } else {
            check(
              sameReceivables(receivables, owed),
              `receivables ${JSON.stringify(receivables)} ≠ owed ${JSON.stringify(owed)}`,
            );
          }
          for (const name of providers) {
            check((balances.get(cashAccount(name)) ?? 0) === (cash.get(name) ?? 0), `cash at ${name}`);
          }
          check((balances.get(LedgerAccount.HeldPaymentsSuspense) ?? 0) === -suspense, 'suspense');
          check((balances.get(LedgerAccount.BorrowerCredits) ?? 0) === -credits, 'borrower credits');
          check((balances.get(LedgerAccount.PayoutsInTransit) ?? 0) === 0, 'nothing left in transit');
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('ledger entries', () => {
  it('refuses an unbalanced or one-line entry and an unknown account', () => {
    expect(() =>
      assertBalanced({ kind: 'accrual', lines: [{ account: LedgerAccount.FeeIncome, debit: 0, credit: 5 }] }),
    ).toThrow(/two lines/);
    expect(() =>
      assertBalanced({
        kind: 'accrual',
        lines: [
          { account: LedgerAccount.FeesReceivable, debit: 5, credit: 0 },
          { account: LedgerAccount.FeeIncome, debit: 0, credit: 4 },
        ],
      }),
    ).toThrow(/debits 5 ≠ credits 4/);
    expect(() =>
      assertBalanced({
        kind: 'accrual',
        lines: [
          { account: 'cash:', debit: 5, credit: 0 },
          { account: LedgerAccount.FeeIncome, debit: 0, credit: 5 },
        ],
      }),
    ).toThrow(/unknown ledger account/);
    expect(() => cashAccount('Bad Provider')).toThrow(/not a provider/);
  });

  it('books nothing for an event that moved no money', () => {
    expect(accrualEntry({ penalty: 0 })).toBeNull();
    expect(extensionFeeEntry({ source: cashAccount('sandbox'), fee: 0 })).toBeNull();
  });
});
