import { messages } from '@kwarta/contract';
import { FormattedInput } from '../../components/formatted-input.tsx';
import { digitsOnly, formatBankCard } from '../../lib/input-format.ts';
import type { BankItem } from './bank-form.ts';

const DAYS = Array.from({ length: 31 }, (_, index) => String(index + 1));

/** One item of the server's form (spec §3): a list for enum, city and day, a text input otherwise. */
export function BankField({
  item,
  value,
  onChange,
}: {
  item: BankItem;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = `bank-${item.code}`;
  const options =
    item.cate === 'day'
      ? DAYS.map((day) => ({ name: day, type: day }))
      : item.cate === 'text'
        ? []
        : item.note;
  return (
    <div className="field">
      <label htmlFor={id}>{item.title}</label>
      {item.cate === 'text' ? (
        item.inputType === 'text' ? (
          <input
            id={id}
            name={item.code}
            value={value}
            placeholder={item.subtitle}
            maxLength={item.maxLength}
            required={item.required === 1}
            onChange={(event) => onChange(event.currentTarget.value)}
          />
        ) : (
          // Numeric items (number, card, phone) keep digits only; card numbers show in groups of 4.
          <FormattedInput
            id={id}
            name={item.code}
            value={value}
            placeholder={item.subtitle}
            required={item.required === 1}
            autoComplete="off"
            format={(raw) =>
              item.inputType === 'card'
                ? formatBankCard(raw, item.maxLength)
                : digitsOnly(raw, item.maxLength)
            }
            onValueChange={onChange}
          />
        )
      ) : (
        <select
          id={id}
          name={item.code}
          value={value}
          required={item.required === 1}
          onChange={(event) => onChange(event.currentTarget.value)}
        >
          {!options.some((option) => option.type === value) && (
            <option value="">{item.subtitle || messages.bankChoose}</option>
          )}
          {options.map((option) => (
            <option key={option.type} value={option.type}>
              {option.name}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}
