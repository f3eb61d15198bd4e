import { addDays, daysBetween } from './calendar-date.ts';
import type { CalendarDate } from './calendar-date.ts';
import type { CapBreach, ComplianceProfile } from './compliance.ts';
import { effectiveRate } from './effective-rate.ts';
import { DomainError } from './errors.ts';
import {
  assertBalanced,
  LedgerAccount,
  receivablesOwed,
  type JournalEntryDraft,
  type JournalLine,
  type OrderCharges,
  type Receivables,
} from './ledger.ts';
import { mulDivHalfUp, splitHalfUp, type MinorUnits } from './money.ts';
import { OrderStatus } from './order-status.ts';
import { lineOutstanding, type Allocation, type OrderBalance, type PlanLineBalance } from './repayment.ts';

/**
 * The back office's money actions (decision 0110): a payment reversed, charges waived, a loan
 * restructured. Each changes what an order owes, so each entry is built from the difference the
 * change makes to `receivablesOwed` — the ledger's receivables then equal the plan after it, by
 * construction, whatever happened before (a reversal of an older payment moves the fee split
 * the mirror of its entry would get wrong).
 */

/** What a waiver may forgo: the late penalty, or the plan lines' charges (interest and fees together). */
export const waivableCharges = ['penalty', 'charges'] as const;
export type WaivableCharge = (typeof waivableCharges)[number];

function assertPositive(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new DomainError('invalid_amount', `${what} must be a positive integer, got ${String(value)}`);
  }
}

const oldestFirst = (lines: readonly PlanLineBalance[]) =>
  [...lines].sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.seq - b.seq);

/** How much of `charge` an order still owes and a waiver may therefore forgo. */
export function waivable(balance: OrderBalance, charge: WaivableCharge): MinorUnits {
  return charge === 'penalty'
    ? balance.penalty - balance.penaltyPaid
    : balance.lines.reduce((sum, line) => sum + line.interest - line.interestPaid, 0);
}

/**
 * The balance once `amount` of `charge` is forgone: the penalty owed goes down, or the plan lines'
 * unpaid charges, oldest instalment first (the one a borrower in difficulty is behind on). More
 * than is owed is refused: a waiver never becomes credit.
 */
export function waiveCharge(balance: OrderBalance, charge: WaivableCharge, amount: MinorUnits): OrderBalance {
  assertPositive(amount, 'waived amount');
  const owed = waivable(balance, charge);
  if (amount > owed) {
    throw new DomainError(
      'invalid_amount',
      `only ${owed} of the ${charge} is owed; ${amount} cannot be waived`,
    );
  }
  // A waived penalty counts as settled, not as never accrued: the daily job accrues up to what the
  // rules allow in total (penalty_amount), so lowering the accrued amount would accrue it again.
  if (charge === 'penalty') return { ...balance, penaltyPaid: balance.penaltyPaid + amount };
  let left = amount;
  const reduced = new Map<number, number>();
  for (const line of oldestFirst(balance.lines)) {
    const take = Math.min(left, line.interest - line.interestPaid);
    if (take > 0) reduced.set(line.seq, take);
    left -= take;
  }
  return {
    ...balance,
    lines: balance.lines.map((line) => ({ ...line, interest: line.interest - (reduced.get(line.seq) ?? 0) })),
  };
}

/**
 * The balance once a payment's allocations are undone (a reversal): what it paid is owed again.
 * Refused when the balance no longer holds what the payment paid (a line restructured since).
 */
export function unapplyAllocations(
  balance: OrderBalance,
  allocations: readonly Pick<Allocation, 'component' | 'seq' | 'amount'>[],
): OrderBalance {
  let penaltyPaid = balance.penaltyPaid;
  const lines = new Map(balance.lines.map((line) => [line.seq, { ...line }]));
  for (const allocation of allocations) {
    if (allocation.component === 'penalty') {
      penaltyPaid -= allocation.amount;
      continue;
    }
    const line = lines.get(allocation.seq ?? -1);
    if (!line)
      throw new DomainError('invalid_argument', `plan line ${String(allocation.seq)} is not the order's`);
    if (allocation.component === 'interest') line.interestPaid -= allocation.amount;
    else line.principalPaid -= allocation.amount;
    if (line.interestPaid < 0 || line.principalPaid < 0) {
      throw new DomainError('invalid_amount', `plan line ${line.seq} no longer holds what the payment paid`);
    }
  }
  if (penaltyPaid < 0)
    throw new DomainError('invalid_amount', 'the penalty no longer holds what the payment paid');
  return { ...balance, penaltyPaid, lines: balance.lines.map((line) => lines.get(line.seq)!) };
}

