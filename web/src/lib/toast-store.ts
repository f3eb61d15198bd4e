import { Limits, localizeText } from '@kwarta/contract';
import { readRuntimeMarket } from './runtime-env.ts';

/**
 * Toasts and loading toasts as module state rather than React context, so the API client and
 * other non-React code can show them; components/toast.tsx's <ToastHost /> only renders it.
 */
/** Spec §9. */
export const TOAST_DURATION_MS = Limits.toastMs;

export interface ToastEntry {
  id: number;
  text: string;
}

export interface ToastState {
  toast: ToastEntry | null;
  /** Open loading calls, oldest first; the newest one's text is shown. */
  loading: readonly ToastEntry[];
}

let state: ToastState = { toast: null, loading: [] };
let nextId = 1;
let toastTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function update(next: Partial<ToastState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getToastState = (): ToastState => state;

/**
 * Shows `text` for `ms` milliseconds, replacing any toast already showing. Returns a function
 * that hides it early. Empty text shows nothing, so an empty server message needs no guard.
 * Every toast passes here, so this is where the page's catalogue texts take the market's words
 * (a PH borrower never reads the spec's Chinese or Indonesian toasts).
 */
export function showToast(message: string, ms: number = TOAST_DURATION_MS): () => void {
  if (!message.trim()) return () => {};
  const text = localizeText(message, readRuntimeMarket().id);
  const id = nextId++;
  clearTimeout(toastTimer);
  update({ toast: { id, text } });
  const hide = () => {
    if (state.toast?.id !== id) return;
    clearTimeout(toastTimer);
    update({ toast: null });
  };
  toastTimer = setTimeout(hide, ms);
  return hide;
}

/**
 * Shows a spinner with `text` and blocks taps until every open loading call is hidden. Returns
 * its own `hide`; calling it twice counts once, so overlapping requests cannot hide each
 * other's loading.
 */
export function showLoading(text: string): () => void {
  const id = nextId++;
  if (state.loading.length === 0) window.addEventListener('click', swallowClick, true);
  update({ loading: [...state.loading, { id, text }] });
  let hidden = false;
  return () => {
    if (hidden) return;
    hidden = true;
    update({ loading: state.loading.filter((entry) => entry.id !== id) });
    if (state.loading.length === 0) window.removeEventListener('click', swallowClick, true);
  };
}

// The mask alone cannot stop taps inside an open modal <dialog>: the browser makes everything
// outside the dialog inert, the mask included. A capturing listener on window runs before any
// element's handler, wherever the element is.
function swallowClick(event: Event): void {
  event.preventDefault();
  event.stopPropagation();
}
