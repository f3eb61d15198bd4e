// Lighthouse (mobile, default throttling) over a list of routes, in Debian's Chromium.
//   npm run lighthouse -- [--base http://localhost:8080] [--min 100] [--runs 3] /route '/page?{session}' ...
// Without --base it starts its own sandbox server (fresh data) from the built web app.
// `{session}` in a route is replaced by a live demo-borrower session query (a fresh one per run);
// `{session:declined}` (or approved, referred) by one of the demo applicant the credit model decided so;
// `{session:new-plan}` by the demo borrower's on its order with a new plan on offer (decision 0110).
// Prints Performance, Accessibility and Best Practices per route — with --runs N, the median
// run of N (by Performance, as Lighthouse's own guidance does) — and with --min, exits 1 when
// any score is below it. DESIGN §4 budgets all three at 100.
// The operator console: --desktop (Lighthouse's desktop preset) and --operator <role> (its own
// server only: an operator of that role is made and its session cookie sent), e.g.
//   npm run lighthouse -- --desktop --operator admin --runs 3 /console '/console#/orders'
// --save DIR keeps every run's whole report there (Lighthouse JSON), to see what cost a point.
// --borrower-routes audits every page a borrower can open (the static pages, the promotion landing
// and each app page with the demo borrower's session and records, and the declined applicant's
// order page), e.g. in each market:
//   npm run lighthouse -- --borrower-routes --min 100 --runs 3
//   MARKET=spec npm run lighthouse -- --borrower-routes --min 100 --runs 3
// --brand FILE starts its own server with BRAND_FILE=FILE (decision 0096), e.g. the second example:
//   npm run lighthouse -- --brand examples/brands/bayanihan-cash/brand.json --min 100 --runs 3 '/orderDetails?{session}'
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { E2E_SERVER_MODE, startTestServer, type TestServer } from '../e2e/support/test-server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import {
  OPERATOR_SESSION_COOKIE,
  isOperatorRole,
  sessionQueryFields,
  staticPagePaths,
  webRoutes,
} from '@kwarta/contract';
import { pageRoutes } from '../web/src/app/page-routes.ts';
import { loadConfig } from '../server/src/config.ts';
import { createDatabase } from '../server/src/db/database.ts';
import {
  createOperator,
  createOperatorSession,
} from '../server/src/features/operators/operator-repository.ts';

const args = process.argv.slice(2);
function takeOption(name: string): string | undefined {
  const index = args.indexOf(name);
  if (index === -1) return undefined;
  return args.splice(index, 2)[1];
}
const givenBase = takeOption('--base');
const min = takeOption('--min');
const runs = Number(takeOption('--runs') ?? '1');
const desktopIndex = args.indexOf('--desktop');
const desktop = desktopIndex !== -1 && args.splice(desktopIndex, 1).length === 1;
const operatorRole = takeOption('--operator');
// Where to keep every run's whole report (Lighthouse JSON), to see what cost a point afterwards.
const saveDir = takeOption('--save');
// A lender's brand (its own server only): the server it starts inherits this environment.
const brandFile = takeOption('--brand');
if (brandFile) process.env.BRAND_FILE = path.resolve(brandFile);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of at least 1');
const borrowerRoutesIndex = args.indexOf('--borrower-routes');
const borrowerRoutes = borrowerRoutesIndex !== -1 && args.splice(borrowerRoutesIndex, 1).length === 1;
const routes = [...(borrowerRoutes ? everyBorrowerRoute() : []), ...args];
if (!routes.length) routes.push('/testPreview');

/**
 * Every page a borrower opens, each showing the demo data (README): a page that needs a record
 * beyond the session's order is given one of the demo borrower's.
 */
function everyBorrowerRoute(): string[] {
  const demoRecord: Partial<Record<string, string>> = { [webRoutes.complainDetails]: '&problemId=1' };
  return [
    ...staticPagePaths,
    `${webRoutes.promotion}?id=1&utm_tag=fb-payday`,
    ...pageRoutes.map(({ path }) =>
      // The new plan page shows the demo's plan on offer, not the order being repaid (which has none).
      path === webRoutes.newPlan
        ? `${path}?{session:new-plan}`
        : `${path}?{session}${demoRecord[path] ?? ''}`,
    ),
    // The order page of the demo applicant the credit model declined: its reasons and review button.
    `${webRoutes.orderDetails}?{session:declined}`,
  ];
}

/**
 * `{session}`, `{session:declined}` for a demo applicant the credit model decided so, or
 * `{session:new-plan}` for the demo borrower's order with a new plan on offer.
 */
const SESSION_PLACEHOLDER = /\{session(?::(approved|declined|referred|new-plan))?\}/;

async function demoSessionQuery(base: string, choice: string | undefined): Promise<string> {
  const query = choice === 'new-plan' ? '?order=new-plan' : choice ? `?applicant=${choice}` : '';
  const response = await fetch(`${base}/dev/demo-session${query}`);
  if (!response.ok) throw new Error(`${base}/dev/demo-session: ${response.status} ${await response.text()}`);
  return new URLSearchParams((await response.json()) as Record<string, string>).toString();
}

