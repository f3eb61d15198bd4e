import type { ReactNode } from 'react';
import './checkbox.css';

/** A native checkbox with its label beside it (the whole label toggles it). */
export function Checkbox({
  checked,
  onChange,
  children,
  className,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <label className={className ? `kw-checkbox ${className}` : 'kw-checkbox'}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />
      <span>{children}</span>
    </label>
  );
}
