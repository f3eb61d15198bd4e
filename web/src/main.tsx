import { startTransition } from 'react';
import { App, pageFor } from './app/app.tsx';
import { routes } from './app/routes.ts';
import { enableBridgeRecorder } from './lib/bridge.ts';
import { readPreloadedData } from './lib/preloaded-data.ts';
import { readRuntimeEnv } from './lib/runtime-env.ts';
import './app/theme.css';

// Outside production every bridge call is recorded so tests and /testPreview can show them (D7).
if (readRuntimeEnv() !== 'production') enableBridgeRecorder();

// React DOM is most of the entry's code: imported on its own, it is evaluated in a task of its
// own, apart from this entry and from the page's chunk, instead of in one long task that blocks
// the phone's main thread (total blocking time, decision 0044). Both are fetched at once.
const reactDom = import('react-dom/client');

const container = document.getElementById('root');
const route = routes.find((entry) => entry.path === window.location.pathname);
const data = readPreloadedData();
if (container && route && data) {
  // Rendered by the server with its data (decision 0042): hydrating keeps the content on screen
  // while it comes to life. As a transition, hydration yields to the browser every few
  // milliseconds instead of holding the main thread for the whole page (decision 0044).
  void Promise.all([route.load(), reactDom]).then(([Page, { hydrateRoot }]) =>
    startTransition(() => {
      hydrateRoot(container, <App page={Page} data={data} />);
    }),
  );
} else if (container) {
  void reactDom.then(({ createRoot }) =>
    createRoot(container).render(<App page={pageFor(window.location.pathname)} />),
  );
}
