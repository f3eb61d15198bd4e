import { createRoot } from 'react-dom/client';
import { App, pageFor } from './app/app.tsx';
import { enableBridgeRecorderOutsideProduction } from './lib/bridge.ts';
import './app/theme.css';

// The app's shell, rendered in the browser: the not-found page, and any page when the server
// has no renderer (the web build's server part is missing). Server-rendered pages hydrate
// through borrower-pages-client.tsx instead (decisions 0042, 0044).
enableBridgeRecorderOutsideProduction();

const container = document.getElementById('root');
if (container) createRoot(container).render(<App page={pageFor(window.location.pathname)} />);
