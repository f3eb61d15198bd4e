import { describe, expect, test } from 'vitest';
import {
  digitsOnly,
  formatBankCard,
  formatMoney,
  formatPhone,
  formatWithCaret,
  groupDigits,
  PHONE_FORMAT_PH,
  stripNonDigits,
} from '../../src/lib/input-format.ts';

describe('stripNonDigits / digitsOnly', () => {
  test('keeps digits only', () => {
    expect(stripNonDigits('+63 917-123 4567')).toBe('639171234567');
    expect(stripNonDigits('abc')).toBe('');
    expect(stripNonDigits('１２3')).toBe('3'); // full-width digits are not ASCII digits the server accepts
  });

  test('digitsOnly caps the length', () => {
    expect(digitsOnly('12a34b56', 4)).toBe('1234');
    expect(digitsOnly('12a34b56')).toBe('123456');
  });
});

describe('groupDigits', () => {
  test('groups by the sizes given and repeats the last size', () => {
    expect(groupDigits('13812345678', [3, 4, 4])).toBe('138 1234 5678');
    expect(groupDigits('1234567890123', [4])).toBe('1234 5678 9012 3');
    expect(groupDigits('12345', [2, 1], '-')).toBe('12-3-4-5');
  });

  test('leaves partial input partial and empty input empty', () => {
    expect(groupDigits('1381', [3, 4, 4])).toBe('138 1');
    expect(groupDigits('', [3, 4, 4])).toBe('');
  });
});

describe('formatPhone', () => {
  test('spec market: 11 digits grouped 3-4-4', () => {
    expect(formatPhone('13812345678')).toBe('138 1234 5678');
    expect(formatPhone('138')).toBe('138');
    expect(formatPhone('1381')).toBe('138 1');
  });

  test('drops letters and symbols', () => {
    expect(formatPhone('13a8b1-2(3)4')).toBe('138 1234');
    expect(formatPhone('phone')).toBe('');
  });

  test('cuts overlong input at the market length', () => {
    expect(formatPhone('1381234567899999')).toBe('138 1234 5678');
  });

  test('takes grouping as a parameter', () => {
    expect(formatPhone('09171234567', [4, 3, 4])).toBe('0917 123 4567');
    expect(formatPhone('9876543210123', [5, 5])).toBe('98765 43210');
  });

  test('PH preset groups 4-3-4', () => {
    expect(formatPhone('09171234567', PHONE_FORMAT_PH)).toBe('0917 123 4567');
  });

  test('PH preset turns a pasted international number into the national one', () => {
    expect(formatPhone('+63 917-123 4567', PHONE_FORMAT_PH)).toBe('0917 123 4567');
    expect(formatPhone('639171234567', PHONE_FORMAT_PH)).toBe('0917 123 4567');
    expect(formatPhone('+63 0917 123 4567', PHONE_FORMAT_PH)).toBe('0917 123 4567');
  });

  test('bare grouping knows no country code, so the paste is just cut', () => {
    expect(formatPhone('+63 917-123 4567', [4, 3, 4])).toBe('6391 712 3456');
  });

  test('spec market recognises +86 only when the number says it is international', () => {
    expect(formatPhone('+86 138 1234 5678')).toBe('138 1234 5678');
    expect(formatPhone('8613812345678')).toBe('138 1234 5678');
    expect(formatPhone('86138123456')).toBe('861 3812 3456');
  });
});

describe('formatBankCard', () => {
  test('groups digits by 4', () => {
    expect(formatBankCard('6222021234567890123')).toBe('6222 0212 3456 7890 123');
    expect(formatBankCard('4111-1111 1111 1111')).toBe('4111 1111 1111 1111');
  });

  test('drops letters and stops at 19 digits or the given maximum', () => {
    expect(formatBankCard('4111x1111')).toBe('4111 1111');
    expect(formatBankCard('1'.repeat(25))).toBe('1111 1111 1111 1111 111');
    expect(formatBankCard('1234567890', 8)).toBe('1234 5678');
  });
});

describe('formatMoney', () => {
  test('keeps digits and one decimal point with up to 2 decimals', () => {
    expect(formatMoney('1500')).toBe('1500');
    expect(formatMoney('1500.')).toBe('1500.');
    expect(formatMoney('1500.5')).toBe('1500.5');
    expect(formatMoney('1500.567')).toBe('1500.56');
    expect(formatMoney('1.2.3')).toBe('1.23');
  });

  test('drops letters, currency signs and pasted grouping commas', () => {
    expect(formatMoney('₱1,500.00')).toBe('1500.00');
    expect(formatMoney('abc')).toBe('');
    expect(formatMoney('12a3')).toBe('123');
  });

  test('normalises leading zeros and a bare point', () => {
    expect(formatMoney('007')).toBe('7');
    expect(formatMoney('0')).toBe('0');
    expect(formatMoney('0.5')).toBe('0.5');
    expect(formatMoney('.5')).toBe('0.5');
  });

  test('honours the maximum length, point included', () => {
    expect(formatMoney('123456789', { maxLength: 6 })).toBe('123456');
    expect(formatMoney('1234.56', { maxLength: 6 })).toBe('1234.5');
  });

  test('whole amounts only when decimals is 0', () => {
    expect(formatMoney('1500.75', { decimals: 0 })).toBe('1500');
  });

  test('is idempotent on its own output', () => {
    for (const value of ['0.5', '1500.00', '7', '1234.'])
      expect(formatMoney(formatMoney(value))).toBe(formatMoney(value));
  });
});

describe('formatWithCaret', () => {
  const phone = (raw: string) => formatPhone(raw);

  test('caret stays at the end while typing past a group boundary', () => {
    expect(formatWithCaret('1381', 4, phone)).toEqual({ value: '138 1', caret: 5 });
  });

  test('caret stays after the inserted digit in the middle', () => {
    // "138 1234" with a 9 typed after "138 1"
    expect(formatWithCaret('138 19234', 6, phone)).toEqual({ value: '138 1923 4', caret: 6 });
  });

  test('a dropped letter does not move the caret forward', () => {
    expect(formatWithCaret('13x8', 3, phone)).toEqual({ value: '138', caret: 2 });
  });

  test('backspace over a separator deletes the digit before it', () => {
    // "138 1234" with the caret after the space; backspace removed only the space
    expect(formatWithCaret('1381234', 3, phone, '138 1234')).toEqual({ value: '131 234', caret: 2 });
  });

  test('a pasted international number lands with the caret at the end', () => {
    const ph = (raw: string) => formatPhone(raw, PHONE_FORMAT_PH);
    expect(formatWithCaret('+63 917-123 4567', 16, ph)).toEqual({ value: '0917 123 4567', caret: 13 });
  });
});
