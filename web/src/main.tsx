import { createRoot } from 'react-dom/client';
import { App, pageFor } from './app/app.tsx';
import { enableBridgeRecorder } from './lib/bridge.ts';
import { readRuntimeEnv } from './lib/runtime-env.ts';
import './app/theme.css';

// Outside production every bridge call is recorded so tests and /testPreview can show them (D7).
if (readRuntimeEnv() !== 'production') enableBridgeRecorder();

const container = document.getElementById('root');
if (container) createRoot(container).render(<App page={pageFor(window.location.pathname)} />);
