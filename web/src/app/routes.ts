import type { ComponentType } from 'react';
import type { WebRoutePath } from '@kwarta/contract';
import { pageRoutes, type PageRoute } from './page-routes.ts';

export interface RouteEntry {
  path: WebRoutePath;
  load: () => Promise<ComponentType>;
}

/**
 * The page modules, each a chunk of its own loaded when its page opens, so a route's first load
 * carries only its own code (DESIGN §4 budget). The patterns must find the modules of pageRoutes
 * and no other (web/test/app/routes.test.ts): the build counts a chunk the entry may import that
 * is no route's as the entry's own code. The promotion landing and the static pages are entries
 * of their own.
 */
export const pageModules = import.meta.glob<Record<string, ComponentType | undefined>>([
  '../features/*/*-page*.tsx',
  '!../features/promotion/*',
  '!../features/static-pages/*',
]);

async function loadPage({ module, page }: PageRoute): Promise<ComponentType> {
  const Page = (await pageModules[module]?.())?.[page];
  if (!Page) throw new Error(`${module} has no page ${page}`);
  return Page;
}

export const routes: RouteEntry[] = pageRoutes.map((route) => ({
  path: route.path,
  load: () => loadPage(route),
}));
