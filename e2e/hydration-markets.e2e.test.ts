import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { pageLoads, type WebRoutePath } from '@kwarta/contract';
import { pageErrors, useBrowser } from './support/browser.ts';
import { demoSession, sessionQuery, type DemoSession } from './support/session.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Server and client render the same (DESIGN D5: one money style per market on both sides). Every
 * page the server renders with its data is loaded in each market, the spec's (the run's server)
 * and the default one, the Philippines (a server of its own), and any console error or warning
 * fails the test: React reports a hydration mismatch (#418, "did not match") there.
 */
const phone = useBrowser();
const markets: Record<'spec' | 'PH', string> = { spec: inject('baseUrl'), PH: '' };
let ph: TestServer;

beforeAll(async () => {
  // The default market: no MARKET at all. Its own SQLite file, so the two seeds never meet.
  ph = await startTestServer({ env: { MARKET: '', DATABASE_URL: '', REDIS_URL: '' } });
  markets.PH = ph.baseUrl;
}, 90_000);
afterAll(async () => {
  await ph?.stop();
});

/** The extra query each page needs to render its content rather than its empty state. */
function pageQuery(path: WebRoutePath, session: DemoSession): string {
  const extra: Record<string, string | number> =
    {
      '/complainDetails': { problemId: 1 },
      '/carpmm': { requestType: 1, amount: 1000, payCode: 'PC1' },
      '/loanAgreement': { position: 1 },
    }[path as string] ?? {};
  return sessionQuery(session, extra);
}

describe.each(['spec', 'PH'] as const)('server-rendered pages in the %s market', (market) => {
  test('hydrate with no console error or warning', async () => {
    const baseUrl = markets[market];
    const session = await demoSession(baseUrl);
    const paths = Object.keys(pageLoads) as WebRoutePath[];
    expect(paths).toEqual(expect.arrayContaining(['/repay', '/repayDelay', '/loanConfirm']));
    for (const path of paths) {
      const page = await phone.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      await page.goto(`${baseUrl}${path}?${pageQuery(path, session)}`, { waitUntil: 'networkidle' });
      // The server's render is there: the page is not an empty shell the browser filled alone.
      expect(await page.locator('#root').innerHTML(), path).not.toBe('');
      expect(problems, `${market} ${path}`).toEqual([]);
      expect(pageErrors(page), `${market} ${path}`).toEqual([]);
      await page.context().close();
    }
    // Fourteen pages loaded live, each to network idle: over 30 s on a loaded machine.
  }, 180_000);
});
