import { describe, expect, test } from 'vitest';
import { money, moneyWhole } from '../../src/console/format.ts';

describe('console money on a chart axis', () => {
  test('reads as pesos in whole units in the market style, never as a percentage', () => {
    // ₱15,000 (PH) or ₱15.000 (the spec's market): grouped, no decimals, no percent sign.
    expect(moneyWhole(1_500_000)).toMatch(/^₱15[.,]000$/);
    expect(moneyWhole(1_500_049)).toBe(moneyWhole(1_500_000));
    expect(money(1_500_000).startsWith(moneyWhole(1_500_000))).toBe(true);
    expect(moneyWhole(0)).toBe('₱0');
  });
});
