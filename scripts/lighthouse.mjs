// Lighthouse (mobile, default throttling) over a list of routes, in Debian's Chromium.
//   node scripts/lighthouse.mjs [--base http://localhost:8080] [--min 100] /route1 /route2 ...
// Without --base it starts its own server (sandbox, fresh data dir) from the built web app.
// Prints Performance, Accessibility and Best Practices per route; with --min, exits 1 when a
// score is below it. DESIGN §4 budgets these at 100.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { startServer } from './lib/start-server.mjs';

const args = process.argv.slice(2);
const option = (name) => {
  const index = args.indexOf(name);
  if (index === -1) return undefined;
  const [value] = args.splice(index, 2).slice(1);
  return value;
};
let base = option('--base');
const min = option('--min');
const routes = args.length ? args : ['/testPreview'];

// Borrower pages need a session: routes may use {session} for the demo session query.
async function sessionQuery(url) {
  const response = await fetch(`${url}/dev/demo-session`);
  return response.ok ? new URLSearchParams(await response.json()).toString() : '';
}

const server = base ? null : await startServer();
base ??= server.url;
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const rows = [];
let failed = false;
try {
  for (const route of routes) {
    const target = `${base}${route.replace('{session}', await sessionQuery(base))}`;
    const result = await lighthouse(target, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    const { categories, audits } = result.lhr;
    const score = (key) => Math.round((categories[key]?.score ?? 0) * 100);
    const row = {
      route: route.replace('?{session}', '').replace('{session}', ''),
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcp: audits['first-contentful-paint']?.displayValue ?? '',
      lcp: audits['largest-contentful-paint']?.displayValue ?? '',
    };
    if (min && [row.performance, row.accessibility, row.bestPractices].some((value) => value < Number(min))) failed = true;
    rows.push(row);
  }
} finally {
  await chrome.kill();
  server?.stop();
}
console.log('route'.padEnd(22), 'perf', 'a11y', 'best', 'FCP'.padStart(8), 'LCP'.padStart(8));
for (const row of rows) {
  console.log(
    row.route.padEnd(22),
    String(row.performance).padStart(4),
    String(row.accessibility).padStart(4),
    String(row.bestPractices).padStart(4),
    row.fcp.padStart(8),
    row.lcp.padStart(8),
  );
}
if (failed) {
  console.error(`lighthouse: a score is below ${min}`);
  process.exit(1);
}
