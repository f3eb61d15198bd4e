import { Suspense, lazy, type ComponentType } from 'react';
import { ToastHost } from '../components/toast.tsx';
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

export function App({ page: Page }: { page: ComponentType }) {
  return (
    <>
      <Suspense fallback={null}>
        <Page />
      </Suspense>
      <ToastHost />
    </>
  );
}
