import { holdInputUntilHydrated } from '../lib/pre-hydration-input.ts';
import { routes } from './routes.ts';

/**
 * The entry of the server-rendered borrower pages (decision 0044). Their content, data and CSS
 * are already in the HTML; this small file holds the borrower's taps and typing from the start
 * and, only once the page has loaded, fetches the hydration code (React, the app) and the page's
 * chunk together, so neither competes with the HTML for a slow phone's first round trips.
 */
const root = document.getElementById('root');
const route = routes.find((entry) => entry.path === window.location.pathname);

if (root && route) {
  const held = holdInputUntilHydrated(root);
  const hydrate = () =>
    void Promise.all([import('./borrower-pages-hydrate.tsx'), route.load()]).then(([{ hydratePage }, Page]) =>
      hydratePage(root, Page, held.release),
    );
  if (document.readyState === 'complete') hydrate();
  else window.addEventListener('load', hydrate, { once: true });
}
