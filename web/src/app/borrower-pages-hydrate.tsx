import { startTransition, useEffect, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { enableBridgeRecorderOutsideProduction } from '../lib/bridge.ts';
import { readPreloadedData } from '../lib/preloaded-data.ts';
import { App } from './app.tsx';
import './theme.css';

/** Runs `onHydrated` once the page around it has been hydrated (its effects run after commit). */
function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return null;
}

/**
 * Hydrates a server-rendered page (loaded by borrower-pages-client.tsx after the load event) with
 * the data the server embedded, the same tree borrower-pages-server.tsx rendered; then hands it
 * what the borrower did meanwhile. Its CSS (theme, toast) is inlined by the server with the page's.
 */
export function hydratePage(container: HTMLElement, Page: ComponentType, onHydrated: () => void): void {
  enableBridgeRecorderOutsideProduction();
  const data = readPreloadedData() ?? {};
  // As a transition, React hydrates in slices that yield to the phone between them, instead of
  // one long task that would hold up a tap (and count as blocking time).
  startTransition(() => {
    hydrateRoot(container, <App page={Page} data={data} after={<Hydrated onHydrated={onHydrated} />} />);
  });
}
