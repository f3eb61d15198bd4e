import { addDays, compareDates } from './calendar-date.ts';
import type { CalendarDate } from './calendar-date.ts';
import { DomainError } from './errors.ts';
import { applyBps } from './money.ts';
import type { MinorUnits } from './money.ts';
import { OrderStatus } from './order-status.ts';

/** What a payment can pay for. The late penalty is owed by the order, the rest by a plan line. */
export type RepaymentComponent = 'penalty' | 'interest' | 'principal';

/** The order money is applied in, unless a product says otherwise (D3): cost first, principal last. */
export const defaultAllocationOrder: readonly RepaymentComponent[] = Object.freeze([
  'penalty',
  'interest',
  'principal',
]);

export interface PlanLineBalance {
  seq: number;
  dueDate: CalendarDate;
  interest: MinorUnits;
  interestPaid: MinorUnits;
  principal: MinorUnits;
  principalPaid: MinorUnits;
}

/** What an order owes and has paid, component by component. */
export interface OrderBalance {
  /** Late penalty accrued so far. */
  penalty: MinorUnits;
  penaltyPaid: MinorUnits;
  lines: readonly PlanLineBalance[];
}

export interface Allocation {
  component: RepaymentComponent;
  /** The plan line paid; null for the order's penalty. */
  seq: number | null;
  amount: MinorUnits;
}

export interface AllocatedPayment {
  allocations: Allocation[];
  /** What was left once everything owed was paid: the borrower's credit. */
  credit: MinorUnits;
  balance: OrderBalance;
  /** Nothing is owed any more. */
  settled: boolean;
}

function assertAmount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new DomainError('invalid_amount', `${what} must be a non-negative integer, got ${String(value)}`);
  }
}

export function lineOutstanding(line: PlanLineBalance): MinorUnits {
  return line.interest - line.interestPaid + (line.principal - line.principalPaid);
}

/** Everything still owed: unpaid penalty plus every line's unpaid interest and principal. */
export function outstandingAmount(balance: OrderBalance): MinorUnits {
  return balance.lines.reduce(
    (sum, line) => sum + lineOutstanding(line),
    balance.penalty - balance.penaltyPaid,
  );
}

/** Oldest due first; the plan's sequence breaks ties so the order is total. */
function oldestFirst(lines: readonly PlanLineBalance[]): PlanLineBalance[] {
  return [...lines].sort((a, b) => compareDates(a.dueDate, b.dueDate) || a.seq - b.seq);
}

function validateBalance(balance: OrderBalance): void {
  assertAmount(balance.penalty, 'penalty');
  assertAmount(balance.penaltyPaid, 'penaltyPaid');
  if (balance.penaltyPaid > balance.penalty) {
    throw new DomainError('invalid_amount', 'penaltyPaid exceeds penalty');
  }
  for (const line of balance.lines) {
    for (const key of ['interest', 'interestPaid', 'principal', 'principalPaid'] as const) {
      assertAmount(line[key], `line ${line.seq} ${key}`);
    }
    if (line.interestPaid > line.interest || line.principalPaid > line.principal) {
      throw new DomainError('invalid_amount', `line ${line.seq} is paid beyond what it owes`);
    }
  }
}

/**
 * Applies a payment to the plan lines oldest due first, each line component by component in
 * `order` (default penalty → interest → principal), so paying an instalment's amount clears that
 * instalment. Every centavo lands somewhere: on what is owed, or, once nothing is owed, in `credit`.
 */
