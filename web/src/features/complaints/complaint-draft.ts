import { pageUrl } from '../../lib/session-query.ts';

/**
 * The order a complaint is about rides from complainPage to complainPageNext in local storage
 * (spec §2) as well as in the query; a successful send clears it (spec §4).
 */
const ORDER_NO_KEY = 'kwarta:complaint:orderNo';

export function rememberComplaintOrder(orderNo: string): void {
  try {
    localStorage.setItem(ORDER_NO_KEY, orderNo);
  } catch {
    // Storage may be off in a web view; the query still carries the order number.
  }
}

export function rememberedComplaintOrder(): string | null {
  try {
    return localStorage.getItem(ORDER_NO_KEY);
  } catch {
    return null;
  }
}

export function clearComplaintDraft(): void {
  try {
    localStorage.removeItem(ORDER_NO_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/** Complaint images are readable only with the borrower's session query (D11). */
export function problemImageSrc(url: string): string {
  return pageUrl(url);
}

/** One id per composed complaint: the server files a repeated id once. Works without a secure context. */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** 'YYYY-MM-DD HH:mm' in the phone's time zone. */
export function formatComplaintTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}
