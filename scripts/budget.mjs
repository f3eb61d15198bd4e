#!/usr/bin/env node
// Route JS budget (DESIGN §4): the JavaScript a first-time visitor of each route downloads
// before the page can run — the entry chunk of index.html with its static imports, plus the
// route's lazily-loaded chunk with its static imports (transitive, each file counted once) —
// gzip-compressed at level 9 as a server would send it, must stay within 100 kB.
// Extra HTML entries (e.g. a light promotion landing) are routes of their own.
//
// Reads web/dist/.vite/manifest.json (npm run build) and web/src/app/routes.ts.
// Usage: node scripts/budget.mjs [--root <repo root>] [--verbose]
// Exits 1 when a route is over budget or the inputs cannot be read.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const LIMIT_KB = 100;
const KB = 1000; // kB as Vite prints them, so the numbers match the build's own report.

function fail(message) {
  console.error(`budget: ${message}`);
  process.exit(1);
}

function parseArgs(argv) {
  const args = { root: fileURLToPath(new URL('..', import.meta.url)), verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--root') {
      const value = argv[++i];
      if (!value) fail('--root needs a directory');
      args.root = path.resolve(value);
    } else if (arg === '--verbose' || arg === '-v') args.verbose = true;
    else fail(`unknown argument ${arg} (usage: node scripts/budget.mjs [--root <dir>] [--verbose])`);
  }
  return args;
}

const { root, verbose } = parseArgs(process.argv.slice(2));
const webDir = path.join(root, 'web'); // Vite's root: manifest keys are relative to it.
const distDir = path.join(webDir, 'dist');
const manifestPath = path.join(distDir, '.vite', 'manifest.json');
const routesPath = path.join(webDir, 'src', 'app', 'routes.ts');

if (!existsSync(manifestPath)) {
  fail(
    `${path.relative(root, manifestPath)} is missing — run \`npm run build\` first (vite build with build.manifest: true).`,
  );
}
if (!existsSync(routesPath)) fail(`${path.relative(root, routesPath)} is missing.`);

/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

// --- routes.ts: entries like { path: '/customerService', load: () => import('../features/…/page.tsx') }
// One route object: `path: '<path>'`, then (without leaving the object: no braces in between)
// `import('<module>')`.
const ROUTE_RE = /\bpath\s*:\s*(['"`])([^'"`]+)\1\s*,[^{}]*?\bimport\(\s*(['"`])([^'"`]+)\3\s*\)/g;
const PATH_RE = /\bpath\s*:\s*(['"`])([^'"`]+)\1/g;

const routesSource = readFileSync(routesPath, 'utf8').replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1');
const lazyRoutes = [...routesSource.matchAll(ROUTE_RE)].map((m) => ({ path: m[2], module: m[4] }));
if (lazyRoutes.length === 0) {
  fail(
    `no routes found in ${path.relative(root, routesPath)}: expected entries like ` +
      `{ path: '/x', load: () => import('../features/x/x-page.tsx') } (pattern ${ROUTE_RE}).`,
  );
}
const lazyPaths = new Set(lazyRoutes.map((r) => r.path));
// Routes whose page is not lazily loaded ship with the entry chunk: count them with it alone.
const eagerRoutes = [...routesSource.matchAll(PATH_RE)]
  .map((m) => m[2])
  .filter((p, i, all) => !lazyPaths.has(p) && all.indexOf(p) === i);

// --- manifest lookups
const bySrc = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.src ?? key, key]));
const EXTENSIONS = ['', '.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts', '/index.jsx', '/index.js'];

