import { describe, expect, it } from 'vitest';
import { isValidPhone, marketFor, markets, phoneLength } from '../src/markets.ts';

describe('markets (D5)', () => {
  it.each([
    ['default', '13912345678', true],
    ['default', '19912345678', true],
    ['default', '12912345678', false],
    ['default', '1391234567', false],
    ['default', '139123456789', false],
    ['PH', '09171234567', true],
    ['PH', '08171234567', false],
    ['PH', '9171234567', false],
    ['IN', '9876543210', true],
    ['IN', '5876543210', false],
  ] as const)('%s: %s is %s', (id, phone, valid) => {
    expect(isValidPhone(phone, markets[id])).toBe(valid);
  });

  it('groups add up to the rule length (spec 3-4-4, PH 4-3-4)', () => {
    expect(markets.default.phone.groups).toEqual([3, 4, 4]);
    expect(markets.PH.phone.groups).toEqual([4, 3, 4]);
    expect(phoneLength(markets.default.phone)).toBe(11);
    expect(phoneLength(markets.PH.phone)).toBe(11);
    expect(phoneLength(markets.IN.phone)).toBe(10);
  });

  it('falls back to the default market for an unknown or missing id', () => {
    expect(marketFor('PH')).toBe(markets.PH);
    expect(marketFor('toString')).toBe(markets.default);
    expect(marketFor(undefined)).toBe(markets.default);
  });
});
