import { useState } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Dialog } from '../../src/components/dialog.tsx';
import type { DialogProps } from '../../src/components/dialog.tsx';
import { BottomSheet } from '../../src/components/bottom-sheet.tsx';

afterEach(cleanup);

type Extra = Partial<Omit<DialogProps, 'open' | 'onClose'>> & { onClose?: () => void; sheet?: boolean };

// How pages use it: a button opens it; the dialog asks to close and the page decides.
function Page({ onClose, sheet, ...props }: Extra) {
  const [open, setOpen] = useState(false);
  const Component = sheet ? BottomSheet : Dialog;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Component
        title="Point out"
        {...props}
        open={open}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      />
    </>
  );
}

function openIt() {
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

function dialogElement(container: HTMLElement): HTMLDialogElement {
  const dialog = container.querySelector('dialog');
  if (!dialog) throw new Error('no <dialog> rendered');
  return dialog;
}

// What a browser does on Escape: a cancelable cancel event, then closing unless prevented.
function pressEscape(dialog: HTMLDialogElement) {
  const cancel = new Event('cancel', { cancelable: true });
  act(() => {
    dialog.dispatchEvent(cancel);
  });
  if (!cancel.defaultPrevented) act(() => dialog.close());
  return cancel;
}

test('opens as a modal with title, body and actions, and renders nothing while closed', () => {
  const agree = vi.fn();
  const { container } = render(
    <Page
      actions={[
        { label: 'Cancel', onClick: () => {} },
        { label: 'Agree', onClick: agree, primary: true },
      ]}
    >
      Are you sure you want to leave?
    </Page>,
  );
  const dialog = dialogElement(container);
  expect(dialog.open).toBe(false);
  expect(dialog.textContent).toBe('');

  openIt();

  expect(dialog.open).toBe(true);
  const named = screen.getByRole('dialog', { name: 'Point out' });
  expect(named).toBe(dialog);
  expect(named.getAttribute('aria-describedby')).toBe(screen.getByText('Are you sure you want to leave?').id);
  fireEvent.click(screen.getByRole('button', { name: 'Agree' }));
  expect(agree).toHaveBeenCalledTimes(1);
});

test('Escape asks to close; the dialog closes and focus returns to the opener', () => {
  const onClose = vi.fn();
  const { container } = render(<Page onClose={onClose}>Body</Page>);
  const opener = openIt();
  const dialog = dialogElement(container);
  expect(dialog.contains(document.activeElement)).toBe(true);

  const cancel = pressEscape(dialog);

  expect(cancel.defaultPrevented).toBe(true);
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(dialog.open).toBe(false);
  expect(document.activeElement).toBe(opener);
});

test('a dialog that must be answered ignores Escape and backdrop taps', () => {
  const onClose = vi.fn();
  const { container } = render(
    <Page onClose={onClose} dismissible={false} actions={[{ label: 'Agree', onClick: () => {} }]} />,
  );
  openIt();
  const dialog = dialogElement(container);

  pressEscape(dialog);
  fireEvent.click(dialog);

  expect(onClose).not.toHaveBeenCalled();
  expect(dialog.open).toBe(true);
  expect(dialog.getAttribute('closedby')).toBe('none');
});

test('if the browser closes it anyway, a must-answer dialog reopens and a dismissible one reports it', () => {
  const mustAnswer = render(<Page dismissible={false} />);
  openIt();
  const dialog = dialogElement(mustAnswer.container);
  act(() => dialog.close());
  expect(dialog.open).toBe(true);
  mustAnswer.unmount();

  const onClose = vi.fn();
  const dismissible = render(<Page onClose={onClose} />);
  openIt();
  act(() => dialogElement(dismissible.container).close());
  expect(onClose).toHaveBeenCalledTimes(1);
});

test('a backdrop tap closes it; a tap inside does not', () => {
  const onClose = vi.fn();
  const { container } = render(<Page onClose={onClose}>Body text</Page>);
  openIt();
  const dialog = dialogElement(container);

  fireEvent.click(screen.getByText('Body text'));
  expect(onClose).not.toHaveBeenCalled();

  fireEvent.click(dialog);
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(dialog.open).toBe(false);
});

test('focuses the action marked autoFocus, else the dialog itself', () => {
  const first = render(
    <Page
      closeLabel="Close"
      actions={[
        { label: 'Cancel', onClick: () => {} },
        { label: 'Send', onClick: () => {}, autoFocus: true },
      ]}
    />,
  );
  openIt();
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send' }));
  first.unmount();

  const second = render(<Page>Only text</Page>);
  openIt();
  expect(document.activeElement).toBe(dialogElement(second.container));
});

test('the close button asks to close', () => {
  const onClose = vi.fn();
  render(<Page onClose={onClose} closeLabel="Close" dismissible={false} />);
  openIt();

  fireEvent.click(screen.getByRole('button', { name: 'Close' }));

  expect(onClose).toHaveBeenCalledTimes(1);
});

test("the shell's back signal closes a dismissible dialog instead of navigating", () => {
  const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
  const onClose = vi.fn();
  const { container } = render(<Page onClose={onClose} />);
  openIt();

  let handled: boolean | undefined;
  act(() => {
    handled = (window as Window & { kwartaOnBack?: () => boolean }).kwartaOnBack?.();
  });

  expect(handled).toBe(true);
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(dialogElement(container).open).toBe(false);
  expect(back).not.toHaveBeenCalled();
  back.mockRestore();
});

test('without a title the dialog takes its name from ariaLabel', () => {
  render(<Page title={undefined} ariaLabel="Promotion" />);
  openIt();
  expect(screen.getByRole('dialog', { name: 'Promotion' })).toBeTruthy();
});

test('bottom sheet: opens with its content and closes on Escape and backdrop taps', () => {
  const onClose = vi.fn();
  const { container } = render(
    <Page sheet title="Payment Method" onClose={onClose} className="channels">
      <button type="button">GCash</button>
    </Page>,
  );
  const sheet = dialogElement(container);
  expect(sheet.classList.contains('kw-sheet')).toBe(true);
  expect(sheet.classList.contains('channels')).toBe(true);

  openIt();
  expect(screen.getByRole('dialog', { name: 'Payment Method' })).toBe(sheet);
  expect(screen.getByRole('button', { name: 'GCash' })).toBeTruthy();

  pressEscape(sheet);
  expect(sheet.open).toBe(false);

  openIt();
  fireEvent.click(sheet);
  expect(sheet.open).toBe(false);
  expect(onClose).toHaveBeenCalledTimes(2);
});
