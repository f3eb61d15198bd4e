import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OPERATOR_SESSION_COOKIE, webRoutes } from '@kwarta/contract';
import { loadConfig } from '../server/src/config.ts';
import { createDatabase } from '../server/src/db/database.ts';
import {
  createOperator,
  createOperatorSession,
} from '../server/src/features/operators/operator-repository.ts';
import { pageErrors, screenshot, useBrowser } from './support/browser.ts';
import { repoRoot } from './support/paths.ts';
import { uniquePhone } from './support/promotion.ts';
import { demoSession, sessionQuery } from './support/session.ts';
import { E2E_SERVER_MODE, startTestServer, type TestServer } from './support/test-server.ts';

// The second example brand, set by the environment alone on a server of its own (the run's
// shared server keeps Kwarta's): its colour and logo on the official site, the landing, an order
// page and the console, with no rebuild (decision 0096).
const BRAND_FILE = path.join(repoRoot, 'examples/brands/bayanihan-cash/brand.json');
const PRIMARY = 'rgb(29, 78, 216)'; // #1d4ed8
const browser = useBrowser();
let server: TestServer;

beforeAll(async () => {
  // startTestServer hands the server this process's environment (test-server.ts serverEnv).
  // As the README writes it: relative to the repository, where the server starts (the Brand
  // screen shows the path, and a checkout's own path must not decide the scan below).
  process.env.BRAND_FILE = path.relative(repoRoot, BRAND_FILE);
  try {
    server = await startTestServer();
  } finally {
    delete process.env.BRAND_FILE;
  }
}, 60_000);
afterAll(async () => {
  const { crashed, output } = await server.stop();
  expect(crashed, output).toBeUndefined();
});

/** Whether an image has loaded and has a size (a broken image has naturalWidth 0). */
const imageLoaded = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);

const backgroundOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);

/** Fails naming where a text says Kwarta (any case), with the words around it. */
function expectNoKwarta(text: string, where: string): void {
  const found = /kwarta/i.exec(text);
  expect(found ? text.slice(Math.max(0, found.index - 80), found.index + 80) : null, where).toBeNull();
}

