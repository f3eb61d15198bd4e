import { Suspense, lazy, useEffect, type ComponentType } from 'react';
import type { PreloadedData } from '@kwarta/contract';
import { ToastHost } from '../components/toast.tsx';
import { PolicyPrompt } from '../features/my-data/index.ts';
import { PreloadedDataContext } from '../lib/preloaded-data.ts';
import { NotFound } from './not-found.tsx';
import { routes } from './routes.ts';

/**
 * Each page is a full document load inside the WebView (the native shell opens pages by URL),
 * so routing is a lookup of the current path, done once at start; links between pages are
 * ordinary navigations.
 */
export function pageFor(pathname: string): ComponentType {
  const route = routes.find((entry) => entry.path === pathname);
  return route ? lazy(() => route.load().then((component) => ({ default: component }))) : NotFound;
}

/**
 * Marks the document once the page is live (hydrated, or rendered in the browser), after the
 * page's own effects have run (dialogs opened, data shown): the native shell and the e2e tests
 * wait for `html[data-live]` instead of guessing, since the HTML paints well before (decision 0044).
 */
function LiveMarker() {
  useEffect(() => {
    document.documentElement.dataset.live = '';
  }, []);
  return null;
}

/**
 * The app around one page. A server-rendered page (borrower-pages-server.tsx) is rendered and
 * hydrated with the same `data`, the results of its calls.
 */
export function App({ page: Page, data = {} }: { page: ComponentType; data?: PreloadedData }) {
  return (
    <PreloadedDataContext value={data}>
      <Suspense fallback={null}>
        <Page />
        <PolicyPrompt />
        <LiveMarker />
      </Suspense>
      <ToastHost />
    </PreloadedDataContext>
  );
}
