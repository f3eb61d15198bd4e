import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OPERATOR_SESSION_COOKIE } from '@kwarta/contract';
import { loadConfig } from '../server/src/config.ts';
import { createDatabase } from '../server/src/db/database.ts';
import {
  createOperator,
  createOperatorSession,
} from '../server/src/features/operators/operator-repository.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { pageErrors, screenshot, useBrowser } from './support/browser.ts';
import { E2E_SERVER_MODE, startTestServer, type TestServer } from './support/test-server.ts';

// The console's Regulatory reports screen (decision 0106) on a server of its own with a CIC provider
// code: a finance operator generates a month's CIC file, downloads it and marks it sent, at a desk.
const PROVIDER = 'KWARTA01';
const browser = useBrowser();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { CIC_PROVIDER_CODE: PROVIDER } });
}, 60_000);
afterAll(async () => {
  const { crashed, output } = await server.stop();
  expect(crashed, output).toBeUndefined();
});

describe('Regulatory reports', () => {
  test('a finance operator generates, downloads and marks a month sent', async () => {
    const { db } = createDatabase(
      loadConfig({ ...E2E_SERVER_MODE, DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' }),
    );
    let token: string;
    try {
      const now = new Date();
      const operatorId = await createOperator(db, { name: `e2e-cic-${now.getTime()}`, role: 'finance', now });
      token = (await createOperatorSession(db, { operatorId, now })).token;
    } finally {
      await db.destroy();
    }
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      isMobile: false,
      hasTouch: false,
      acceptDownloads: true,
    });
    const url = new URL(server.baseUrl);
    await context.addCookies([
      { name: OPERATOR_SESSION_COOKIE, value: token, domain: url.hostname, path: '/console' },
    ]);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/console`);
    await page.getByRole('link', { name: 'Regulatory reports' }).click();
    await page.getByRole('heading', { name: 'Regulatory reports' }).waitFor();
    await page.getByText('No file generated yet.').waitFor();
    await expectNoAxeViolations(page, 'regulatory reports, empty');

    // A month before the demo's book: no contract, so the file is its header and footer, valid.
    await page.getByLabel('Month').fill('2026-01');
    await page.getByRole('button', { name: 'Generate CIC file' }).click();
    await page
      .getByText(/^Valid: KWARTA01_CSDF_\d{14}\.txt written with 0 borrowers and 0 contracts\.$/)
      .waitFor();
    const fileLink = page.getByRole('link', { name: /^KWARTA01_CSDF_\d{14}\.txt$/ });
    await fileLink.waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), fileLink.click()]);
    const stream = await download.createReadStream();
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    expect(text).toBe(`HD|${PROVIDER}|31012026|1.0|0|\nFT|${PROVIDER}|31012026|0\n`);

    await page.getByRole('button', { name: 'Mark sent' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark sent' }).click();
    await page.getByText(/marked sent\.$/).waitFor();
    // The row now says when and by whom, in place of the button.
    await page.getByRole('button', { name: 'Mark sent' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('cell', { name: / by operator:e2e-cic-/ }).count()).toBe(2);
    await expectNoAxeViolations(page, 'regulatory reports, a file sent');
    await screenshot(page, 'regulatory-reports-desktop', { fullPage: true });
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