/** What an order's plan says it owes, by receivable, its charges read from its lines. */
export function receivablesOfBalance(balance: OrderBalance, fees: MinorUnits): Receivables {
  return receivablesOwed({
    order: chargesOfBalance(balance, fees),
    lines: balance.lines,
    penalty: balance.penalty,
    penaltyPaid: balance.penaltyPaid,
  });
}

export function chargesOfBalance(balance: OrderBalance, fees: MinorUnits): OrderCharges {
  return { charges: balance.lines.reduce((sum, line) => sum + line.interest, 0), fees };
}

const receivableAccounts = {
  principal: LedgerAccount.PrincipalReceivable,
  interest: LedgerAccount.InterestReceivable,
  fees: LedgerAccount.FeesReceivable,
  penalty: LedgerAccount.PenaltyReceivable,
} as const satisfies Record<keyof Receivables, string>;

const side = (account: string, amount: MinorUnits): JournalLine =>
  amount >= 0 ? { account, debit: amount, credit: 0 } : { account, debit: 0, credit: -amount };

function built(kind: JournalEntryDraft['kind'], lines: JournalLine[]): JournalEntryDraft | null {
  const kept = lines.filter((line) => line.debit !== 0 || line.credit !== 0);
  if (kept.length === 0) return null;
  const draft = { kind, lines: kept };
  assertBalanced(draft);
  return draft;
}

/** Each receivable's move from `before` to `after`, as journal lines (debit when it grows). */
function receivableMoves(before: Receivables, after: Receivables): { lines: JournalLine[]; net: MinorUnits } {
  const keys = Object.keys(receivableAccounts) as (keyof Receivables)[];
  const lines = keys.map((key) => side(receivableAccounts[key], after[key] - before[key]));
  return { lines, net: keys.reduce((sum, key) => sum + after[key] - before[key], 0) };
}

/**
 * A waiver: the lender forgoes what the order owed; the receivables go down by exactly what the
 * plan no longer says is owed, into the waivers account (an expense, so income stays what was
 * earned and the year's concessions are one figure).
 */
export function waiverEntry(before: Receivables, after: Receivables): JournalEntryDraft | null {
  const { lines, net } = receivableMoves(before, after);
  if (net > 0) throw new DomainError('invalid_amount', 'a waiver cannot raise what is owed');
  return built('waiver', [...lines, side(LedgerAccount.Waivers, -net)]);
}

/**
 * A repayment reversed (a chargeback, a payment posted to the wrong order): the money leaves the
 * account it came into; the receivables come back as the plan now says; the part that was credit
 * leaves the borrower's credit. On a written-off order what it paid was a recovery, so the
 * recovery is what goes back.
 */
export function paymentReversalEntry(input: {
  source: string;
  before: Receivables;
  after: Receivables;
  credit: MinorUnits;
  recovery?: MinorUnits;
}): JournalEntryDraft | null {
  const { lines, net } = receivableMoves(input.before, input.after);
  if (net < 0) throw new DomainError('invalid_amount', 'a reversal cannot lower what is owed');
  const recovery = input.recovery ?? 0;
  return built('payment_reversal', [
    ...lines,
    side(LedgerAccount.BorrowerCredits, input.credit),
    side(LedgerAccount.Recoveries, recovery),
    side(input.source, -(net + input.credit + recovery)),
  ]);
}

/**
 * A restructuring: the old plan's receivables are closed and the new plan's opened in one entry;
 * charges the new plan adds are interest earned, charges it drops are a concession (waivers).
 */
