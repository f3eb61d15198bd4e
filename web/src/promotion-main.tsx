import { createRoot } from 'react-dom/client';
import { PromotionApp } from './features/promotion/promotion-app.tsx';
import { enableBridgeRecorder } from './lib/bridge.ts';
import { readRuntimeEnv } from './lib/runtime-env.ts';
import './app/theme.css';

// The promotion landing's own entry (D15): no router and no lazy chunk, so a visitor from an ad
// downloads one small script before the form works.
if (readRuntimeEnv() !== 'production') enableBridgeRecorder();

const container = document.getElementById('root');
if (container) createRoot(container).render(<PromotionApp />);
