import { useCallback, useEffect, useState } from 'react';
import { Limits } from '@kwarta/contract';

/** The SMS button's countdown (spec §4): from `seconds`, one tick a second, then ready again. */
export function useCountdown(seconds: number = Limits.smsResendCountdownSeconds) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), Limits.countdownTickMs);
    return () => clearTimeout(timer);
  }, [left]);
  const start = useCallback(() => setLeft(seconds), [seconds]);
  return { left, running: left > 0, start };
}