function manifestKeyForModule(specifier) {
  let absolute;
  if (specifier.startsWith('.')) absolute = path.resolve(path.dirname(routesPath), specifier);
  else if (/^[@~]\//.test(specifier)) absolute = path.join(webDir, 'src', specifier.slice(2));
  else if (specifier.startsWith('/')) absolute = path.join(webDir, specifier);
  else return undefined;
  const relative = path.relative(webDir, absolute).split(path.sep).join('/');
  for (const extension of EXTENSIONS) {
    const candidate = relative + extension;
    if (manifest[candidate]) return candidate;
    if (bySrc.has(candidate)) return bySrc.get(candidate);
  }
  return undefined;
}

const htmlEntries = Object.entries(manifest).filter(
  ([key, chunk]) => chunk.isEntry && (chunk.src ?? key).endsWith('.html'),
);
const mainEntry =
  htmlEntries.find(([key, chunk]) => (chunk.src ?? key) === 'index.html') ??
  (htmlEntries.length === 1 ? htmlEntries[0] : undefined);
if (!mainEntry) {
  fail(
    `no index.html entry in ${path.relative(root, manifestPath)} (entries: ${htmlEntries.map(([k]) => k).join(', ') || 'none'}).`,
  );
}

/** The manifest keys of a chunk and everything it statically imports, transitively. */
function staticClosure(startKey, into = new Set()) {
  const stack = [startKey];
  while (stack.length > 0) {
    const key = stack.pop();
    if (into.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) fail(`manifest refers to ${key}, which it does not describe.`);
    into.add(key);
    for (const imported of chunk.imports ?? []) stack.push(imported);
  }
  return into;
}

const sizes = new Map();
function sizeOf(file) {
  let size = sizes.get(file);
  if (!size) {
    const absolute = path.join(distDir, file);
    if (!existsSync(absolute))
      fail(`manifest lists ${file}, but ${path.relative(root, absolute)} does not exist.`);
    const content = readFileSync(absolute);
    size = { raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
    sizes.set(file, size);
  }
  return size;
}

function measure(name, keys) {
  const files = [...new Set([...keys].map((key) => manifest[key].file))].filter((file) =>
    /\.[cm]?js$/.test(file),
  );
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const size = sizeOf(file);
    raw += size.raw;
    gzip += size.gzip;
  }
  return { name, files, raw, gzip, over: gzip > LIMIT_KB * KB };
}

const [mainKey] = mainEntry;
const entryKeys = staticClosure(mainKey);
const rows = [];
const problems = [];

for (const route of lazyRoutes) {
  const key = manifestKeyForModule(route.module);
  if (!key) {
    problems.push(
      `route ${route.path}: ${route.module} is not in the manifest (not lazily imported, or a stale build?)`,
    );
    continue;
  }
  rows.push(measure(route.path, staticClosure(key, new Set(entryKeys))));
}
for (const routePath of eagerRoutes) rows.push(measure(`${routePath} (no lazy chunk)`, entryKeys));
for (const [key, chunk] of htmlEntries) {
  if (key === mainKey) continue;
  // A light entry may paint first and import its app right after; every visitor still
  // downloads that app at once, so the entry's own dynamic imports count as initial JS.
  const keys = staticClosure(key);
  for (const imported of chunk.dynamicImports ?? []) staticClosure(imported, keys);
  rows.push(measure(`${chunk.src ?? key} (entry)`, keys));
}

// --- report
const kb = (bytes) => (bytes / KB).toFixed(1);
const header = ['route', 'files', 'raw kB', 'gzip kB', 'budget'];
const table = rows.map((r) => [
  r.name,
  String(r.files.length),
  kb(r.raw),
  kb(r.gzip),
  r.over
    ? `OVER by ${kb(r.gzip - LIMIT_KB * KB)} kB`
    : `ok (${Math.round((r.gzip / (LIMIT_KB * KB)) * 100)}%)`,
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
const line = (cells) =>
  cells
    .map((cell, i) => (i === 0 || i === cells.length - 1 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
    .join('  ')
    .trimEnd();

const entryOnly = measure('entry', entryKeys);
console.log(`initial JS per route, gzip level 9, budget ${LIMIT_KB} kB (1 kB = ${KB} bytes)`);
console.log(
  `entry ${mainKey}: ${entryOnly.files.length} files, ${kb(entryOnly.raw)} kB raw, ${kb(entryOnly.gzip)} kB gzip\n`,
);
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const [i, row] of table.entries()) {
  console.log(line(row));
  if (verbose) for (const file of rows[i].files) console.log(`    ${file}  ${kb(sizeOf(file).gzip)} kB gzip`);
}
console.log('');

for (const problem of problems) console.error(`budget: ${problem}`);
const over = rows.filter((r) => r.over);
if (over.length > 0 || problems.length > 0) {
  const parts = [];
  if (over.length > 0) {
    parts.push(
      `${over.length} of ${rows.length} routes over ${LIMIT_KB} KB: ${over.map((r) => `${r.name} ${kb(r.gzip)} kB`).join(', ')}`,
    );
  }
  if (problems.length > 0)
    parts.push(`${problems.length} route${problems.length === 1 ? '' : 's'} could not be measured`);
  console.log(`budget: ${parts.join('; ')}`);
  process.exit(1);
}
console.log(`budget: ${rows.length} routes, all within ${LIMIT_KB} KB`);
