import { describe, it, expect } from 'vitest';
import * as domain from '../src/index.ts';

describe('public API', () => {
  it('exposes every module through the package entry', () => {
    for (const name of [
      'formatAmount',
      'formatCount',
      'formatMoney',
      'currencySymbol',
      'toMinorUnits',
      'parseMoney',
      'mulDivHalfUp',
      'splitHalfUp',
      'loanRulesSchema',
      'defaultLoanRules',
      'buildRepaymentSchedule',
      'simpleInterest',
      'latePenalty',
      'countDaysOverdue',
      'canPrepay',
      'OrderStatus',
      'canTransition',
      'nextStatusByDate',
      'addDays',
      'calendarDateAt',
      'DomainError',
    ]) {
      expect(domain, name).toHaveProperty(name);
    }
  });

  it('works end to end: a loan from disbursement to a late penalty', () => {
    const rules = domain.defaultLoanRules;
    const schedule = domain.buildRepaymentSchedule({
      principalMinor: 500_000,
      interestMinor: 45_000,
      periods: 1,
      disbursedOn: '2025-01-10',
      termDays: 91,
      rules,
    });
    const dueDate = schedule.maturityDate;
    expect(domain.formatAmount(schedule.total)).toBe('5450.00');
    expect(
      domain.canPrepay({ disbursedOn: '2025-01-10', today: '2025-02-25', termDays: 91, rules }).allowed,
    ).toBe(true);

    const today = domain.addDays(dueDate, 31);
    expect(
      domain.nextStatusByDate({ status: domain.OrderStatus.Repaying, dueDate, today, dueWindowDays: 3 }),
    ).toBe(180);
    const late = domain.latePenalty({
      unpaidMinor: schedule.total,
      daysOverdue: domain.countDaysOverdue(dueDate, today),
      isRepeatClient: true,
      rules,
    });
    // 800 + 545,000 centavos × (30 × 5% + 4%) = 800 + 8,393.00.
    expect(domain.formatAmount(late.total)).toBe('9193.00');
  });
});
