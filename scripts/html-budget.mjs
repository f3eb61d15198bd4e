#!/usr/bin/env node
// First-HTML budget of the static pages (DESIGN §4, D12): each page's HTML document, compressed
// as the server sends it to a browser (Accept-Encoding of Chromium), must fit in 14 KB — one TCP
// initial window — so its text and inline CSS arrive in the first round trip.
// Starts the built server itself (npm run build first), or measures --base <url>.
// Usage: node scripts/html-budget.mjs [--base http://localhost:8080]
import http from 'node:http';
import { startServer } from './lib/start-server.mjs';

const LIMIT_BYTES = 14 * 1024;
const ROUTES = ['/', '/About', '/Policy', '/Loan', '/dragonpayGuide'];

const baseIndex = process.argv.indexOf('--base');
const givenBase = baseIndex === -1 ? undefined : process.argv[baseIndex + 1];

/** The response body's bytes as they travel (no decompression), and its encoding. */
function fetchRaw(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd' } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            encoding: response.headers['content-encoding'] ?? 'identity',
            bytes: Buffer.concat(chunks).length,
          }),
        );
      },
    );
    request.on('error', reject);
  });
}

const server = givenBase ? null : await startServer();
const base = givenBase ?? server.url;
const rows = [];
try {
  for (const route of ROUTES) rows.push({ route, ...(await fetchRaw(`${base}${route}`)) });
} finally {
  server?.stop();
}

console.log(
  `first HTML of the static pages, compressed as sent, budget ${LIMIT_BYTES / 1024} KB (1 KB = 1024 bytes)\n`,
);
console.log('route'.padEnd(18), 'status', 'encoding'.padEnd(9), 'KB'.padStart(6), ' budget');
let failed = false;
for (const row of rows) {
  const over = row.status !== 200 || row.bytes > LIMIT_BYTES;
  failed ||= over;
  const verdict =
    row.status !== 200
      ? `FAILED (HTTP ${row.status})`
      : over
        ? 'OVER'
        : `ok (${Math.round((row.bytes / LIMIT_BYTES) * 100)}%)`;
  console.log(
    row.route.padEnd(18),
    String(row.status).padStart(6),
    row.encoding.padEnd(9),
    (row.bytes / 1024).toFixed(1).padStart(6),
    '',
    verdict,
  );
}
if (failed) {
  console.log('\nhtml-budget: a static page is over budget or did not answer');
  process.exit(1);
}
console.log(`\nhtml-budget: ${rows.length} pages, all within ${LIMIT_BYTES / 1024} KB`);
