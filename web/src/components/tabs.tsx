import { useId, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface TabsProps {
  tabs: readonly { key: string; title: ReactNode }[];
  selected: string;
  onSelect: (key: string) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}

/** WAI-ARIA tabs: arrow keys move between tabs, the panel is labelled by its tab. */
export function Tabs({ tabs, selected, onSelect, children }: TabsProps) {
  const id = useId();
  function handleKey(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = tabs.findIndex((tab) => tab.key === selected);
    const next = tabs[(index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    if (!next) return;
    onSelect(next.key);
    event.currentTarget.querySelector<HTMLElement>(`[data-tab="${next.key}"]`)?.focus();
  }
  return (
    <div className="kw-tabs">
      <div className="kw-tabs__list" role="tablist" onKeyDown={handleKey}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            id={`${id}-${tab.key}`}
            type="button"
            role="tab"
            data-tab={tab.key}
            aria-selected={tab.key === selected}
            aria-controls={`${id}-panel`}
            tabIndex={tab.key === selected ? 0 : -1}
            className="kw-tabs__tab"
            onClick={() => onSelect(tab.key)}
          >
            {tab.title}
          </button>
        ))}
      </div>
      <div
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-${selected}`}
        className="kw-tabs__panel"
      >
        {children}
      </div>
    </div>
  );
}