export function restructureEntry(before: Receivables, after: Receivables): JournalEntryDraft | null {
  const keys = Object.keys(receivableAccounts) as (keyof Receivables)[];
  const closed = keys.map((key) => side(receivableAccounts[key], -before[key]));
  const opened = keys.map((key) => side(receivableAccounts[key], after[key]));
  const net = keys.reduce((sum, key) => sum + after[key] - before[key], 0);
  const difference = net >= 0 ? side(LedgerAccount.InterestIncome, -net) : side(LedgerAccount.Waivers, -net);
  return built('restructure', [...closed, ...opened, difference]);
}

/** A new instalment of a restructured plan. */
export interface NewInstalment {
  dueDate: CalendarDate;
  principal: MinorUnits;
  interest: MinorUnits;
}

/**
 * The balance once a restructuring replaces what is unpaid: every open line keeps only what was
 * paid on it (so history stays), and the new instalments follow, numbered after the last line.
 * The new plan must carry exactly the principal still owed: restructuring reschedules a debt, it
 * does not lend more or forgive principal.
 */
export function restructuredBalance(
  balance: OrderBalance,
  instalments: readonly NewInstalment[],
): OrderBalance {
  if (instalments.length === 0) throw new DomainError('invalid_argument', 'a new plan needs an instalment');
  const principalOwed = balance.lines.reduce((sum, line) => sum + line.principal - line.principalPaid, 0);
  let principal = 0;
  for (const instalment of instalments) {
    assertPositive(instalment.principal + instalment.interest, 'an instalment');
    if (instalment.principal < 0 || instalment.interest < 0) {
      throw new DomainError('invalid_amount', 'an instalment cannot be negative');
    }
    principal += instalment.principal;
  }
  if (principal !== principalOwed) {
    throw new DomainError(
      'invalid_amount',
      `the new plan carries ${principal}, the order owes ${principalOwed}`,
    );
  }
  const closed = balance.lines.map((line) =>
    lineOutstanding(line) > 0
      ? { ...line, interest: line.interestPaid, principal: line.principalPaid }
      : line,
  );
  const lastSeq = balance.lines.reduce((max, line) => Math.max(max, line.seq), 0);
  const opened = instalments.map((instalment, index) => ({
    seq: lastSeq + index + 1,
    dueDate: instalment.dueDate,
    interest: instalment.interest,
    interestPaid: 0,
    principal: instalment.principal,
    principalPaid: 0,
  }));
  return { ...balance, lines: [...closed, ...opened] };
}

/**
 * The status an order takes once a reversal or restructuring changed what it owes: the one its
 * earliest unpaid instalment's date calls for, in either direction (a reversal may put a settled
 * or repaying order back to overdue; a restructuring moves an overdue one back to repaying). A
 * written-off order stays written off; one owing nothing is settled. A penalty still owed does not
 * keep an order overdue whose instalments are all on time: the new plan is what the borrower is
 * held to, and the penalty is paid first from their next payment (the allocation order).
 */
export function statusByBalance(input: {
  status: OrderStatus;
  dueDate: CalendarDate | null;
  today: CalendarDate;
  dueWindowDays: number;
  penaltyOwed: MinorUnits;
}): OrderStatus {
  if (input.status === OrderStatus.WrittenOff) return input.status;
  if (input.dueDate === null) return input.penaltyOwed > 0 ? OrderStatus.Overdue : OrderStatus.Settled;
  const daysToDue = daysBetween(input.today, input.dueDate);
  if (daysToDue < 0) return OrderStatus.Overdue;
  return daysToDue <= input.dueWindowDays ? OrderStatus.Due : OrderStatus.Repaying;
}

/** Rates per month are per 30 days, as the compliance caps state them. */
const RATE_MONTH_DAYS = 30;

/** What a restructuring proposes: equal instalments every `everyDays` from `firstDue`, charged `monthlyBps`. */
export interface RestructureTerms {
  instalments: number;
  everyDays: number;
  firstDue: CalendarDate;
  /** Interest on the principal still owed, basis points per 30 days, over the new term. */
  monthlyBps: number;
}

/**
 * The new instalments of a restructuring: the principal still owed split evenly (the remainder on
 * the first), and simple interest at `monthlyBps` over the days from `today` to the last due date,
 * split the same way.
 */