export function allocatePayment(
  balance: OrderBalance,
  amount: MinorUnits,
  order: readonly RepaymentComponent[] = defaultAllocationOrder,
): AllocatedPayment {
  assertAmount(amount, 'amount');
  validateBalance(balance);
  if (new Set(order).size !== 3 || !defaultAllocationOrder.every((c) => order.includes(c))) {
    throw new DomainError(
      'invalid_argument',
      `allocation order must name each component once: ${order.join()}`,
    );
  }
  let left = amount;
  let penaltyPaid = balance.penaltyPaid;
  const lines = new Map(balance.lines.map((line) => [line.seq, { ...line }]));
  const allocations: Allocation[] = [];
  const payPenalty = () => {
    const take = Math.min(left, balance.penalty - penaltyPaid);
    if (take > 0) {
      penaltyPaid += take;
      left -= take;
      allocations.push({ component: 'penalty', seq: null, amount: take });
    }
  };
  // Instalment by instalment, oldest first, each in the configured order. The penalty belongs to
  // the order but arises from its oldest open instalment, so it takes its place there.
  for (const line of oldestFirst([...lines.values()])) {
    const current = lines.get(line.seq)!;
    for (const component of order) {
      if (left === 0) break;
      if (component === 'penalty') {
        payPenalty();
        continue;
      }
      const owed =
        component === 'interest'
          ? current.interest - current.interestPaid
          : current.principal - current.principalPaid;
      const take = Math.min(left, owed);
      if (take === 0) continue;
      if (component === 'interest') current.interestPaid += take;
      else current.principalPaid += take;
      left -= take;
      allocations.push({ component, seq: line.seq, amount: take });
    }
  }
  payPenalty();
  const after: OrderBalance = {
    penalty: balance.penalty,
    penaltyPaid,
    lines: balance.lines.map((line) => lines.get(line.seq)!),
  };
  return { allocations, credit: left, balance: after, settled: outstandingAmount(after) === 0 };
}

/** A product's extension (rollover) terms (D2): stored with the product, not literals in code. */
export interface ExtensionRules {
  /** The fee, in basis points of the principal. */
  feeBps: number;
  /** Calendar days each extension adds to every open plan line. */
  days: number;
  /** How many times one order may be extended. */
  maxExtensions: number;
}

export const extensionStatuses: readonly OrderStatus[] = Object.freeze([
  OrderStatus.Repaying,
  OrderStatus.Due,
  OrderStatus.Overdue,
]);

export type ExtensionRefusal = 'status' | 'limit' | 'disabled' | 'nothing_owed';

export type ExtensionQuote =
  { allowed: true; fee: MinorUnits; days: number } | { allowed: false; reason: ExtensionRefusal };

/** Whether an order may be extended now and what it costs: only 170/174/180, within the limit. */
export function quoteExtension(input: {
  enabled: boolean;
  status: number;
  principal: MinorUnits;
  extensionsUsed: number;
  outstanding: MinorUnits;
  rules: ExtensionRules;
}): ExtensionQuote {
  const { rules } = input;
  if (!Number.isSafeInteger(rules.days) || rules.days < 1) {
    throw new DomainError('invalid_argument', `extension days must be ≥ 1, got ${String(rules.days)}`);
  }
  if (!input.enabled || rules.maxExtensions < 1) return { allowed: false, reason: 'disabled' };
  if (!(extensionStatuses as readonly number[]).includes(input.status)) {
    return { allowed: false, reason: 'status' };
  }
  if (input.outstanding <= 0) return { allowed: false, reason: 'nothing_owed' };
  if (input.extensionsUsed >= rules.maxExtensions) return { allowed: false, reason: 'limit' };
  return { allowed: true, fee: applyBps(input.principal, rules.feeBps), days: rules.days };
}

/**
 * A paid extension moves every plan line still owing by `days`; paid lines keep their dates.
 * The order's new due date is the earliest open line's.
 */
export function extendPlan<L extends PlanLineBalance>(
  lines: readonly L[],
  days: number,
): { lines: L[]; dueDate: CalendarDate | null } {
  const moved = lines.map((line) =>
    lineOutstanding(line) > 0 ? { ...line, dueDate: addDays(line.dueDate, days) } : line,
  );
  const open = oldestFirst(moved.filter((line) => lineOutstanding(line) > 0));
  return { lines: moved, dueDate: open[0]?.dueDate ?? null };
}

/** The due date of the earliest line still owing, null once everything is paid. */
export function nextDueDate(lines: readonly PlanLineBalance[]): CalendarDate | null {
  return oldestFirst(lines.filter((line) => lineOutstanding(line) > 0))[0]?.dueDate ?? null;
}
