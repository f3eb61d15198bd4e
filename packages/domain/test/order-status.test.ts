import { describe, it, expect } from 'vitest';
import {
  OrderStatus,
  canTransition,
  isFinalStatus,
  isOrderStatus,
  nextStatusByDate,
  orderStatuses,
  statusAfterRepayment,
  orderTransitions,
} from '../src/order-status.ts';
import type { TransitionTrigger } from '../src/order-status.ts';
import { DomainError } from '../src/errors.ts';

const { UnderReview, Rejected, Approved, Repaying, Due, Overdue, WrittenOff, Settled } = OrderStatus;

describe('OrderStatus', () => {
  it('uses the spec codes', () => {
    expect(orderStatuses).toEqual([21, 110, 151, 170, 174, 180, 190, 200]);
  });

  it.each([
    [21, true],
    [200, true],
    [0, false],
    [175, false],
    ['170', false],
    [null, false],
  ])('isOrderStatus(%j) → %s', (value, expected) => {
    expect(isOrderStatus(value)).toBe(expected);
  });
});

describe('canTransition', () => {
  const allowed: [number, number, TransitionTrigger[]][] = [
    [UnderReview, Approved, ['operator']],
    [UnderReview, Rejected, ['operator']],
    [Approved, Repaying, ['operator']],
    [Repaying, Settled, ['repayment', 'restructure']],
    [Due, Settled, ['repayment', 'restructure']],
    [Overdue, Settled, ['repayment', 'restructure']],
    // Back, paid for: an extension moves the date, a repayment pays what was due; or the lender's
    // waiver or new plan changed what is due (decision 0110).
    [Due, Repaying, ['extension', 'repayment', 'restructure']],
    [Overdue, Repaying, ['extension', 'repayment', 'restructure']],
    [Overdue, Due, ['repayment', 'restructure']],
    // Forward again when a payment is taken back (decision 0110).
    [Settled, Repaying, ['reversal']],
    [Settled, Due, ['reversal']],
    [Settled, Overdue, ['reversal']],
    [Settled, WrittenOff, ['reversal']],
    [Repaying, Due, ['schedule', 'reversal']],
    [Due, Overdue, ['schedule', 'reversal']],
    [Repaying, Overdue, ['schedule', 'reversal']],
    [Repaying, WrittenOff, ['write-off']],
    [Due, WrittenOff, ['write-off']],
    [Overdue, WrittenOff, ['write-off']],
    [WrittenOff, Settled, ['repayment']],
  ];

  it('allows exactly the moves of DESIGN D2', () => {
    const key = (from: number, to: number): string => `${from}->${to}`;
    const expected = new Set(allowed.map(([from, to]) => key(from, to)));
    for (const from of orderStatuses) {
      for (const to of orderStatuses) {
        expect(canTransition(from, to), key(from, to)).toBe(expected.has(key(from, to)));
      }
    }
    expect(orderTransitions).toHaveLength(allowed.reduce((sum, [, , by]) => sum + by.length, 0));
  });

  it.each(allowed)('%d → %d only by %s', (from, to, by) => {
    const triggers: TransitionTrigger[] = [
      'operator',
      'schedule',
      'repayment',
      'extension',
      'write-off',
      'reversal',
      'restructure',
    ];
    for (const trigger of triggers) {
      expect(canTransition(from as OrderStatus, to as OrderStatus, trigger)).toBe(by.includes(trigger));
    }
  });

  it('never leaves a rejected or settled order, and never stays put', () => {
    expect(isFinalStatus(Rejected)).toBe(true);
    expect(isFinalStatus(Settled)).toBe(true);
    expect(isFinalStatus(Overdue)).toBe(false);
    // A written-off loan stays open: the borrower may still repay it, and borrows nothing new meanwhile.
    expect(isFinalStatus(WrittenOff)).toBe(false);
    for (const status of orderStatuses) expect(canTransition(status, status)).toBe(false);
  });

  it('does not let an operator skip disbursement or the clock settle a loan', () => {
    expect(canTransition(UnderReview, Repaying)).toBe(false);
    expect(canTransition(Approved, Settled)).toBe(false);
    expect(canTransition(Repaying, Settled, 'schedule')).toBe(false);
    expect(canTransition(Overdue, Due, 'schedule')).toBe(false);
    expect(canTransition(Repaying, Repaying, 'extension')).toBe(false);
  });
});

