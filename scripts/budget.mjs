#!/usr/bin/env node
// Route JS budget (DESIGN §4): the JavaScript a first-time visitor of each route downloads
// before the page can run — the entry chunk of index.html with its static imports and the
// modules it imports for itself (React DOM), plus the
// route's lazily-loaded chunk with its static imports (transitive, each file counted once) —
// gzip-compressed at level 9 as a server would send it, must stay within 100 kB.
// Extra entries (e.g. a light promotion landing, the static pages' hydration module) are routes
// of their own.
//
// Reads web/dist/.vite/manifest.json (npm run build) and imports web/src/app/page-routes.ts
// (hence tsx).
// Usage: node --import tsx scripts/budget.mjs [--root <repo root>] [--verbose]
// Exits 1 when a route is over budget or the inputs cannot be read.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  entryBootClosure,
  manifestKeyForModule,
  staticClosure as closure,
} from '../web/build/route-table.mjs';

const LIMIT_KB = 100;
// The operator console (decision 0080) is a desktop entry of its own, never loaded by a borrower page.
const ENTRY_LIMITS_KB = { 'console.html': 200 };
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
    else
      fail(
        `unknown argument ${arg} (usage: node --import tsx scripts/budget.mjs [--root <dir>] [--verbose])`,
      );
  }
  return args;
}

const { root, verbose } = parseArgs(process.argv.slice(2));
const webDir = path.join(root, 'web'); // Vite's root: manifest keys are relative to it.
const distDir = path.join(webDir, 'dist');
const manifestPath = path.join(distDir, '.vite', 'manifest.json');

if (!existsSync(manifestPath)) {
  fail(
    `${path.relative(root, manifestPath)} is missing — run \`npm run build\` first (vite build with build.manifest: true).`,
  );
}

const pageRoutesPath = path.join(webDir, 'src', 'app', 'page-routes.ts');
if (!existsSync(pageRoutesPath)) fail(`${path.relative(root, pageRoutesPath)} is missing.`);
const { pageRoutes } = await import(pathToFileURL(pageRoutesPath).href);

/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

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

function staticClosure(startKey, into = new Set()) {
  try {
    return closure(manifest, startKey, into);
  } catch (error) {
    fail(error.message);
  }
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

function measure(name, keys, limitKb = LIMIT_KB) {
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
  return { name, files, raw, gzip, limitKb, over: gzip > limitKb * KB };
}

const [mainKey] = mainEntry;
const rows = [];
const problems = [];
const routeKeys = new Map();
for (const route of pageRoutes) {
  const key = manifestKeyForModule(manifest, { webDir, specifier: route.module });
  if (key) routeKeys.set(route.path, key);
  else
    problems.push(
      `route ${route.path}: ${route.module} is not in the manifest (not lazily imported, or a stale build?)`,
    );
}
// The entry with its static imports and what it imports for itself (React DOM).
const entryKeys = entryBootClosure(manifest, mainKey, new Set(routeKeys.values()), staticClosure(mainKey));

for (const [routePath, key] of routeKeys)
  rows.push(measure(routePath, staticClosure(key, new Set(entryKeys))));
// Every other entry (an extra HTML page, or a JS entry such as the static pages' hydration module).
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isEntry || key === mainKey) continue;
  // Code the entry loads itself once the page is up (the static pages' hydration) counts too:
  // the page needs it to become interactive.
  const keys = staticClosure(key);
  for (const imported of chunk.dynamicImports ?? []) staticClosure(imported, keys);
  rows.push(measure(`${chunk.src ?? key} (entry)`, keys, ENTRY_LIMITS_KB[chunk.src ?? key]));
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
    ? `OVER by ${kb(r.gzip - r.limitKb * KB)} kB`
    : `ok (${Math.round((r.gzip / (r.limitKb * KB)) * 100)}%${r.limitKb === LIMIT_KB ? '' : ` of ${r.limitKb} kB`})`,
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
console.log(
  `budget: ${rows.length} routes, all within ${LIMIT_KB} KB (${Object.entries(ENTRY_LIMITS_KB)
    .map(([entry, limit]) => `${entry} within its own ${limit} KB`)
    .join(', ')})`,
);
