import { describe, expect, test } from 'vitest';
import { money, moneyWhole, typedAmount, typedPercentBps } from '../../src/console/format.ts';

describe('console money on a chart axis', () => {
  test('reads as pesos in whole units in the market style, never as a percentage', () => {
    // ₱15,000 (PH) or ₱15.000 (the spec's market): grouped, no decimals, no percent sign.
    expect(moneyWhole(1_500_000)).toMatch(/^₱15[.,]000$/);
    expect(moneyWhole(1_500_049)).toBe(moneyWhole(1_500_000));
    expect(money(1_500_000).startsWith(moneyWhole(1_500_000))).toBe(true);
    expect(moneyWhole(0)).toBe('₱0');
  });
});

describe('amounts an operator types', () => {
  test('read in the market style, positive only; what the console prints reads back', () => {
    expect(typedAmount(money(150_050))).toBe(150_050);
    expect(typedAmount('1500')).toBe(150_000);
    expect(typedAmount('0')).toBeNull();
    expect(typedAmount('-5')).toBeNull();
    expect(typedAmount('five')).toBeNull();
  });
});

describe('rates an operator types', () => {
  test('percent in basis points, zero allowed, negative or three decimals refused', () => {
    expect(typedPercentBps('2')).toBe(200);
    expect(typedPercentBps('0')).toBe(0);
    expect(typedPercentBps(' 3 %')).toBe(300);
    expect(typedPercentBps('-1')).toBeNull();
    expect(typedPercentBps('1.255')).toBeNull();
  });
});
