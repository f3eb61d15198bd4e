import { describe, expect, it } from 'vitest';
import { allocatePayment, extendPlan, quoteExtension, type OrderBalance } from '../src/repayment.ts';
import { DomainError } from '../src/errors.ts';

const balance: OrderBalance = {
  penalty: 10_000,
  penaltyPaid: 0,
  lines: [
    { seq: 2, dueDate: '2027-01-30', interest: 3_000, interestPaid: 0, principal: 50_000, principalPaid: 0 },
    { seq: 1, dueDate: '2026-12-31', interest: 3_000, interestPaid: 0, principal: 50_000, principalPaid: 0 },
  ],
};
const rules = { feeBps: 1_500, days: 7, maxExtensions: 2 };

describe('allocatePayment', () => {
  it('pays the oldest line first: penalty, then its interest, then its principal', () => {
    const result = allocatePayment(balance, 70_000);
    expect(result.allocations).toEqual([
      { component: 'penalty', seq: null, amount: 10_000 },
      { component: 'interest', seq: 1, amount: 3_000 },
      { component: 'principal', seq: 1, amount: 50_000 },
      { component: 'interest', seq: 2, amount: 3_000 },
      { component: 'principal', seq: 2, amount: 4_000 },
    ]);
    expect(result).toMatchObject({ credit: 0, settled: false });
  });

  it('follows a configured order within each line', () => {
    const result = allocatePayment(balance, 60_000, ['principal', 'interest', 'penalty']);
    expect(result.allocations).toEqual([
      { component: 'principal', seq: 1, amount: 50_000 },
      { component: 'interest', seq: 1, amount: 3_000 },
      { component: 'penalty', seq: null, amount: 7_000 },
    ]);
  });

  it('settles on the exact amount and keeps an overpayment as credit', () => {
    expect(allocatePayment(balance, 116_000)).toMatchObject({ credit: 0, settled: true });
    expect(allocatePayment(balance, 116_001)).toMatchObject({ credit: 1, settled: true });
  });

  it('refuses fractions, negatives and an order that misses a component', () => {
    expect(() => allocatePayment(balance, 1.5)).toThrow(DomainError);
    expect(() => allocatePayment(balance, -1)).toThrow(DomainError);
    expect(() => allocatePayment(balance, 1, ['penalty', 'penalty', 'principal'])).toThrow(DomainError);
  });
});

describe('quoteExtension', () => {
  const input = { enabled: true, status: 174, principal: 100_000, extensionsUsed: 0, outstanding: 1, rules };
  it('quotes the fee on the principal and the days added in 170, 174 and 180', () => {
    for (const status of [170, 174, 180]) {
      expect(quoteExtension({ ...input, status })).toEqual({ allowed: true, fee: 15_000, days: 7 });
    }
  });
  it('refuses other statuses, a used-up limit, a product without extensions and a paid order', () => {
    for (const status of [21, 110, 151, 200]) {
      expect(quoteExtension({ ...input, status })).toEqual({ allowed: false, reason: 'status' });
    }
    expect(quoteExtension({ ...input, extensionsUsed: 2 })).toEqual({ allowed: false, reason: 'limit' });
    expect(quoteExtension({ ...input, enabled: false })).toEqual({ allowed: false, reason: 'disabled' });
    expect(quoteExtension({ ...input, outstanding: 0 })).toEqual({ allowed: false, reason: 'nothing_owed' });
  });
});

describe('extendPlan', () => {
  it('moves the open lines only and names the earliest open due date', () => {
    const paidFirst = {
      ...balance,
      lines: balance.lines.map((line) =>
        line.seq === 1 ? { ...line, interestPaid: line.interest, principalPaid: line.principal } : line,
      ),
    };
    const { lines, dueDate } = extendPlan(paidFirst.lines, 7);
    expect(lines.map((line) => [line.seq, line.dueDate])).toEqual([
      [2, '2027-02-06'],
      [1, '2026-12-31'],
    ]);
    expect(dueDate).toBe('2027-02-06');
  });
});
