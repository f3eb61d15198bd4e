import { describe, expect, it } from 'vitest';
import { formatMoney } from '@kwarta/domain/money';
import { isValidPhone, marketFor, marketIds, markets, phoneLength, type MarketId } from '../src/markets.ts';

describe('markets (D5)', () => {
  it.each([
    ['spec', '13912345678', true],
    ['spec', '19912345678', true],
    ['spec', '12912345678', false],
    ['spec', '1391234567', false],
    ['spec', '139123456789', false],
    ['PH', '09171234567', true],
    ['PH', '08171234567', false],
    ['PH', '9171234567', false],
    ['IN', '9876543210', true],
    ['IN', '5876543210', false],
  ] as const)('%s: %s is %s', (id, phone, valid) => {
    expect(isValidPhone(phone, markets[id])).toBe(valid);
  });

  it('groups add up to the rule length (spec 3-4-4, PH 4-3-4)', () => {
    expect(markets.spec.phone.groups).toEqual([3, 4, 4]);
    expect(markets.PH.phone.groups).toEqual([4, 3, 4]);
    expect(phoneLength(markets.spec.phone)).toBe(11);
    expect(phoneLength(markets.PH.phone)).toBe(11);
    expect(phoneLength(markets.IN.phone)).toBe(10);
  });

  it('falls back to the default market, the Philippines, for an unknown or missing id', () => {
    expect(marketFor('spec')).toBe(markets.spec);
    expect(marketFor('toString')).toBe(markets.PH);
    expect(marketFor(undefined)).toBe(markets.PH);
    expect(marketFor('default')).toBe(markets.PH);
  });

  it("ticks the agreement box in the spec's market only: elsewhere consent is given, not presumed", () => {
    expect(markets.spec.agreementPreticked).toBe(true);
    expect(markets.PH.agreementPreticked).toBe(false);
    expect(markets.IN.agreementPreticked).toBe(false);
  });
});

describe('amounts per market (formatMoney with the market’s style)', () => {
  const cases: Record<MarketId, [number, string][]> = {
    spec: [
      [0, '₱0,00'],
      [800_000, '₱8.000,00'],
      [123_456, '₱1.234,56'],
      [-123_456, '-₱1.234,56'],
      [99, '₱0,99'],
      [123_456_789_012, '₱1.234.567.890,12'],
      [Number.MAX_SAFE_INTEGER, '₱90.071.992.547.409,91'],
    ],
    PH: [
      [0, '₱0.00'],
      [800_000, '₱8,000.00'],
      [123_456, '₱1,234.56'],
      [-123_456, '-₱1,234.56'],
      [99, '₱0.99'],
      [123_456_789_012, '₱1,234,567,890.12'],
      [Number.MAX_SAFE_INTEGER, '₱90,071,992,547,409.91'],
    ],
    IN: [
      [0, '₹0.00'],
      [800_000, '₹8,000.00'],
      [123_456, '₹1,234.56'],
      [-123_456, '-₹1,234.56'],
      [99, '₹0.99'],
      [123_456_789_012, '₹1,23,45,67,890.12'],
      [Number.MAX_SAFE_INTEGER, '₹9,00,71,99,25,47,409.91'],
    ],
  };

  for (const id of marketIds) {
    it.each(cases[id])(`${id}: %d → %s`, (minor, text) => {
      expect(formatMoney(minor, markets[id].money)).toBe(text);
    });
  }

  it('keeps the spec’s rule that system=1 means the rupee in every market', () => {
    expect(formatMoney(800_000, markets.spec.money, 1)).toBe('₹8.000,00');
    expect(formatMoney(800_000, markets.PH.money, '1')).toBe('₹8,000.00');
    expect(formatMoney(800_000, markets.IN.money, 0)).toBe('₹8,000.00');
  });

  it('never uses one mark for both grouping and decimals', () => {
    for (const id of marketIds) {
      expect(markets[id].money.groupSeparator).not.toBe(markets[id].money.decimalMark);
    }
  });
});
