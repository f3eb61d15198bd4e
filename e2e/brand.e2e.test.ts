import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OPERATOR_SESSION_COOKIE } from '@kwarta/contract';
import { loadConfig } from '../server/src/config.ts';
import { createDatabase } from '../server/src/db/database.ts';
import {
  createOperator,
  createOperatorSession,
} from '../server/src/features/operators/operator-repository.ts';
import { pageErrors, screenshot, useBrowser } from './support/browser.ts';
import { repoRoot } from './support/paths.ts';
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
  process.env.BRAND_FILE = BRAND_FILE;
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

describe('a second brand by environment only', () => {
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
  });
});
