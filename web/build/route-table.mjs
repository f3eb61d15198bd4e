// The route table of web/src/app/routes.ts, read as text at build time, and the files each
// route needs from Vite's manifest. One reader for the Vite plugin (preload hints the server
// puts into each page) and scripts/budget.mjs (the per-route JS budget).
import { readFileSync } from 'node:fs';
import path from 'node:path';

// One route object: `path: '<path>'`, then (without leaving the object: no braces in between)
// `import('<module>')`.
const ROUTE_RE = /\bpath\s*:\s*(['"`])([^'"`]+)\1\s*,[^{}]*?\bimport\(\s*(['"`])([^'"`]+)\3\s*\)/g;
const PATH_RE = /\bpath\s*:\s*(['"`])([^'"`]+)\1/g;
const EXTENSIONS = ['', '.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts', '/index.jsx', '/index.js'];

/** Lazy routes ({ path, module }) and eager route paths declared in routes.ts. */
export function readRouteTable(routesPath) {
  const source = readFileSync(routesPath, 'utf8').replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1');
  const lazy = [...source.matchAll(ROUTE_RE)].map((m) => ({ path: m[2], module: m[4] }));
  const lazyPaths = new Set(lazy.map((route) => route.path));
  const eager = [...source.matchAll(PATH_RE)]
    .map((m) => m[2])
    .filter((p, i, all) => !lazyPaths.has(p) && all.indexOf(p) === i);
  return { lazy, eager, pattern: ROUTE_RE };
}

/** The manifest key of a module imported from routes.ts, or undefined. */
export function manifestKeyForModule(manifest, { webDir, routesPath, specifier }) {
  let absolute;
  if (specifier.startsWith('.')) absolute = path.resolve(path.dirname(routesPath), specifier);
  else if (/^[@~]\//.test(specifier)) absolute = path.join(webDir, 'src', specifier.slice(2));
  else if (specifier.startsWith('/')) absolute = path.join(webDir, specifier);
  else return undefined;
  const relative = path.relative(webDir, absolute).split(path.sep).join('/');
  const bySrc = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.src ?? key, key]));
  for (const extension of EXTENSIONS) {
    const candidate = relative + extension;
    if (manifest[candidate]) return candidate;
    if (bySrc.has(candidate)) return bySrc.get(candidate);
  }
  return undefined;
}

/** The manifest keys of a chunk and everything it statically imports, transitively. */
export function staticClosure(manifest, startKey, into = new Set()) {
  const stack = [startKey];
  while (stack.length > 0) {
    const key = stack.pop();
    if (into.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest refers to ${key}, which it does not describe.`);
    into.add(key);
    for (const imported of chunk.imports ?? []) stack.push(imported);
  }
  return into;
}

/**
 * What an entry loads for itself with import() besides the route pages (React DOM, imported on
 * its own so it is evaluated in a task of its own: web/src/main.tsx): every page needs it before
 * it can run, so it counts as the entry's (the JS budget, the pages' preload hints).
 */
export function entryBootClosure(manifest, entryKey, routeKeys, into = new Set()) {
  for (const imported of manifest[entryKey]?.dynamicImports ?? []) {
    if (!routeKeys.has(imported)) staticClosure(manifest, imported, into);
  }
  return into;
}
