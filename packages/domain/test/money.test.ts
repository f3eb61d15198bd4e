import { describe, it, expect } from 'vitest';
import {
  applyBps,
  currencySymbol,
  moneyStyleFor,
  formatAmount,
  formatCount,
  formatMoney,
  type MoneyStyle,
  mulDivHalfUp,
  formatPercentBps,
  parseMoney,
  parsePercentBps,
  splitHalfUp,
  toMinorUnits,
} from '../src/money.ts';
import { DomainError } from '../src/errors.ts';
import { randomInt, referenceHalfUp, seededRandom } from './support/prng.ts';

describe('formatAmount', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [99, '0.99'],
    [100, '1.00'],
    [101, '1.01'],
    [123456, '1234.56'],
    [-1234, '-12.34'],
    [-5, '-0.05'],
    [-100, '-1.00'],
    [100_000, '1000.00'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
    [-Number.MAX_SAFE_INTEGER, '-90071992547409.91'],
  ])('%d → %s', (minor, text) => {
    expect(formatAmount(minor)).toBe(text);
  });

  it('prints -0 as 0.00, not -0.00', () => {
    expect(formatAmount(-0)).toBe('0.00');
  });

  it('avoids the binary rounding that toFixed shows', () => {
    // 1.005.toFixed(2) is "1.00" and 10.075 * 100 is not 1007.5: the helper never goes through floats.
    expect(formatAmount(1005)).toBe('10.05');
    expect(formatAmount(100_500)).toBe('1005.00');
    expect(formatAmount(29)).toBe('0.29');
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])('refuses %s', (value) => {
    expect(() => formatAmount(value)).toThrow(DomainError);
  });

  it('round-trips with toMinorUnits for many values', () => {
    const random = seededRandom(42);
    for (let i = 0; i < 2000; i++) {
      const minor = randomInt(random, -10_000_000_000, 10_000_000_000);
      expect(toMinorUnits(formatAmount(minor))).toBe(minor);
    }
  });
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [5, '5'],
    [99, '99'],
    [100, '100'],
    [999, '999'],
    [1000, '1.000'],
    [1234, '1.234'],
    [123456, '123.456'],
    [1234567, '1.234.567'],
    [-1234, '-1.234'],
    [-999, '-999'],
    [Number.MAX_SAFE_INTEGER, '9.007.199.254.740.991'],
  ])('%d → %s', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });

  it('refuses fractions', () => {
    expect(() => formatCount(1.5)).toThrow(DomainError);
  });
});

describe('currencySymbol', () => {
  it.each([
    [1, '₹'],
    ['1', '₹'],
    [0, '₱'],
    ['0', '₱'],
    [undefined, '₱'],
    [null, '₱'],
    [2, '₱'],
    ['', '₱'],
    [' 1', '₱'],
    ['01', '₱'],
    [true, '₱'],
  ])('system %j → %s', (system, symbol) => {
    expect(currencySymbol(system)).toBe(symbol);
  });

  it("falls back to the market's currency, which system=1 still overrides", () => {
    expect(currencySymbol(undefined, 'rupee')).toBe('₹');
    expect(currencySymbol(0, 'rupee')).toBe('₹');
    expect(currencySymbol(1, 'peso')).toBe('₹');
  });
});

describe('moneyStyleFor', () => {
  const spec = { groupSeparator: '.', decimalMark: ',', grouping: 'thousands', currency: 'peso' } as const;

  it('keeps the market style unless system is 1, then only the currency changes', () => {
    expect(moneyStyleFor(spec, undefined)).toBe(spec);
    expect(moneyStyleFor(spec, '2')).toBe(spec);
    expect(moneyStyleFor(spec, '1')).toEqual({ ...spec, currency: 'rupee' });
    expect(moneyStyleFor(spec, 1)).toEqual({ ...spec, currency: 'rupee' });
    expect(formatMoney(306_667, moneyStyleFor(spec, '1'))).toBe('₹3.066,67');
  });

  it('leaves a rupee market in rupees whatever system says', () => {
    const india = { ...spec, currency: 'rupee' } as const;
    expect(moneyStyleFor(india, '0').currency).toBe('rupee');
  });
});

