import { useEffect, useState } from 'react';

/**
 * Whether the on-screen keyboard is up, read as the visual viewport being more than `thresholdPx`
 * shorter than the tallest it has been (spec §2, §9: 60 px). A browser without visualViewport
 * never reports a keyboard. False while rendering on the server and hydrating.
 */
export function useKeyboardOpen(thresholdPx: number): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    let tallest = viewport.height;
    const measure = () => {
      tallest = Math.max(tallest, viewport.height);
      setOpen(tallest - viewport.height > thresholdPx);
    };
    viewport.addEventListener('resize', measure);
    return () => viewport.removeEventListener('resize', measure);
  }, [thresholdPx]);
  return open;
}