describe('nextStatusByDate', () => {
  const dueDate = '2025-06-15';
  const at = (status: OrderStatus, today: string, dueWindowDays = 3) =>
    nextStatusByDate({ status, dueDate, today, dueWindowDays });

  it.each([
    ['2025-06-11', Repaying], // 4 days before: outside a 3-day window
    ['2025-06-12', Due], // 3 days before: window opens
    ['2025-06-14', Due],
    ['2025-06-15', Due], // the due date itself is still due, not overdue
    ['2025-06-16', Overdue], // the day after
    ['2025-09-01', Overdue],
  ])('from 170 on %s → %d', (today, expected) => {
    expect(at(Repaying, today)).toBe(expected);
  });

  it('with a zero-day window, 174 lasts only the due date', () => {
    expect(at(Repaying, '2025-06-14', 0)).toBe(Repaying);
    expect(at(Repaying, '2025-06-15', 0)).toBe(Due);
    expect(at(Repaying, '2025-06-16', 0)).toBe(Overdue);
  });

  it('moves 174 to 180 after the due date', () => {
    expect(at(Due, '2025-06-15')).toBe(Due);
    expect(at(Due, '2025-06-16')).toBe(Overdue);
  });

  it('never moves backwards by the clock (that takes an extension)', () => {
    expect(at(Due, '2025-06-01')).toBe(Due);
    expect(at(Overdue, '2025-06-01')).toBe(Overdue);
    expect(at(Overdue, '2025-06-14')).toBe(Overdue);
  });

  it('every move it makes is an allowed scheduled transition', () => {
    for (const status of [Repaying, Due, Overdue] as const) {
      for (const today of ['2025-06-01', '2025-06-13', '2025-06-15', '2025-06-16', '2025-12-31']) {
        const next = at(status, today);
        if (next !== status) expect(canTransition(status, next, 'schedule')).toBe(true);
      }
    }
  });

  it.each([UnderReview, Rejected, Approved, Settled])('leaves %d alone', (status) => {
    expect(at(status, '2025-07-01')).toBe(status);
  });

  it('refuses a negative or fractional window and bad dates', () => {
    expect(() => at(Repaying, '2025-06-01', -1)).toThrow(DomainError);
    expect(() => at(Repaying, '2025-06-01', 1.5)).toThrow(DomainError);
    expect(() => at(Repaying, '2025-06-31')).toThrow(DomainError);
  });
});

describe('statusAfterRepayment', () => {
  // The earliest unpaid instalment, once the repayment is applied, falls due on 2025-06-15.
  const after = (status: OrderStatus, today: string, penaltyOwed = 0) =>
    statusAfterRepayment({ status, dueDate: '2025-06-15', today, dueWindowDays: 3, penaltyOwed });

  it('goes back to the status the next date calls for, never forward', () => {
    expect(after(Due, '2025-06-01')).toBe(Repaying);
    expect(after(Overdue, '2025-06-01')).toBe(Repaying);
    expect(after(Overdue, '2025-06-13')).toBe(Due);
    expect(after(Due, '2025-06-13')).toBe(Due);
    // Still overdue by the next date: stays; and a 170 stays 170 whatever the date (the job's business).
    expect(after(Overdue, '2025-06-20')).toBe(Overdue);
    expect(after(Repaying, '2025-06-20')).toBe(Repaying);
  });

  it('keeps an order with penalty still owed where it is, and leaves other statuses alone', () => {
    expect(after(Overdue, '2025-06-01', 1)).toBe(Overdue);
    expect(after(Settled, '2025-06-01')).toBe(Settled);
    expect(after(Approved, '2025-06-01')).toBe(Approved);
  });
});