describe('formatMoney', () => {
  // The mechanism with made-up styles; every real market is tested in packages/contract.
  const dotsAndComma: MoneyStyle = {
    groupSeparator: '.',
    decimalMark: ',',
    grouping: 'thousands',
    currency: 'peso',
  };
  const indian: MoneyStyle = { groupSeparator: ',', decimalMark: '.', grouping: 'indian', currency: 'rupee' };
  const spaced: MoneyStyle = {
    groupSeparator: ' ',
    decimalMark: ',',
    grouping: 'thousands',
    currency: 'peso',
  };

  it.each([
    [0, '₱0,00'],
    [5, '₱0,05'],
    [99_999, '₱999,99'],
    [100_000, '₱1.000,00'],
    [123_456_789, '₱1.234.567,89'],
    [-123_456, '-₱1.234,56'],
    [Number.MAX_SAFE_INTEGER, '₱90.071.992.547.409,91'],
  ])('groups in threes: %d → %s', (minor, text) => {
    expect(formatMoney(minor, dotsAndComma)).toBe(text);
  });

  it.each([
    [0, '₹0.00'],
    [99_999, '₹999.99'],
    [100_000, '₹1,000.00'],
    [10_000_000, '₹1,00,000.00'],
    [123_456_789, '₹12,34,567.89'],
    [-1_234_567_800, '-₹1,23,45,678.00'],
  ])('groups the Indian way: %d → %s', (minor, text) => {
    expect(formatMoney(minor, indian)).toBe(text);
  });

  it('groups every safe integer as Intl does for en-US (threes) and en-IN (Indian)', () => {
    const reference = (locale: string, minor: number) =>
      `${new Intl.NumberFormat(locale).format(BigInt(minor) / 100n)}.${String(minor % 100).padStart(2, '0')}`;
    const next = seededRandom(20261124);
    for (let run = 0; run < 2_000; run += 1) {
      // Every length of number, not only the ones a uniform draw favours.
      const digits = randomInt(next, 1, 16);
      const minor = Math.min(Number.MAX_SAFE_INTEGER, Math.floor(next() * 10 ** digits));
      expect(formatMoney(minor, { ...indian, currency: 'peso' })).toBe(`₱${reference('en-IN', minor)}`);
      expect(formatMoney(minor, { ...dotsAndComma, groupSeparator: ',', decimalMark: '.' })).toBe(
        `₱${reference('en-US', minor)}`,
      );
    }
  });

  it('uses any separator the style names', () => {
    expect(formatMoney(123_456_789, spaced)).toBe('₱1 234 567,89');
  });

  it('takes the symbol from system, else from the style', () => {
    expect(formatMoney(123_456, dotsAndComma, 1)).toBe('₹1.234,56');
    expect(formatMoney(123_456, indian, 0)).toBe('₹1,234.56');
  });

  it('never rounds: a value that toFixed would mangle keeps its digits', () => {
    expect(formatMoney(1005, dotsAndComma)).toBe('₱10,05');
    expect(formatMoney(100_500, dotsAndComma)).toBe('₱1.005,00');
  });

  it('prints -0 without a sign and refuses non-integers', () => {
    expect(formatMoney(-0, dotsAndComma)).toBe('₱0,00');
    expect(() => formatMoney(1.5, dotsAndComma)).toThrow(DomainError);
  });
});

describe('toMinorUnits', () => {
  it.each([
    ['1234.5', 123450],
    ['1234.56', 123456],
    ['1234', 123400],
    ['0', 0],
    ['0.05', 5],
    ['0.5', 50],
    ['-12.34', -1234],
    ['-0', 0],
    ['-0.00', 0],
    ['007.10', 710],
    ['  42.1 ', 4210],
    ['90071992547409.91', Number.MAX_SAFE_INTEGER],
  ])('%j → %d', (text, minor) => {
    expect(toMinorUnits(text)).toBe(minor);
  });

  it('never returns -0', () => {
    expect(Object.is(toMinorUnits('-0'), 0)).toBe(true);
  });

  it.each([
    '',
    ' ',
    'abc',
    '12a',
    '1.234',
    '0.001',
    '1,234.50',
    '1.234.567',
    '1e3',
    '.5',
    '5.',
    '+5',
    '--5',
    '- 5',
    'NaN',
    'Infinity',
    '0x10',
    '90071992547409.92',
    '99999999999999999999',
  ])('refuses %j', (text) => {
    expect(toMinorUnits(text)).toBeNull();
  });

  it('refuses non-strings passed from untyped callers', () => {
    expect(toMinorUnits(12 as unknown as string)).toBeNull();
  });
});

