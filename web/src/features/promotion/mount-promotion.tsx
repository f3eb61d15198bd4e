import { createRoot } from 'react-dom/client';
import { enableBridgeRecorder } from '../../lib/bridge.ts';
import { readRuntimeEnv } from '../../lib/runtime-env.ts';
import { PromotionApp } from './promotion-app.tsx';

/** Renders the landing over the server's prefilled header (same markup, so nothing moves). */
export function mountPromotion(): void {
  if (readRuntimeEnv() !== 'production') enableBridgeRecorder();
  const container = document.getElementById('root');
  if (container) createRoot(container).render(<PromotionApp />);
}
