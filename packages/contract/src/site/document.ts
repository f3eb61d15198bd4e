/**
 * A long static text (privacy policy, loan terms, about us, payment guide) as plain data:
 * sections of paragraphs and lists. The words live here, in the contract's catalogue (D13);
 * the web renders any document with one component.
 */
export type DocumentBlock = string | { list: readonly string[] };

export interface DocumentSection {
  heading: string;
  blocks: readonly DocumentBlock[];
}

export interface SiteDocument {
  title: string;
  /** One or two sentences under the title; also the page's meta description. */
  summary: string;
  sections: readonly DocumentSection[];
}

/** "1 day", "3 days". */
export function days(count: number, unit = 'day'): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** Basis points as a percentage without trailing zeros: 500 → "5%", 250 → "2.5%", 5 → "0.05%". */
export function percentFromBps(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const fraction = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}%` : `${whole}%`;
}
