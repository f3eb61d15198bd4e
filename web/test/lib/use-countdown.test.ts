import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { Limits } from '@kwarta/contract';
import { useCountdown } from '../../src/lib/use-countdown.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

test('the SMS resend countdown ships at 60 s, ticking once a second (spec §9)', () => {
  expect(Limits.smsResendCountdownSeconds).toBe(60);
  expect(Limits.countdownTickMs).toBe(1000);
});

test('counts down from 60 one second at a time, then is ready again', () => {
  const { result } = renderHook(() => useCountdown());
  expect(result.current.running).toBe(false);
  act(() => result.current.start());
  expect(result.current.left).toBe(60);
  for (let second = 59; second >= 1; second -= 1) {
    act(() => vi.advanceTimersByTime(Limits.countdownTickMs));
    expect(result.current.left).toBe(second);
    expect(result.current.running).toBe(true);
  }
  act(() => vi.advanceTimersByTime(Limits.countdownTickMs));
  expect(result.current.left).toBe(0);
  expect(result.current.running).toBe(false);
  // Nothing ticks on once it is ready.
  act(() => vi.advanceTimersByTime(10 * Limits.countdownTickMs));
  expect(result.current.left).toBe(0);
});

test('reset (the legacy dialog’s cancel) makes it ready at once, and a new start counts from 60 again', () => {
  const { result } = renderHook(() => useCountdown());
  act(() => result.current.start());
  // One tick at a time: each second is scheduled once the previous one has rendered.
  for (let tick = 0; tick < 15; tick += 1) act(() => vi.advanceTimersByTime(Limits.countdownTickMs));
  expect(result.current.left).toBe(45);
  act(() => result.current.reset());
  expect(result.current.running).toBe(false);
  act(() => vi.advanceTimersByTime(5 * Limits.countdownTickMs));
  expect(result.current.left).toBe(0);
  act(() => result.current.start());
  expect(result.current.left).toBe(60);
});
