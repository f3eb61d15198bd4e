// Writes dist/.vite/route-assets.json: for each route, the JS and CSS files its lazily loaded
// page needs beyond the entry's static imports (React DOM, which the entry imports for itself,
// included). The server inlines the CSS into the route's HTML (decision 0044).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pageRoutes } from '../src/app/page-routes.ts';
import { entryBootClosure, manifestKeyForModule, staticClosure } from './route-table.mjs';

export function routeAssets() {
  let config;
  return {
    name: 'kwarta-route-assets',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      const webDir = config.root;
      const outDir = path.resolve(webDir, config.build.outDir);
      const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
      const entry = staticClosure(manifest, 'index.html');
      const routeKeys = new Map();
      for (const route of pageRoutes) {
        const key = manifestKeyForModule(manifest, { webDir, specifier: route.module });
        if (!key) throw new Error(`route ${route.path}: ${route.module} is not in the manifest`);
        routeKeys.set(route.path, key);
      }
      const boot = entryBootClosure(manifest, 'index.html', new Set(routeKeys.values()));
      const assets = {};
      for (const [routePath, key] of routeKeys) {
        const own = [...staticClosure(manifest, key, new Set(boot))].filter((k) => !entry.has(k));
        assets[routePath] = {
          js: own.map((k) => manifest[k].file),
          css: own.flatMap((k) => manifest[k].css ?? []),
        };
      }
      writeFileSync(path.join(outDir, '.vite/route-assets.json'), JSON.stringify(assets, null, 2));
    },
  };
}
