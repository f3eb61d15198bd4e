import { useEffect, useEffectEvent, useId, useRef } from 'react';
import type { MouseEvent, ReactNode, SyntheticEvent } from 'react';
import { onNativeBack } from '../lib/bridge.ts';
import './dialog.css';

export interface DialogAction {
  label: ReactNode;
  onClick: () => void;
  /** Drawn in the brand colour; usually the confirming action. */
  primary?: boolean;
  disabled?: boolean;
  /** Receives focus when the dialog opens (otherwise its first focusable element, or the dialog itself). */
  autoFocus?: boolean;
}

export interface DialogProps {
  open: boolean;
  /**
   * The borrower asked to close: Escape or a backdrop tap (when `dismissible`) or the close
   * button. The dialog stays open until the caller sets `open` to false.
   */
  onClose: () => void;
  title?: ReactNode;
  /** Accessible name when there is no visible title. */
  ariaLabel?: string;
  children?: ReactNode;
  actions?: readonly DialogAction[];
  /**
   * Escape, backdrop taps and the shell's back signal close it. False for dialogs the borrower
   * must answer. Default true.
   */
  dismissible?: boolean;
  /** Accessible name of a × button in the corner; no button without it (texts come from the catalogue). */
  closeLabel?: string;
  className?: string;
}

/**
 * A modal dialog on the native `<dialog>`: showModal gives the top layer, the backdrop, the
 * focus trap and inert page content without any code or library here.
 */
export function Dialog({
  open,
  onClose,
  title,
  ariaLabel,
  children,
  actions,
  dismissible = true,
  closeLabel,
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  // A passive effect, not a layout one: React refocuses the previously focused element after
  // its DOM mutations, which would undo the focus restore below. After a tap React runs it
  // before the next paint anyway.
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const doc = dialog.ownerDocument;
    const opener = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;
    if (!dialog.open) {
      dialog.showModal();
      raiseOverlays(doc);
    }
    // React does not write `autofocus` to the DOM, and the browser's own choice (the first
    // focusable element) may be the corner ×; so choose here.
    const preferred = dialog.querySelector<HTMLElement>('[data-autofocus]');
    if (preferred) preferred.focus();
    else if (!holdsFocus(dialog)) dialog.focus();
    return () => {
      if (dialog.open) dialog.close();
      // Browsers disagree on where focus lands after close; return it to where the borrower was.
      if (opener?.isConnected && (doc.activeElement === doc.body || holdsFocus(dialog))) opener.focus();
    };
  }, [open]);

  const requestClose = useEffectEvent(() => onClose());

  // The shell's back signal closes the dialog on top before it may navigate anything away.
  useEffect(() => {
    if (!open || !dismissible) return;
    return onNativeBack(() => {
      requestClose();
      return true;
    });
  }, [open, dismissible]);

  function handleCancel(event: SyntheticEvent<HTMLDialogElement>) {
    // Escape would close the element behind React's back; the caller owns `open`.
    event.preventDefault();
    if (dismissible) onClose();
  }

  function handleNativeClose(event: SyntheticEvent<HTMLDialogElement>) {
    // Reached only when the browser closed it on its own (Chrome lets a second Escape through
    // without user activation even when cancel is prevented).
    if (!open) return;
    if (dismissible) onClose();
    else event.currentTarget.showModal();
  }

  function handleClick(event: MouseEvent<HTMLDialogElement>) {
    // The panel fills the dialog box, so only the backdrop targets the <dialog> itself.
    if (dismissible && event.target === event.currentTarget) onClose();
  }

  const describe = typeof children === 'string';
  return (
    <dialog
      ref={ref}
      className={className ? `kw-dialog ${className}` : 'kw-dialog'}
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : ariaLabel}
      // Only plain text is a useful description; long or rich bodies would be read out in full.
      aria-describedby={describe ? bodyId : undefined}
      closedby={dismissible ? undefined : 'none'}
      tabIndex={-1}
      // Server-rendered pages paint before hydration; data-open shows a dialog that is open from
      // the start right away (dialog.css), until the effect above makes it modal.
      data-open={open ? '' : undefined}
      onCancel={handleCancel}
      onClose={handleNativeClose}
      onClick={handleClick}
    >
      {open && (
        <div className="kw-dialog__panel">
          {(title || closeLabel) && (
            <div className="kw-dialog__header">
              {title && (
                <h2 id={titleId} className="kw-dialog__title">
                  {title}
                </h2>
              )}
              {closeLabel && (
                <button type="button" className="kw-dialog__close" aria-label={closeLabel} onClick={onClose}>
                  <span aria-hidden="true">×</span>
                </button>
              )}
            </div>
          )}
          {children !== undefined && children !== null && (
            <div id={bodyId} className="kw-dialog__body">
              {children}
            </div>
          )}
          {actions && actions.length > 0 && (
            <div className="kw-dialog__actions">
              {actions.map((action, index) => (
                <button
                  key={index}
                  type="button"
                  className={
                    action.primary ? 'kw-dialog__action kw-dialog__action--primary' : 'kw-dialog__action'
                  }
                  disabled={action.disabled}
                  data-autofocus={action.autoFocus ? '' : undefined}
                  onClick={action.onClick}
                >
                  {action.label}
                </button>
              ))}
            </div>
          )}
        </div>
      )}
    </dialog>
  );
}

function holdsFocus(element: HTMLElement): boolean {
  const active = element.ownerDocument.activeElement;
  return active === element || element.contains(active);
}

type PopoverElement = HTMLElement & { showPopover?: () => void; hidePopover?: () => void };

// The top layer stacks in order of opening, so a dialog opened while a toast or the loading
// mask shows would cover them; reopening them puts them back on top.
function raiseOverlays(doc: Document): void {
  if (typeof (doc.body as PopoverElement).showPopover !== 'function') return;
  for (const overlay of doc.querySelectorAll<PopoverElement>('[data-kw-overlay]:popover-open')) {
    overlay.hidePopover?.();
    overlay.showPopover?.();
  }
}
