/**
 * The repayment info a repayment page saves for /repaymentOfCode2 (spec §2: "reads saved
 * repayment info from local storage"): the pay-code card and the total to pay.
 */
export interface SavedRepaymentInfo {
  /** repayAmount, or the delay amount on the extension page; centavos. */
  total: number;
  defDetail: {
    logo: string;
    title: string;
    payCode: string;
    payNotice: Record<string, { name: string; steps: string[] }[]>;
  } | null;
}

const KEY = 'kw:repayment-info';

export function saveRepaymentInfo(info: SavedRepaymentInfo): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(info));
  } catch {
    // Private mode or a full store: the second code page then shows its empty state.
  }
}

export function readRepaymentInfo(): SavedRepaymentInfo | null {
  try {
    const text = localStorage.getItem(KEY);
    if (!text) return null;
    const value = JSON.parse(text) as SavedRepaymentInfo;
    return typeof value?.total === 'number' ? value : null;
  } catch {
    return null;
  }
}
