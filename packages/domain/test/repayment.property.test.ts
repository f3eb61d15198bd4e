import fc from 'fast-check';
import { describe, it } from 'vitest';
import {
  allocatePayment,
  extendPlan,
  outstandingAmount,
  quoteExtension,
  type OrderBalance,
  type RepaymentComponent,
} from '../src/repayment.ts';
import { addDays } from '../src/calendar-date.ts';

const RUNS = 10_000;

/** A plain check for the hot loop (expect() per step would make 10,000 runs slow); fast-check reports the case. */
function check(condition: boolean, what: string): asserts condition {
  if (!condition) throw new Error(what);
}

const componentOrder = fc.constantFrom<readonly RepaymentComponent[]>(
  ['penalty', 'interest', 'principal'],
  ['interest', 'penalty', 'principal'],
  ['principal', 'interest', 'penalty'],
  ['penalty', 'principal', 'interest'],
);

const plan = fc
  .array(
    fc.record({
      principal: fc.integer({ min: 0, max: 5_000_000 }),
      interest: fc.integer({ min: 0, max: 1_000_000 }),
    }),
    {
      minLength: 1,
      maxLength: 6,
    },
  )
  .map((lines) =>
    lines.map((line, index) => ({
      seq: index + 1,
      dueDate: addDays('2026-12-01', index * 30),
      interest: line.interest,
      interestPaid: 0,
      principal: line.principal,
      principalPaid: 0,
    })),
  );

type Step =
  { kind: 'pay'; amount: number } | { kind: 'penalty'; amount: number } | { kind: 'extend'; days: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.integer({ min: 0, max: 3_000_000 }).map((amount) => ({ kind: 'pay' as const, amount })),
  },
  {
    weight: 3,
    arbitrary: fc.integer({ min: 0, max: 200_000 }).map((amount) => ({ kind: 'penalty' as const, amount })),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1, max: 30 }).map((days) => ({ kind: 'extend' as const, days })),
  },
);

describe('repayment allocation (property)', () => {
  it('neither loses nor creates a centavo, and an order settles exactly when nothing is owed', () => {
    fc.assert(
      fc.property(plan, fc.array(step, { maxLength: 25 }), componentOrder, (lines, steps, order) => {
        let balance: OrderBalance = { penalty: 0, penaltyPaid: 0, lines };
        let charged = lines.reduce((sum, line) => sum + line.interest + line.principal, 0);
        let paid = 0;
        let allocated = 0;
        let credit = 0;
        let extended = false;
        for (const s of steps) {
          if (s.kind === 'penalty') {
            // Penalties accrue only on what is still owed (the daily job's rule).
            if (outstandingAmount(balance) === 0) continue;
            balance = { ...balance, penalty: balance.penalty + s.amount };
            charged += s.amount;
          } else if (s.kind === 'extend') {
            if (extended) continue;
            const before = outstandingAmount(balance);
            const quote = quoteExtension({
              enabled: true,
              status: 174,
              principal: lines.reduce((sum, line) => sum + line.principal, 0),
              extensionsUsed: 0,
              outstanding: before,
              rules: { feeBps: 1500, days: s.days, maxExtensions: 1 },
            });
            if (!quote.allowed) continue;
            extended = true;
            // The fee is revenue, paid apart from what is owed: the balance owed is unchanged.
            const moved = extendPlan(balance.lines, quote.days);
            for (const [index, line] of moved.lines.entries()) {
              const was = balance.lines[index]!;
              const open = was.interest + was.principal - was.interestPaid - was.principalPaid > 0;
              check(
                line.dueDate === (open ? addDays(was.dueDate, quote.days) : was.dueDate),
                'open lines move, paid ones stay',
              );
            }
            balance = { ...balance, lines: moved.lines };
            check(outstandingAmount(balance) === before, 'an extension changes nothing owed');
          } else {
            const before = outstandingAmount(balance);
            const result = allocatePayment(balance, s.amount, order);
            const sum = result.allocations.reduce((total, a) => total + a.amount, 0);
            check(sum + result.credit === s.amount, 'paid = allocations + credit');
            check(result.credit === Math.max(0, s.amount - before), 'credit only beyond what is owed');
            check(
              result.allocations.every((a) => a.amount > 0),
              'no empty allocation',
            );
            paid += s.amount;
            allocated += sum;
            credit += result.credit;
            balance = result.balance;
            const after = outstandingAmount(balance);
            check(after === before - sum, 'outstanding drops by what was allocated');
            check(result.settled === (after === 0), 'settled exactly when nothing is owed');
          }
          const owed = outstandingAmount(balance);
          check(owed >= 0, 'never owes a negative amount');
          // Conservation: everything charged is either still owed or was paid by an allocation.
          check(owed + allocated === charged, 'charged = owed + allocated');
        }
        check(paid === allocated + credit, 'paid = allocations + credit');
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('pays lines oldest first, each penalty → interest → principal by default, a line only once the older ones are paid', () => {
    fc.assert(
      fc.property(
        plan,
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 20_000_000 }),
        (lines, penalty, amount) => {
          const balance: OrderBalance = { penalty, penaltyPaid: 0, lines };
          const { allocations, balance: after } = allocatePayment(balance, amount);
          const rank = { penalty: 0, interest: 1, principal: 2 } as const;
          const lineOf = (a: (typeof allocations)[number]) => a.seq ?? 1;
          for (let i = 1; i < allocations.length; i += 1) {
            const a = allocations[i - 1]!;
            const b = allocations[i]!;
            const ordered =
              lineOf(a) < lineOf(b) || (lineOf(a) === lineOf(b) && rank[a.component] < rank[b.component]);
            check(ordered, 'oldest line first, penalty → interest → principal within it');
          }
          // A line is touched only once every older line and the penalty are fully paid.
          const touched = new Set(allocations.filter((a) => a.seq !== null).map((a) => a.seq!));
          for (const seq of touched) {
            check(after.penaltyPaid === penalty, 'penalty before any line');
            for (const older of after.lines.filter((line) => line.seq < seq)) {
              check(
                older.interestPaid === older.interest && older.principalPaid === older.principal,
                'older lines are paid first',
              );
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);
});
