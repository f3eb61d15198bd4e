/**
 * What a borrower does on a server-rendered page before its code has arrived (decision 0044).
 * The page is painted from its HTML and hydrated only after the load event, so for a moment its
 * buttons have no handlers and its fields no state. Rather than lose those taps and keystrokes,
 * this holds them: a tap on something that acts only through the app (a button, a tab, a file
 * picker) is stopped and replayed once the page is hydrated; text typed into a field stays in
 * the field and is handed to the app as one change. Plain links keep working as links.
 */
const APP_CONTROLS =
  'button, [role="button"], [role="tab"], input[type="file"], input[type="checkbox"], input[type="radio"]';

type TextField = HTMLInputElement | HTMLTextAreaElement;

function isTextField(target: EventTarget | null): target is TextField {
  return (
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement && !['file', 'checkbox', 'radio'].includes(target.type))
  );
}

/**
 * Tells the hydrated app a field's text as if it had just been typed. Hydration keeps what the
 * field shows but the app's state still holds the server's value; React notices a change only
 * when the value differs from what it last saw, so the field is first set (through React's own
 * setter) to something else, then back to the typed text behind React's back, then announced.
 */
function announceTyping(field: TextField): void {
  const typed = field.value;
  const nativeSetter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  if (!nativeSetter) return;
  field.value = typed === '' ? ' ' : '';
  nativeSetter.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

export interface HeldInput {
  /** Stops holding, and hands the typing and then the taps, in order, to the hydrated page. */
  release(): void;
}

/** Holds the taps and typing inside `root` until `release()` (call it once hydrated). */
export function holdInputUntilHydrated(root: HTMLElement, doc: Document = document): HeldInput {
  const taps: HTMLElement[] = [];
  const typedFields = new Set<TextField>();
  const onClick = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(APP_CONTROLS) : null;
    if (!control || !root.contains(control)) return;
    event.preventDefault();
    event.stopPropagation();
    taps.push(control);
  };
  const onInput = (event: Event) => {
    if (isTextField(event.target) && root.contains(event.target)) typedFields.add(event.target);
  };
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('input', onInput, true);
  return {
    release() {
      doc.removeEventListener('click', onClick, true);
      doc.removeEventListener('input', onInput, true);
      for (const field of typedFields) if (field.isConnected) announceTyping(field);
      for (const tap of taps) if (tap.isConnected) tap.click();
    },
  };
}