describe('mulDivHalfUp', () => {
  it.each([
    [1, 1, 2, 1], // 0.5 → 1
    [1, 1, 3, 0], // 0.333 → 0
    [2, 1, 3, 1], // 0.667 → 1
    [5, 1, 2, 3], // 2.5 → 3
    [7, 1, 2, 4], // 3.5 → 4
    [-1, 1, 2, -1], // -0.5 → -1 (away from zero)
    [-5, 1, 2, -3],
    [1, -1, 2, -1],
    [5, 1, -2, -3],
    [-5, 1, -2, 3],
    [-1, 1, 3, 0],
    [0, 7, 3, 0],
    [10, 500, 10_000, 1], // 0.5 centavo → 1
    [9, 500, 10_000, 0], // 0.45 → 0
    [30, 500, 10_000, 2], // 1.5 → 2
    [149, 1, 100, 1], // 1.49 → 1
    [150, 1, 100, 2],
  ])('%d × %d / %d → %d', (a, num, den, expected) => {
    expect(mulDivHalfUp(a, num, den)).toBe(expected);
  });

  it('keeps precision where a float product would not', () => {
    // 2^53 - 1 times 3 overflows doubles; the exact result of / 3 is the input.
    expect(mulDivHalfUp(Number.MAX_SAFE_INTEGER, 3, 3)).toBe(Number.MAX_SAFE_INTEGER);
    expect(mulDivHalfUp(Number.MAX_SAFE_INTEGER, 10_000, 20_000)).toBe(4503599627370496);
  });

  it('agrees with an independent reference on many non-negative cases', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 5000; i++) {
      const a = randomInt(random, 0, 1_000_000_000);
      const num = randomInt(random, 0, 100_000);
      const den = randomInt(random, 1, 100_000);
      const expected = Number(referenceHalfUp(BigInt(a) * BigInt(num), BigInt(den)));
      expect(mulDivHalfUp(a, num, den)).toBe(expected);
      // Symmetric: negating the input negates the result.
      expect(mulDivHalfUp(-a, num, den)).toBe(expected === 0 ? 0 : -expected);
    }
  });

  it('refuses a zero divisor, non-integers and results beyond the safe range', () => {
    expect(() => mulDivHalfUp(1, 1, 0)).toThrow(DomainError);
    expect(() => mulDivHalfUp(1.5, 1, 1)).toThrow(DomainError);
    expect(() => mulDivHalfUp(Number.MAX_SAFE_INTEGER, 2, 1)).toThrow(DomainError);
  });

  it('applyBps applies basis points half-up', () => {
    expect(applyBps(1_000_000, 500)).toBe(50_000);
    expect(applyBps(10, 500)).toBe(1);
    expect(applyBps(9, 500)).toBe(0);
  });
});

