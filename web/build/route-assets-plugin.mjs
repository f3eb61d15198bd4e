// Writes dist/.vite/route-assets.json: for each route, the JS and CSS files its lazily loaded
// page needs beyond the entry. The server lists them as <link rel=modulepreload|stylesheet> in
// the app shell's HTML, so a phone fetches them alongside the entry instead of after it has run.
// `rendered` is what the server-rendered version of the page needs instead (decision 0044): all
// the CSS its hydration and its page use, in cascade order, which the server inlines, and the
// small entry that hydrates it after the load event.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cssClosure, manifestKeyForModule, readRouteTable, staticClosure } from './route-table.mjs';

const RENDERED_ENTRY = 'src/app/borrower-pages-client.tsx';
const RENDERED_HYDRATION = 'src/app/borrower-pages-hydrate.tsx';

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
      for (const key of [RENDERED_ENTRY, RENDERED_HYDRATION])
        if (!manifest[key]) throw new Error(`${key} is not in the manifest`);
      const hydrationCss = cssClosure(manifest, RENDERED_HYDRATION);
      const assets = {};
      for (const route of readRouteTable(routesPath).lazy) {
        const key = manifestKeyForModule(manifest, { webDir, routesPath, specifier: route.module });
        if (!key) throw new Error(`route ${route.path}: ${route.module} is not in the manifest`);
        const own = [...staticClosure(manifest, key)].filter((k) => !entry.has(k));
        assets[route.path] = {
          js: own.map((k) => manifest[k].file),
          css: own.flatMap((k) => manifest[k].css ?? []),
          rendered: {
            css: [...new Set([...hydrationCss, ...cssClosure(manifest, key)])],
            script: manifest[RENDERED_ENTRY].file,
          },
        };
      }
      writeFileSync(path.join(outDir, '.vite/route-assets.json'), JSON.stringify(assets, null, 2));
    },
  };
}