describe('a second brand by environment only', () => {
  test('no page, SMS, manifest or console page says Kwarta', async () => {
    const session = await demoSession(server.baseUrl);
    const urls = [
      ...Object.values(webRoutes).map((route) => `${route}?${sessionQuery(session)}`),
      '/promotion?id=1',
      '/no-such-page',
      '/console',
      '/manifest.webmanifest',
    ];
    for (const url of urls) {
      // As the server sends it (what a phone paints first, and what a crawler reads)…
      const sent = await fetch(`${server.baseUrl}${url}`, { headers: { accept: 'text/html' } });
      expectNoKwarta(await sent.text(), `${url} as sent`);
      if (url === '/manifest.webmanifest') continue;
      // …and as the browser shows it once its script has run and its calls have answered.
      const page = await browser.newPage();
      await page.goto(`${server.baseUrl}${url}`, { waitUntil: 'networkidle' });
      expectNoKwarta(`${await page.title()}\n${await page.content()}`, `${url} in the browser`);
      await page.close();
    }

    // The login SMS signs with the brand.
    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
    const phone = uniquePhone('PH'); // this server runs the default market
    const { kwd } = (await (await fetch(`${server.baseUrl}/api/v2/youmi/promotion/get-sid`)).json()) as {
      kwd: { sid: string };
    };
    await fetch(`${server.baseUrl}/api/v2/youmi/promotion/get-captcha?sid=${kwd.sid}&t=1`);
    const { answer } = (await (await fetch(`${server.baseUrl}/dev/captcha?sid=${kwd.sid}`)).json()) as {
      answer: string;
    };
    const sent = await fetch(
      `${server.baseUrl}/api/v2/youmi/auth/send-login-code`,
      form({ phone, capcode: answer, sid: kwd.sid, deviceId: 'brand-e2e' }),
    );
    expect(((await sent.json()) as { kwc: string }).kwc).toBe('00');
    const outbox = (await (await fetch(`${server.baseUrl}/dev/sms-outbox?phone=${phone}`)).json()) as {
      messages: { text: string }[];
    };
    expect(outbox.messages[0]?.text).toMatch(/^\[Bayanihan Cash\] Your verification code is \d{6}\./);
    expectNoKwarta(JSON.stringify(outbox), 'the SMS outbox');
  }, 180_000);

  test("the official site shows the brand's logo and colour", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/`);
    await expect(page.getByRole('img', { name: 'Bayanihan Cash' }).isVisible()).resolves.toBe(true);
    expect(await imageLoaded(page, 'img.site-logo')).toBe(true);
    expect(await backgroundOf(page, '.site-nav a[aria-current="true"]')).toBe(PRIMARY);
    expect(await page.title()).toBe('Bayanihan Cash');
    await screenshot(page, 'brand-e2e-home', { fullPage: false });
    expect(pageErrors(page)).toEqual([]);
  });

  test("the landing shows the brand's icon and colour", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/promotion?id=1`);
    expect(await imageLoaded(page, '.promo-hero img')).toBe(true);
    const icon = await page.locator('.promo-hero img').first().getAttribute('src');
    const served = await fetch(`${server.baseUrl}${icon}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    const apply = page.getByRole('button', { name: 'Apply' });
    expect(await apply.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe(PRIMARY);
    await screenshot(page, 'brand-e2e-promotion', { fullPage: false });
    expect(pageErrors(page)).toEqual([]);
  });

  test("an order page's buttons take the brand's colour, its favicon the brand's", async () => {
    const page = await browser.newPage();
    const session = await demoSession(server.baseUrl);
    await page.goto(`${server.baseUrl}/orderDetails?${sessionQuery(session)}`);
    await page.getByRole('heading', { name: 'Order Details' }).waitFor();
    expect(await backgroundOf(page, '.button:not(.button-secondary)')).toBe(PRIMARY);
    await screenshot(page, 'brand-e2e-order-details', { fullPage: false });
    const favicon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(favicon).toMatch(/^\/brand\/favicon\?v=/);
    const manifest = await (await fetch(`${server.baseUrl}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ name: 'Bayanihan Cash', theme_color: '#1d4ed8' });
    expect(pageErrors(page)).toEqual([]);
  });

  test("the console shows the brand's logo and colour", async () => {
    const { db } = createDatabase(
      loadConfig({ ...E2E_SERVER_MODE, DATA_DIR: server.dataDir, LOG_LEVEL: 'silent', BRAND_FILE }),
    );
    let token: string;
    try {
      const now = new Date();
      const operatorId = await createOperator(db, { name: `e2e-brand-${now.getTime()}`, role: 'admin', now });
      token = (await createOperatorSession(db, { operatorId, now })).token;
    } finally {
      await db.destroy();
    }
    // The console is a desk's screen (decision 0080).
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      isMobile: false,
      hasTouch: false,
    });
    const url = new URL(server.baseUrl);
    await context.addCookies([
      { name: OPERATOR_SESSION_COOKIE, value: token, domain: url.hostname, path: '/console' },
    ]);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/console#/brand`);
    await page.getByRole('heading', { name: 'Brand' }).waitFor();
    await expect(page.getByRole('img', { name: 'Bayanihan Cash' }).isVisible()).resolves.toBe(true);
    expect(await imageLoaded(page, '.brand img')).toBe(true);
    expect(await backgroundOf(page, 'button[type="submit"]')).toBe(PRIMARY);
    await expect(page.getByLabel('Primary colour', { exact: false }).inputValue()).resolves.toBe('#1d4ed8');
    await page.getByText('From BRAND_FILE (examples/brands/bayanihan-cash/brand.json).').first().waitFor();
    expect(await page.getByRole('button', { name: 'Reset to the configured brand' }).count()).toBe(0);
    expectNoKwarta(`${await page.title()}\n${await page.content()}`, 'the console signed in');
    await screenshot(page, 'brand-e2e-console', { fullPage: false });

    // A pale primary is refused with its figure and changes nothing; a readable one shows on the
    // next load of any page, without a restart.
    const primary = page.getByLabel('Primary colour', { exact: false });
    await primary.fill('#7fd3b5');
    await page.getByRole('button', { name: 'Save brand' }).click();
    await page
      .getByText('Primary colour #7fd3b5 has contrast 1.7:1 with white text; WCAG AA needs 4.5:1')
      .waitFor();
    const site = await browser.newPage();
    await site.goto(`${server.baseUrl}/`);
    expect(await backgroundOf(site, '.site-nav a[aria-current="true"]')).toBe(PRIMARY);
    await primary.fill('#9a3412');
    await page.getByRole('button', { name: 'Save brand' }).click();
    await page.getByText('Saved. Pages show the brand from their next load.').waitFor();
    await site.reload();
    expect(await backgroundOf(site, '.site-nav a[aria-current="true"]')).toBe('rgb(154, 52, 18)');

    // The screen says the save overrides the configuration, and the reset brings it back.
    await page.getByText('The saved brand overrides the configured primary.').waitFor();
    await screenshot(page, 'brand-e2e-console-overridden', { fullPage: false });
    await page.getByRole('button', { name: 'Reset to the configured brand' }).click();
    await page.getByText('Reset. Pages show the configured brand from their next load.').waitFor();
    await page.getByText('The configured brand shows: no admin has saved one.').waitFor();
    await expect.poll(() => primary.inputValue()).toBe('#1d4ed8');
    await screenshot(page, 'brand-e2e-console-reset', { fullPage: false });
    await site.reload();
    expect(await backgroundOf(site, '.site-nav a[aria-current="true"]')).toBe(PRIMARY);
  });
});
