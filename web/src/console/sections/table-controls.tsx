import { useEffect, useState } from 'react';

/**
 * The console's sortable, filterable tables (decision 0113): one piece for every queue. A view's
 * filters and sort live in the hash's query (`#/orders?status=170&sort=amount&dir=asc`), so a link
 * or a reload shows the same view; the list reads its page from the server with the same fields.
 */

export type SortDir = 'asc' | 'desc';

/** The query part of the console's hash, as a plain record of strings. */
function readHashQuery(): Record<string, string> {
  const hash = typeof location === 'undefined' ? '' : location.hash;
  const at = hash.indexOf('?');
  return at < 0 ? {} : Object.fromEntries(new URLSearchParams(hash.slice(at + 1)));
}

/**
 * The view's fields, with their defaults where the hash says nothing, and a setter that writes the
 * fields that differ from their defaults back into the hash (an entry in the history, so Back
 * returns to the previous view).
 */
export function useHashQuery<Fields extends Record<string, string>>(defaults: Fields) {
  const [query, setQuery] = useState(readHashQuery);
  useEffect(() => {
    const update = () => setQuery(readHashQuery());
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  const fields = Object.fromEntries(
    Object.entries(defaults).map(([name, fallback]) => [name, query[name] ?? fallback]),
  ) as Fields;
  function change(next: Partial<Fields>) {
    const merged = { ...fields, ...next };
    const kept = Object.entries(merged).filter(([name, value]) => value !== defaults[name]);
    const path = location.hash.replace(/\?.*$/, '') || '#/';
    const search = new URLSearchParams(kept as [string, string][]).toString();
    location.hash = search ? `${path}?${search}` : path;
  }
  return [fields, change] as const;
}

/** A field of the address as one of the values a list knows; anything else (a typo, an old link) is the default. */
export function oneOf<T extends string>(value: string, known: readonly T[], fallback: T): T {
  return (known as readonly string[]).includes(value) ? (value as T) : fallback;
}

const directions = ['asc', 'desc'] as const;

/** The sort direction named in the address, or the list's default. */
export const sortDir = (value: string, fallback: SortDir): SortDir => oneOf(value, directions, fallback);

/**
 * A column header that sorts its table: a button inside the header, and aria-sort on the header
 * while the table is sorted by it. A first press sorts by the column's natural direction; the next
 * reverses it.
 */
export function SortHeader({
  label,
  column,
  sort,
  dir,
  first = 'asc',
  onSort,
  className,
}: {
  label: string;
  column: string;
  /** The column the table is sorted by now, and its direction. */
  sort: string;
  dir: SortDir;
  first?: SortDir;
  onSort: (column: string, dir: SortDir) => void;
  className?: string;
}) {
  const active = sort === column;
  const next: SortDir = active ? (dir === 'asc' ? 'desc' : 'asc') : first;
  return (
    <th
      scope="col"
      className={className}
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button type="button" className="sort" onClick={() => onSort(column, next)}>
        {label}
        <span aria-hidden="true">{active ? (dir === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </button>
    </th>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

/** A filter over values the list knows (never free text): a labelled select, "All" being no filter. */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  allLabel = 'All',
}: {
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
  allLabel?: string;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