export function restructurePlan(input: {
  principalOwed: MinorUnits;
  today: CalendarDate;
  terms: RestructureTerms;
}): NewInstalment[] {
  const { terms } = input;
  if (!Number.isSafeInteger(terms.instalments) || terms.instalments < 1 || terms.instalments > 24) {
    throw new DomainError('invalid_argument', 'a new plan has 1 to 24 instalments');
  }
  if (!Number.isSafeInteger(terms.everyDays) || terms.everyDays < 1 || terms.everyDays > 62) {
    throw new DomainError('invalid_argument', 'instalments fall 1 to 62 days apart');
  }
  if (!Number.isSafeInteger(terms.monthlyBps) || terms.monthlyBps < 0 || terms.monthlyBps > 10_000) {
    throw new DomainError('invalid_argument', 'the rate is 0% to 100% a month');
  }
  if (daysBetween(input.today, terms.firstDue) < 1) {
    throw new DomainError('invalid_argument', 'the first new instalment falls after today');
  }
  assertPositive(input.principalOwed, 'principal owed');
  const dueDates = Array.from({ length: terms.instalments }, (_, index) =>
    addDays(terms.firstDue, index * terms.everyDays),
  );
  const termDays = daysBetween(input.today, dueDates.at(-1)!);
  const interest = mulDivHalfUp(input.principalOwed, terms.monthlyBps * termDays, 10_000 * RATE_MONTH_DAYS);
  const principals = splitHalfUp(input.principalOwed, terms.instalments);
  const charges = splitHalfUp(interest, terms.instalments);
  return dueDates.map((dueDate, index) => ({
    dueDate,
    principal: principals[index]!,
    interest: charges[index]!,
  }));
}

/**
 * Each cap a restructured plan breaks under a compliance profile: its interest against the nominal
 * cap over its term, its effective rate (the principal still owed as proceeds today, the new
 * instalments as payments), and the loan's cost over its whole life — every charge its plan lines
 * carried before, the penalty accrued, and the new charges — against the total-cost cap on the
 * original principal. A restructuring must not become the way around the caps.
 */
export function restructureBreaches(
  profile: ComplianceProfile,
  input: {
    today: CalendarDate;
    originalPrincipal: MinorUnits;
    principalOwed: MinorUnits;
    /** Charges the loan carried before (paid or not, on lines kept), penalties and extension fees. */
    costSoFar: MinorUnits;
    instalments: readonly NewInstalment[];
  },
): CapBreach[] {
  const { caps } = profile;
  const last = input.instalments.at(-1)!.dueDate;
  const termDays = Math.max(1, daysBetween(input.today, last));
  const offer = { principal: input.principalOwed, termDays };
  const charges = input.instalments.reduce((sum, instalment) => sum + instalment.interest, 0);
  const breaches: CapBreach[] = [];
  const interestCap = mulDivHalfUp(
    input.principalOwed,
    caps.nominalMonthlyBps * termDays,
    10_000 * RATE_MONTH_DAYS,
  );
  if (charges > interestCap) {
    breaches.push({
      cap: 'nominalRate',
      figureBps: (charges * 10_000 * RATE_MONTH_DAYS) / (input.principalOwed * termDays),
      limitBps: caps.nominalMonthlyBps,
      offer,
    });
  }
  const eir = effectiveRate({
    netProceeds: input.principalOwed,
    disbursedOn: input.today,
    payments: input.instalments.map((instalment) => ({
      dueDate: instalment.dueDate,
      amount: instalment.principal + instalment.interest,
    })),
  }).monthly;
  if (eir * 10_000 > caps.effectiveMonthlyBps + 1e-6) {
    breaches.push({
      cap: 'effectiveRate',
      figureBps: eir * 10_000,
      limitBps: caps.effectiveMonthlyBps,
      offer,
    });
  }
  const totalCostBps = ((input.costSoFar + charges) * 10_000) / input.originalPrincipal;
  if (totalCostBps > caps.totalCostPercent * 100) {
    breaches.push({
      cap: 'totalCost',
      figureBps: totalCostBps,
      limitBps: caps.totalCostPercent * 100,
      offer,
    });
  }
  return breaches;
}
