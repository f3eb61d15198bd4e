import { useSyncExternalStore } from 'react';
import './toast.css';

/** Spec §9. */
export const TOAST_DURATION_MS = 3000;

interface Entry {
  id: number;
  text: string;
}

interface ToastState {
  toast: Entry | null;
  /** Open loading calls, oldest first; the newest one's text is shown. */
  loading: readonly Entry[];
}

// Module state rather than React context, so request helpers and other non-React code can
// show toasts; <ToastHost /> only renders it.
let state: ToastState = { toast: null, loading: [] };
let nextId = 1;
let toastTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function update(next: Partial<ToastState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getState = (): ToastState => state;

/**
 * Shows `text` for `ms` milliseconds, replacing any toast already showing. Returns a function
 * that hides it early. Empty text shows nothing, so an empty server message needs no guard.
 */
export function showToast(text: string, ms = TOAST_DURATION_MS): () => void {
  if (!text.trim()) return () => {};
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

type PopoverElement = HTMLElement & { showPopover?: () => void };

// The top layer is the only place above an open <dialog>; without the Popover API, z-index has
// to do. `data-kw-overlay` lets a dialog opened later raise these again (see dialog.tsx).
function showInTopLayer(element: PopoverElement | null): void {
  if (element?.isConnected && typeof element.showPopover === 'function') element.showPopover();
}

/** Mount once, in the app root. */
export function ToastHost() {
  const { toast, loading } = useSyncExternalStore(subscribe, getState, getState);
  const current = loading.at(-1);
  return (
    <>
      {/* Live regions stay mounted so screen readers announce what is put in them. */}
      <div className="kw-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {current?.text}
      </div>
      <div className="kw-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {toast?.text}
      </div>
      {current && (
        <div
          key={current.id}
          ref={showInTopLayer}
          popover="manual"
          data-kw-overlay=""
          className="kw-loading-mask"
        >
          <div className="kw-loading" aria-hidden="true">
            <span className="kw-spinner" />
            {current.text}
          </div>
        </div>
      )}
      {toast && (
        <div
          key={toast.id}
          ref={showInTopLayer}
          popover="manual"
          data-kw-overlay=""
          className="kw-toast"
          aria-hidden="true"
        >
          {toast.text}
        </div>
      )}
    </>
  );
}
