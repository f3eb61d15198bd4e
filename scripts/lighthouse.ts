// Lighthouse (mobile, default throttling) over a list of routes, in Debian's Chromium.
//   npm run lighthouse -- [--base http://localhost:8080] [--min 100] /route '/page?{session}' ...
// Without --base it starts its own sandbox server (fresh data) from the built web app.
// `{session}` in a route is replaced by a live demo-borrower session query. Prints
// Performance, Accessibility and Best Practices per route; with --min, exits 1 when any score
// is below it. DESIGN §4 budgets all three at 100.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { startTestServer, type TestServer } from '../e2e/support/test-server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';

const args = process.argv.slice(2);
function takeOption(name: string): string | undefined {
  const index = args.indexOf(name);
  if (index === -1) return undefined;
  return args.splice(index, 2)[1];
}
const givenBase = takeOption('--base');
const min = takeOption('--min');
const routes = args.length ? args : ['/testPreview'];

async function demoSessionQuery(base: string): Promise<string> {
  const response = await fetch(`${base}/dev/demo-session`);
  return response.ok ? new URLSearchParams((await response.json()) as Record<string, string>).toString() : '';
}

interface Row {
  route: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: string;
  lcp: string;
}

const server: TestServer | null = givenBase ? null : await startTestServer();
const base = givenBase ?? server!.baseUrl;
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});
const rows: Row[] = [];
try {
  for (const route of routes) {
    const target = `${base}${route.replace('{session}', await demoSessionQuery(base))}`;
    const result = await lighthouse(target, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    if (!result) throw new Error(`lighthouse returned nothing for ${route}`);
    const { categories, audits } = result.lhr;
    const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
    rows.push({
      route: route.replace(/[?&]?\{session\}/, ''),
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcp: audits['first-contentful-paint']?.displayValue?.toString() ?? '',
      lcp: audits['largest-contentful-paint']?.displayValue?.toString() ?? '',
    });
  }
} finally {
  chrome.kill();
  await server?.stop();
}

console.log(['route'.padEnd(28), 'perf', 'a11y', 'best', 'FCP'.padStart(8), 'LCP'.padStart(8)].join(' '));
for (const row of rows) {
  const scores = [row.performance, row.accessibility, row.bestPractices].map((value) =>
    String(value).padStart(4),
  );
  console.log([row.route.padEnd(28), ...scores, row.fcp.padStart(8), row.lcp.padStart(8)].join(' '));
}
const below = min
  ? rows.filter((row) => Math.min(row.performance, row.accessibility, row.bestPractices) < Number(min))
  : [];
if (below.length) {
  console.error(`lighthouse: below ${min} on ${below.map((row) => row.route).join(', ')}`);
  process.exit(1);
}
