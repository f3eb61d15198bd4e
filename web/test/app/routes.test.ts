import { describe, expect, it } from 'vitest';
import { pageRoutes } from '../../src/app/page-routes.ts';
import { pageModules, routes } from '../../src/app/routes.ts';

describe('the page table', () => {
  it('finds the modules of the pages, and no other module the entry would then import', () => {
    expect(Object.keys(pageModules).sort()).toEqual(pageRoutes.map((route) => route.module).sort());
  });

  it('gives each path one page', () => {
    const paths = pageRoutes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('loads the page each route names', async () => {
    for (const route of routes) expect(await route.load(), route.path).toBeTypeOf('function');
  });
});
