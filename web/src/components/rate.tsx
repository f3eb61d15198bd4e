import './rate.css';

export interface RateProps {
  value: number;
  onChange: (value: number) => void;
  /** Accessible name of the group, e.g. "Rating". */
  label: string;
  count?: number;
}

/** Star rating as a radio group: each star is a radio, so screen readers and keyboards work as usual. */
export function Rate({ value, onChange, label, count = 5 }: RateProps) {
  return (
    <div className="kw-rate" role="radiogroup" aria-label={label}>
      {Array.from({ length: count }, (_, index) => {
        const star = index + 1;
        return (
          <button
            key={star}
            type="button"
            role="radio"
            aria-checked={value === star}
            aria-label={`${star} / ${count}`}
            className={star <= value ? 'kw-rate__star kw-rate__star--on' : 'kw-rate__star'}
            onClick={() => onChange(star)}
          >
            <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
              <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
            </svg>
          </button>
        );
      })}
    </div>
  );
}