describe('splitHalfUp', () => {
  it.each([
    [100_000, 3, [33_333, 33_333, 33_334]],
    [200, 3, [67, 67, 66]], // 66.67 rounds up; the last line absorbs -1
    [5, 2, [3, 2]], // 2.5 → 3
    [7, 4, [2, 2, 2, 1]],
    [0, 3, [0, 0, 0]],
    [1, 3, [0, 0, 1]],
    [42, 1, [42]],
    // 13 / 8 = 1.625 would round to 2 and overdraw (7 × 2 > 13): the share is rounded down instead.
    [13, 8, [1, 1, 1, 1, 1, 1, 1, 6]],
  ])('%d into %d → %j', (total, parts, lines) => {
    expect(splitHalfUp(total, parts)).toEqual(lines);
  });

  it('always sums exactly and never goes negative', () => {
    const random = seededRandom(99);
    for (let i = 0; i < 3000; i++) {
      const total = randomInt(random, 0, i % 3 === 0 ? 200 : 50_000_000);
      const parts = randomInt(random, 1, 40);
      const lines = splitHalfUp(total, parts);
      expect(lines).toHaveLength(parts);
      expect(lines.reduce((sum, line) => sum + line, 0)).toBe(total);
      expect(lines.every((line) => Number.isSafeInteger(line) && line >= 0)).toBe(true);
      // All but the last are identical.
      expect(new Set(lines.slice(0, -1)).size).toBeLessThanOrEqual(1);
    }
  });

  it('refuses negative totals and non-positive part counts', () => {
    expect(() => splitHalfUp(-1, 2)).toThrow(DomainError);
    expect(() => splitHalfUp(10, 0)).toThrow(DomainError);
    expect(() => splitHalfUp(10, 1.5)).toThrow(DomainError);
  });
});

describe('parseMoney', () => {
  const spec: MoneyStyle = { groupSeparator: '.', decimalMark: ',', grouping: 'thousands', currency: 'peso' };
  const ph: MoneyStyle = { groupSeparator: ',', decimalMark: '.', grouping: 'thousands', currency: 'peso' };
  const india: MoneyStyle = { groupSeparator: ',', decimalMark: '.', grouping: 'indian', currency: 'rupee' };

  it.each([
    [ph, '1500', 150_000],
    [ph, '1,500.50', 150_050],
    [ph, '₱ 1,500', 150_000],
    [ph, '0.5', 50],
    [spec, '1.500,50', 150_050],
    [spec, '₱1.500', 150_000],
    [spec, '1500,5', 150_050],
    [india, '₹12,34,567.89', 123_456_789],
    [ph, '-₱1,234.56', -123_456],
  ])('reads %j %s as %i', (style, text, minor) => {
    expect(parseMoney(text, style)).toBe(minor);
  });

  it.each([
    // A decimal point typed in a comma market is not silently taken as grouping: 1500.50 ≠ 150,050.
    [spec, '1500.50'],
    [spec, '1.50'],
    [ph, '1,50'],
    [ph, '15,00.00'],
    [ph, '1.500,50'],
    [ph, '1.2.3'],
    [ph, ''],
    [ph, 'abc'],
    [ph, '1.505'],
  ])('refuses %j %s', (style, text) => {
    expect(parseMoney(text, style)).toBeNull();
  });

  it('reads back every amount formatMoney prints, in every style', () => {
    const random = seededRandom(20261128);
    for (const style of [spec, ph, india]) {
      for (let i = 0; i < 2000; i++) {
        const minor = randomInt(random, -1e12, 1e12);
        expect(parseMoney(formatMoney(minor, style), style)).toBe(minor);
      }
    }
  });
});

describe('percent in basis points', () => {
  const spec: MoneyStyle = { groupSeparator: '.', decimalMark: ',', grouping: 'thousands', currency: 'peso' };
  const ph: MoneyStyle = { groupSeparator: ',', decimalMark: '.', grouping: 'thousands', currency: 'peso' };

  it('reads a rate as the market writes its decimals, and prints it back without trailing zeros', () => {
    expect(parsePercentBps('0.15%', ph)).toBe(15);
    expect(parsePercentBps('0,15 %', spec)).toBe(15);
    expect(parsePercentBps('4', ph)).toBe(400);
    expect(parsePercentBps('0.155', ph)).toBeNull();
    expect(parsePercentBps('0.15', spec)).toBeNull();
    expect(formatPercentBps(50, ph)).toBe('0.5');
    expect(formatPercentBps(1213, spec)).toBe('12,13');
    expect(formatPercentBps(400, ph)).toBe('4');
    for (const bps of [0, 1, 15, 99, 100, 1213, 10_000]) {
      for (const style of [ph, spec]) expect(parsePercentBps(formatPercentBps(bps, style), style)).toBe(bps);
    }
  });
});
