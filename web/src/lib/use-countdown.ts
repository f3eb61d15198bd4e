import { useCallback, useEffect, useState } from 'react';
import { Limits } from '@kwarta/contract';

/**
 * An SMS resend countdown (spec §4): from `seconds`, one tick a second, then ready again; `reset`
 * makes it ready at once (the legacy repayment's cancel). The landing's code button and the
 * legacy repayment's SMS dialog share it.
 */
export function useCountdown(seconds: number = Limits.smsResendCountdownSeconds) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), Limits.countdownTickMs);
    return () => clearTimeout(timer);
  }, [left]);
  const start = useCallback(() => setLeft(seconds), [seconds]);
  const reset = useCallback(() => setLeft(0), []);
  return { left, running: left > 0, start, reset };
}
