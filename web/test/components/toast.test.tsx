import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { showLoading, showToast, TOAST_DURATION_MS, ToastHost } from '../../src/components/toast.tsx';

// The toast store is module state; every test hides what it opened.
const hides: Array<() => void> = [];
function track(hide: () => void) {
  hides.push(hide);
  return hide;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  act(() => {
    for (const hide of hides.splice(0)) hide();
  });
  cleanup();
  vi.useRealTimers();
});

function announced(): string[] {
  return screen.getAllByRole('status').map((region) => region.textContent ?? '');
}

function loadingMask(container: HTMLElement) {
  return container.querySelector('.kw-loading-mask');
}

test('a toast is announced politely and disappears after 3000 ms by default', () => {
  render(<ToastHost />);
  act(() => void track(showToast('copy success')));

  const regions = screen.getAllByRole('status');
  expect(regions.every((region) => region.getAttribute('aria-live') === 'polite')).toBe(true);
  expect(announced()).toContain('copy success');

  act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
  expect(announced()).toContain('copy success');
  act(() => vi.advanceTimersByTime(1));
  expect(announced()).not.toContain('copy success');
  expect(TOAST_DURATION_MS).toBe(3000);
});

test('a custom duration and an early hide both work', () => {
  render(<ToastHost />);
  act(() => void track(showToast('short', 500)));
  act(() => vi.advanceTimersByTime(500));
  expect(announced()).not.toContain('short');

  let hide = () => {};
  act(() => void (hide = track(showToast('hidden early'))));
  act(() => hide());
  expect(announced()).not.toContain('hidden early');
});

test('a new toast replaces the current one and gets its own full duration', () => {
  render(<ToastHost />);
  act(() => void track(showToast('first')));
  act(() => vi.advanceTimersByTime(2000));
  act(() => void track(showToast('second')));

  expect(announced()).not.toContain('first');
  act(() => vi.advanceTimersByTime(2000));
  expect(announced()).toContain('second');
  act(() => vi.advanceTimersByTime(1000));
  expect(announced()).not.toContain('second');
});

test('an empty message shows nothing', () => {
  const { container } = render(<ToastHost />);
  act(() => void track(showToast('  ')));
  expect(container.querySelector('.kw-toast')).toBeNull();
});

test('toasts shown before the host mounts appear once it does', () => {
  track(showToast('early'));
  render(<ToastHost />);
  expect(announced()).toContain('early');
});

test('loading shows a spinner and text over a tap-blocking mask until hidden', () => {
  const { container } = render(<ToastHost />);
  let hide = () => {};
  act(() => void (hide = track(showLoading('Loading...'))));

  const mask = loadingMask(container);
  expect(mask).not.toBeNull();
  expect(mask?.querySelector('.kw-spinner')).not.toBeNull();
  expect(mask?.textContent).toBe('Loading...');
  expect(announced()).toContain('Loading...');

  // Loading has no timeout: it lasts as long as the request does.
  act(() => vi.advanceTimersByTime(60_000));
  expect(loadingMask(container)).not.toBeNull();

  act(() => hide());
  expect(loadingMask(container)).toBeNull();
  expect(announced()).not.toContain('Loading...');
});

test('overlapping loading calls stay up until the last is hidden, whatever the order', () => {
  const { container } = render(<ToastHost />);
  let hideFirst = () => {};
  let hideSecond = () => {};
  act(() => void (hideFirst = track(showLoading('Saving'))));
  act(() => void (hideSecond = track(showLoading('Uploading'))));
  expect(loadingMask(container)?.textContent).toBe('Uploading');

  act(() => hideSecond());
  expect(loadingMask(container)?.textContent).toBe('Saving');

  // Hiding the same call twice must not take down another call's loading.
  act(() => void track(showLoading('Paying')));
  act(() => hideSecond());
  act(() => hideFirst());
  expect(loadingMask(container)?.textContent).toBe('Paying');
});

test('taps reach nothing while loading shows, then work again', () => {
  const tapped = vi.fn();
  render(
    <>
      <button type="button" onClick={tapped}>
        Loan Now
      </button>
      <ToastHost />
    </>,
  );
  const button = screen.getByRole('button', { name: 'Loan Now' });
  let hide = () => {};
  act(() => void (hide = track(showLoading('Loading...'))));

  fireEvent.click(button);
  expect(tapped).not.toHaveBeenCalled();

  act(() => hide());
  fireEvent.click(button);
  expect(tapped).toHaveBeenCalledTimes(1);
});

test('a toast can show while loading is up', () => {
  render(<ToastHost />);
  act(() => void track(showLoading('Loading...')));
  act(() => void track(showToast('error')));
  expect(announced()).toEqual(['Loading...', 'error']);
});
