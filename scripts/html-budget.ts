// First-HTML budget of the static pages (DESIGN §4, D12): each page's HTML document, compressed
// as the server sends it to a browser (Chromium's Accept-Encoding), must fit in 14 KB — one TCP
// initial window — so its text and inline CSS arrive in the first round trip.
//   npm run budget            (after npm run build; starts its own sandbox server)
//   node --import tsx scripts/html-budget.ts --base http://localhost:8080
// Exits 1 when a page is over budget or does not answer 200.
import http from 'node:http';
import { staticPagePaths } from '@kwarta/contract';
import { startTestServer, type TestServer } from '../e2e/support/test-server.ts';

const LIMIT_BYTES = 14 * 1024;

interface Row {
  route: string;
  status: number;
  encoding: string;
  bytes: number;
}

/** The response body's bytes as they travel (not decompressed), and its encoding. */
function fetchRaw(url: string): Promise<Omit<Row, 'route'>> {
  return new Promise((resolve, reject) => {
    const headers = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd' };
    const request = http.get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          encoding: String(response.headers['content-encoding'] ?? 'identity'),
          bytes: Buffer.concat(chunks).length,
        }),
      );
    });
    request.on('error', reject);
  });
}

const baseIndex = process.argv.indexOf('--base');
const givenBase = baseIndex === -1 ? undefined : process.argv[baseIndex + 1];
const server: TestServer | null = givenBase ? null : await startTestServer();
const base = givenBase ?? server!.baseUrl;
const rows: Row[] = [];
try {
  for (const route of staticPagePaths) rows.push({ route, ...(await fetchRaw(`${base}${route}`)) });
} finally {
  await server?.stop();
}

console.log(
  `first HTML of the static pages, compressed as sent, budget ${LIMIT_BYTES / 1024} KB (1 KB = 1024 bytes)\n`,
);
console.log('route'.padEnd(18), 'status', 'encoding'.padEnd(9), 'KB'.padStart(6), ' budget');
let failed = false;
for (const row of rows) {
  const over = row.status !== 200 || row.bytes > LIMIT_BYTES;
  failed ||= over;
  const share = `ok (${Math.round((row.bytes / LIMIT_BYTES) * 100)}%)`;
  const verdict = row.status !== 200 ? `FAILED (HTTP ${row.status})` : over ? 'OVER' : share;
  const kb = (row.bytes / 1024).toFixed(1).padStart(6);
  console.log(row.route.padEnd(18), String(row.status).padStart(6), row.encoding.padEnd(9), kb, '', verdict);
}
if (failed) {
  console.log('\nhtml-budget: a static page is over budget or did not answer');
  process.exit(1);
}
console.log(`\nhtml-budget: ${rows.length} pages, all within ${LIMIT_BYTES / 1024} KB`);