async function withSession(route: string): Promise<string> {
  const placeholder = SESSION_PLACEHOLDER.exec(route);
  return placeholder ? route.replace(placeholder[0], await demoSessionQuery(base, placeholder[1])) : route;
}

interface Row {
  route: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: string;
  lcp: string;
  /** Performance of every run, for the report. */
  performances: number[];
}

/** A route as the report names it: without the session query, whether `{session}` or spelled out. */
function routeLabel(route: string): string {
  const [pathName, query = ''] = route.split('?') as [string, string?];
  const applicant = SESSION_PLACEHOLDER.exec(query)?.[1];
  const params = new URLSearchParams(query.replace(SESSION_PLACEHOLDER, ''));
  for (const key of sessionQueryFields) params.delete(key);
  const rest = params.toString();
  const label = rest ? `${pathName}?${rest}` : pathName;
  return applicant ? `${label} (${applicant})` : label;
}

/** The median run: sorted by Performance, then by LCP so ties pick the middle one too. */
function medianRun(results: { row: Row; lcpMs: number }[]): Row {
  const sorted = [...results].sort((a, b) => a.row.performance - b.row.performance || b.lcpMs - a.lcpMs);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!.row;
  return { ...median, performances: results.map((result) => result.row.performance) };
}

// Credit decisions on, as a lender runs them (the e2e server turns them off): the demo's
// applicants are seeded, so `{session:declined}` has a declined order to open.
const server: TestServer | null = givenBase
  ? null
  : await startTestServer({ env: { CREDIT_DECISIONS: 'auto' } });
const base = givenBase ?? server!.baseUrl;

async function operatorCookie(): Promise<Record<string, string> | undefined> {
  if (!operatorRole) return undefined;
  if (!server || !isOperatorRole(operatorRole))
    throw new Error("--operator <role> works with the script's own server only");
  const { db } = createDatabase(
    loadConfig({ ...E2E_SERVER_MODE, DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' }),
  );
  try {
    const now = new Date();
    const operatorId = await createOperator(db, {
      name: `lighthouse-${operatorRole}-${now.getTime()}`,
      role: operatorRole,
      now,
    });
    const { token } = await createOperatorSession(db, { operatorId, now });
    return { Cookie: `${OPERATOR_SESSION_COOKIE}=${token}` };
  } finally {
    await db.destroy();
  }
}
const extraHeaders = await operatorCookie();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});
const header = ['route'.padEnd(28), 'perf', 'a11y', 'best', 'FCP'.padStart(8), 'LCP'.padStart(8)];
console.log([...header, ...(runs > 1 ? [`  perf of ${runs} runs`] : [])].join(' '));
const rows: Row[] = [];
try {
  for (const [routeIndex, route] of routes.entries()) {
    const results: { row: Row; lcpMs: number }[] = [];
    for (let run = 0; run < runs; run += 1) {
      const target = `${base}${await withSession(route)}`;
      const result = await lighthouse(
        target,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          ...(extraHeaders ? { extraHeaders } : {}),
        },
        desktop ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`lighthouse returned nothing for ${route}`);
      const { categories, audits } = result.lhr;
      if (saveDir) {
        await mkdir(saveDir, { recursive: true });
        // The path names the file; the query (a session, pay codes) would make it too long.
        const pathName =
          route
            .split('?')[0]!
            .replace(/[^a-zA-Z0-9]+/g, '_')
            .replace(/^_|_$/g, '') || 'root';
        const name = `${String(routeIndex + 1).padStart(2, '0')}-${pathName}-${run + 1}.json`;
        await writeFile(path.join(saveDir, name), JSON.stringify(result.lhr));
      }
      const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
      // Say which audits cost points outside Performance, so a 96 can be fixed without a rerun.
      for (const key of ['accessibility', 'best-practices']) {
        const failing = (categories[key]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => ref.id);
        if (failing.length) console.error(`${route}: ${key} loses on ${failing.join(', ')}`);
        for (const id of failing) console.error(JSON.stringify(audits[id]?.details).slice(0, 600));
      }
      results.push({
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? 0,
        row: {
          route: routeLabel(route),
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          fcp: audits['first-contentful-paint']?.displayValue?.toString() ?? '',
          lcp: audits['largest-contentful-paint']?.displayValue?.toString() ?? '',
          performances: [],
        },
      });
    }
    const row = medianRun(results);
    rows.push(row);
    printRow(row);
  }
} finally {
  chrome.kill();
  await server?.stop();
}

// Each route's row as soon as its runs are done, so a long list shows progress (and what a crash kept).
function printRow(row: Row) {
  const scores = [row.performance, row.accessibility, row.bestPractices].map((value) =>
    String(value).padStart(4),
  );
  const each = runs > 1 ? [`  ${row.performances.join(' ')}`] : [];
  console.log([row.route.padEnd(28), ...scores, row.fcp.padStart(8), row.lcp.padStart(8), ...each].join(' '));
}
const below = min
  ? rows.filter((row) => Math.min(row.performance, row.accessibility, row.bestPractices) < Number(min))
  : [];
if (below.length) {
  console.error(`lighthouse: below ${min} on ${below.map((row) => row.route).join(', ')}`);
  process.exit(1);
}
