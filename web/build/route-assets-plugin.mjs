// Writes dist/.vite/route-assets.json: for each route, the JS and CSS files its lazily loaded
// page needs beyond the entry. The server lists them as <link rel=modulepreload|stylesheet> in
// the route's HTML, so a phone fetches them alongside the entry instead of after it has run.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { manifestKeyForModule, readRouteTable, staticClosure } from './route-table.mjs';

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
      const routesPath = path.join(webDir, 'src/app/routes.ts');
      const entry = staticClosure(manifest, 'index.html');
      const assets = {};
      for (const route of readRouteTable(routesPath).lazy) {
        const key = manifestKeyForModule(manifest, { webDir, routesPath, specifier: route.module });
        if (!key) throw new Error(`route ${route.path}: ${route.module} is not in the manifest`);
        const own = [...staticClosure(manifest, key)].filter((k) => !entry.has(k));
        assets[route.path] = {
          js: own.map((k) => manifest[k].file),
          css: own.flatMap((k) => manifest[k].css ?? []),
        };
      }
      writeFileSync(path.join(outDir, '.vite/route-assets.json'), JSON.stringify(assets, null, 2));
    },
  };
}
