import type { ChangeEvent, ComponentPropsWithRef, HTMLAttributes } from 'react';
import { formatWithCaret } from '../lib/input-format.ts';
import type { Formatter } from '../lib/input-format.ts';

export interface FormattedInputProps extends Omit<
  ComponentPropsWithRef<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'maxLength' | 'inputMode'
> {
  value: string;
  /** Receives the formatted text; strip it (e.g. `stripNonDigits`) before sending it anywhere. */
  onValueChange: (value: string) => void;
  format: Formatter;
  /**
   * Keyboard to show. `numeric` (the default) is the digit keypad for phone, card and whole
   * amounts; use `decimal` for money with decimals, as iOS's numeric keypad has no point.
   */
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /**
   * Longest formatted text, separators included. Enforced here rather than as the `maxlength`
   * attribute, because the browser would cut a paste such as "+63 917-123 4567" before the
   * formatter could read it.
   */
  maxLength?: number;
}

/** A controlled `<input>` that formats as the user types or pastes, keeping the caret where they were. */
export function FormattedInput({
  value,
  onValueChange,
  format,
  inputMode = 'numeric',
  maxLength,
  type = 'text',
  ...rest
}: FormattedInputProps) {
  const formatLimited: Formatter = (raw) => limit(format(raw), maxLength);
  const shown = formatLimited(value);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const deletedBackward = (event.nativeEvent as Partial<InputEvent>).inputType === 'deleteContentBackward';
    const result = formatWithCaret(
      input.value,
      input.selectionStart ?? input.value.length,
      formatLimited,
      deletedBackward ? shown : undefined,
    );
    // Written to the DOM now, so React's re-render finds it unchanged and leaves the caret alone.
    input.value = result.value;
    if (input.ownerDocument.activeElement === input) input.setSelectionRange(result.caret, result.caret);
    if (result.value !== shown) onValueChange(result.value);
  }

  return <input {...rest} type={type} inputMode={inputMode} value={shown} onChange={handleChange} />;
}

function limit(text: string, maxLength: number | undefined): string {
  if (maxLength === undefined || text.length <= maxLength) return text;
  // Do not leave a dangling separator where the cut fell.
  return text.slice(0, maxLength).replace(/[^\p{L}\p{N}.]+$/u, '');
}
