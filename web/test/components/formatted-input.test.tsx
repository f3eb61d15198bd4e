import { useState } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FormattedInput } from '../../src/components/formatted-input.tsx';
import type { FormattedInputProps } from '../../src/components/formatted-input.tsx';
import { formatBankCard, formatMoney, formatPhone, PHONE_FORMAT_PH } from '../../src/lib/input-format.ts';

afterEach(cleanup);

function Field(
  props: Omit<FormattedInputProps, 'value' | 'onValueChange'> & {
    initial?: string;
    onSeen?: (v: string) => void;
  },
) {
  const { initial = '', onSeen, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <FormattedInput
      aria-label="field"
      {...rest}
      value={value}
      onValueChange={(next) => {
        onSeen?.(next);
        setValue(next);
      }}
    />
  );
}

const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

// What the browser does on a keystroke or paste: new text, caret after it, then an input event.
function edit(input: HTMLInputElement, text: string, caret = text.length, inputType = 'insertText') {
  input.focus();
  valueSetter?.call(input, text);
  input.setSelectionRange(caret, caret);
  fireEvent.input(input, { inputType });
}

function field() {
  return screen.getByRole<HTMLInputElement>('textbox', { name: 'field' });
}

test('formats a paste of an international PH number and asks for the digit keypad', () => {
  const seen = vi.fn();
  render(<Field format={(raw) => formatPhone(raw, PHONE_FORMAT_PH)} onSeen={seen} />);
  const input = field();

  edit(input, '+63 917-123 4567');

  expect(input.value).toBe('0917 123 4567');
  expect(input.inputMode).toBe('numeric');
  expect(input.selectionStart).toBe(13);
  expect(seen).toHaveBeenLastCalledWith('0917 123 4567');
  // No maxlength attribute: it would have cut the paste before formatting.
  expect(input.hasAttribute('maxlength')).toBe(false);
});

test('typing a letter changes nothing and keeps the caret in place', () => {
  const seen = vi.fn();
  render(<Field format={(raw) => formatPhone(raw)} initial="138 1234" onSeen={seen} />);
  const input = field();

  edit(input, '13x8 1234', 3);

  expect(input.value).toBe('138 1234');
  expect(input.selectionStart).toBe(2);
  expect(seen).not.toHaveBeenCalled();
});

test('keeps the caret after a digit typed in the middle', () => {
  render(<Field format={(raw) => formatBankCard(raw)} initial="1234 5678" />);
  const input = field();

  edit(input, '12349 5678', 5);

  expect(input.value).toBe('1234 9567 8');
  expect(input.selectionStart).toBe(6);
});

test('backspace just after a separator deletes the digit before it', () => {
  render(<Field format={(raw) => formatPhone(raw)} initial="138 1234" />);
  const input = field();

  edit(input, '1381234', 3, 'deleteContentBackward');

  expect(input.value).toBe('131 234');
  expect(input.selectionStart).toBe(2);
});

test('maxLength limits the formatted text without leaving a trailing separator', () => {
  render(<Field format={(raw) => formatBankCard(raw)} maxLength={10} />);
  const input = field();

  edit(input, '1234567890123');

  expect(input.value).toBe('1234 5678');
});

test('money input takes the keypad it is given and honours its own maximum', () => {
  render(<Field format={(raw) => formatMoney(raw, { maxLength: 7 })} inputMode="decimal" />);
  const input = field();

  edit(input, '12345.678');

  expect(input.value).toBe('12345.6');
  expect(input.inputMode).toBe('decimal');
});

test('shows an unformatted initial value formatted', () => {
  render(<Field format={(raw) => formatPhone(raw, PHONE_FORMAT_PH)} initial="09171234567" />);
  expect(field().value).toBe('0917 123 4567');
});
