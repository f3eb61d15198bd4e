// The app's pages (web/src/app/page-routes.ts) and the files each needs from Vite's manifest.
// One reader for the Vite plugin (preload hints the server puts into each page) and
// scripts/budget.mjs (the per-route JS budget).
import path from 'node:path';

/** The manifest key of a page's module (named as page-routes.ts names it), or undefined. */
export function manifestKeyForModule(manifest, { webDir, specifier }) {
  const key = path
    .relative(webDir, path.resolve(webDir, 'src/app', specifier))
    .split(path.sep)
    .join('/');
  return manifest[key] ? key : undefined;
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
