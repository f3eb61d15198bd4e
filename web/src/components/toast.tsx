import { useSyncExternalStore } from 'react';
import './toast.css';
import { getToastState, subscribeToasts } from '../lib/toast-store.ts';

// Pages show toasts through the kit; the state lives in lib so the API client can too.
export { showLoading, showToast, TOAST_DURATION_MS } from '../lib/toast-store.ts';

type PopoverElement = HTMLElement & { showPopover?: () => void };

// The top layer is the only place above an open <dialog>; without the Popover API, z-index has
// to do. `data-kw-overlay` lets a dialog opened later raise these again (see dialog.tsx).
function showInTopLayer(element: PopoverElement | null): void {
  if (element?.isConnected && typeof element.showPopover === 'function') element.showPopover();
}

/** Mount once, in the app root. */
export function ToastHost() {
  const { toast, loading } = useSyncExternalStore(subscribeToasts, getToastState, getToastState);
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
