import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { enableBridgeRecorder } from '../../lib/bridge.ts';
import { readRuntimeEnv } from '../../lib/runtime-env.ts';
import { PromotionApp } from './promotion-app.tsx';

/**
 * Renders the landing over the server's prefilled header (same markup, so nothing moves). As a
 * transition, so React renders in slices that yield to the browser instead of one long task: the
 * header is already painted, and a phone stays responsive while the form is built.
 */
export function mountPromotion(): void {
  if (readRuntimeEnv() !== 'production') enableBridgeRecorder();
  const container = document.getElementById('root');
  if (!container) return;
  const root = createRoot(container);
  startTransition(() => root.render(<PromotionApp />));
}
