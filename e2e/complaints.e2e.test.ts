import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { Limits, messages } from '@kwarta/contract';
import { openLive, pageErrors, screenshot, useBrowser } from './support/browser.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { repoRoot } from './support/paths.ts';
import { demoSession, sessionQuery, type DemoSession } from './support/session.ts';

const baseUrl = inject('baseUrl');
const serverStore = inject('serverStore');
const phone = useBrowser();
const run = promisify(execFile);

interface OrderCard {
  orderId: number;
  orderNo: string;
  productName: string;
  statusText: string;
  isShow: number;
}

/** A call as the page makes it, for facts the test needs (which orders allow collection complaints). */
async function api<T>(session: DemoSession, apiPath: string, body: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${apiPath}?${sessionQuery(session)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  return (await response.json()) as { kwc: string; kwm: string; kwd: T };
}

async function orders(session: DemoSession) {
  const init = await api<{ orderList: OrderCard[] }>(session, '/user-problem/problem-init');
  return init.kwd.orderList;
}

/** A phone photo: 4000×3000, sideways with EXIF orientation 6, camera make and a GPS position. */
async function largePhonePhoto(): Promise<Buffer> {
  // A sky-to-grass gradient with sensor-like noise: looks like a photo and weighs like one (~3 MB).
  const gradient = await sharp(Buffer.from([110, 160, 220, 150, 190, 235, 70, 130, 60, 40, 100, 40]), {
    raw: { width: 1, height: 4, channels: 3 },
  })
    .resize(4000, 3000, { kernel: 'cubic', fit: 'fill' })
    .toBuffer();
  const noise = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
  })
    .png()
    .toBuffer();
  const pixels = await sharp(gradient, { raw: { width: 4000, height: 3000, channels: 3 } })
    .composite([{ input: noise, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .toBuffer();
  return sharp(pixels)
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'KwartaCam' }, IFD3: { GPSMapDatum: 'E2E-DATUM', GPSLatitudeRef: 'N' } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

const smallPng = (hue: number) =>
  sharp({ create: { width: 240, height: 180, channels: 3, background: { r: hue, g: 90, b: 200 } } })
    .png()
    .toBuffer();

async function replyByCli(problemId: string, text: string, image: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, ...serverStore, LOG_LEVEL: 'silent' };
  if (!serverStore.DATABASE_URL) delete env.DATABASE_URL;
  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/src/cli/complaint-reply.ts',
      '--problem',
      problemId,
      '--text',
      text,
      '--image',
      image,
    ],
    { cwd: repoRoot, env },
  );
  return stdout;
}

async function uploadedThumbnails(page: Page, count: number) {
  await expect.poll(() => page.locator('.kw-uploader__item img').count(), { timeout: 20_000 }).toBe(count);
  await expect
    .poll(() => page.locator('.kw-uploader__item[aria-busy="true"]').count(), { timeout: 20_000 })
    .toBe(0);
}

describe('complaints', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'kwarta-e2e-complaints-'));
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  test(
    'file a complaint with a large phone photo, follow it, read the CLI reply and rate the service once',
    { timeout: 90_000 },
    async () => {
      const session = await demoSession(baseUrl);
      const all = await orders(session);
      const target = all.find((order) => order.isShow === 1 && String(order.orderId) !== session.orderId)!;
      const page = await phone.newPage();

      // Complaint home: the card is the order the shell opened the page for; All picks another.
      await openLive(page, `${baseUrl}/complainPage?${sessionQuery(session)}`);
      // The demo session opens on the demo loan being repaid, ₱8,000 (server/src/db/seed.ts), printed
      // as the default market prints amounts: dot thousands, comma decimals (decision record 0013).
      const amount = page.locator('.order-card__row', { hasText: messages.orderCardAmount }).locator('dd');
      await expect.poll(() => amount.textContent()).toBe('₱8.000,00');
      await expectNoAxeViolations(page, 'complain page with its order card');
      await page.getByRole('button', { name: messages.complaintOrderAll }).click();
      await screenshot(page, 'complain-page-orders');
      await expectNoAxeViolations(page, 'complain page, order list open');
      await page.getByRole('button', { name: new RegExp(target.orderNo) }).click();
      await expect.poll(() => page.locator('.order-card__rows').textContent()).toContain(target.orderNo);
      await page.getByRole('button', { name: 'Collection complaint' }).click();
      await page.getByRole('button', { name: 'Calls at unreasonable hours' }).waitFor();
      await screenshot(page, 'complain-page');
      await expectNoAxeViolations(page, 'complain page, collection sub-types');
      await page.getByRole('button', { name: 'Calls at unreasonable hours' }).click();

      await page.waitForURL(/\/complainPageNext\?/);
      const next = new URL(page.url());
      expect(
        Object.fromEntries(
          ['problemType', 'problemSonType', 'orderNo', 'sessionId'].map((k) => [k, next.searchParams.get(k)]),
        ),
      ).toEqual({
        problemType: '1',
        problemSonType: '3',
        orderNo: target.orderNo,
        sessionId: session.sessionId,
      });
      expect(await page.evaluate(() => localStorage.getItem('kwarta:complaint:orderNo'))).toBe(
        target.orderNo,
      );
      await page.getByText('Calls at unreasonable hours').waitFor();

      const description = 'The collector called me at 11 pm three nights in a row.';
      await page.getByLabel(messages.complaintDescription).fill(description);
      await page.getByText(`${description.length}/${Limits.complaintTextMax}`).waitFor();
      await page.locator('input[type=file]').setInputFiles([
        { name: 'IMG_20261122_2301.jpg', mimeType: 'image/jpeg', buffer: await largePhonePhoto() },
        { name: 'screenshot.png', mimeType: 'image/png', buffer: await smallPng(30) },
      ]);
      await page.getByText(messages.uploadSucceeded, { exact: true }).first().waitFor({ state: 'attached' });
      await uploadedThumbnails(page, 2);
      await page.getByText('We will reply within 3 weekdays.').waitFor();
      await screenshot(page, 'complain-page-next');
      await expectNoAxeViolations(page, 'complain form with two photos');

      const historyLength = await page.evaluate(() => history.length);
      await page.getByRole('button', { name: messages.complaintSend, exact: true }).click();
      const modal = page.getByRole('dialog', { name: messages.complaintSent });
      await modal.waitFor();
      const shownAt = Date.now();
      await screenshot(page, 'complain-page-next-sent', { fullPage: false });
      await page.waitForURL((url) => url.pathname === '/complainPage', { timeout: 5_000 });
      const shownFor = Date.now() - shownAt;
      // Back on the order the complaint was about, not the one the shell opened the page for.
      await expect.poll(() => page.locator('.order-card__rows').textContent()).toContain(target.orderNo);
      expect(shownFor).toBeGreaterThan(Limits.complaintSentModalMs - 400);
      expect(shownFor).toBeLessThan(Limits.complaintSentModalMs + 2_000);
      expect(await page.evaluate(() => localStorage.getItem('kwarta:complaint:orderNo'))).toBeNull();
      // Replaced, not pushed: going back does not return to the sent form.
      expect(await page.evaluate(() => history.length)).toBe(historyLength);

      // The list: in progress until an agent answers.
      await page.getByRole('link', { name: messages.complaintOpenList }).click();
      await page.waitForURL(/\/complaintList\?/);
      const item = page.getByRole('link', { name: new RegExp(description) });
      await item.waitFor();
      expect(await page.getByRole('tab', { selected: true }).textContent()).toBe(
        messages.complaintTabInProgress,
      );
      await screenshot(page, 'complaint-list');
      await expectNoAxeViolations(page, 'complaint list, in progress');
      const problemId = new URL((await item.getAttribute('href'))!, baseUrl).searchParams.get('problemId')!;

      const replyImage = path.join(scratch, 'reply.png');
      await writeFile(replyImage, await smallPng(200));
      expect(
        await replyByCli(
          problemId,
          'We have warned the collection agency. Sorry for the trouble.',
          replyImage,
        ),
      ).toContain(`complaint ${problemId}`);

      await page.reload();
      await page.getByRole('tab', { name: messages.complaintTabReplied }).click();
      await expectNoAxeViolations(page, 'complaint list, replied');
      await page.getByRole('link', { name: new RegExp(description) }).click();
      await page.waitForURL(/\/complainDetails\?/);
      const openedAt = Date.now();
      await page.getByRole('heading', { name: messages.processResult }).waitFor();
      await page.getByText('We have warned the collection agency. Sorry for the trouble.').waitFor();
      // Read-only text, not form fields that look editable.
      const summary = page.locator('.complaint-summary');
      expect(await summary.locator('input, textarea').count()).toBe(0);
      const shown = (term: string) =>
        summary
          .locator('.complaint-summary__line', { has: page.getByText(term, { exact: true }) })
          .locator('dd')
          .first();
      expect(await shown(messages.complaintType).textContent()).toBe('Collection complaint');
      expect(await shown(messages.complaintSubType).textContent()).toBe('Calls at unreasonable hours');
      expect(await shown(messages.complaintContent).textContent()).toBe(description);
      await page.getByText(`${description.length}/${Limits.complaintTextMax}`).waitFor();
      // Every image (two of evidence, one of the reply) is served to its owner and decodes.
      await expect
        .poll(() =>
          page
            .locator('.image-grid img')
            .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).naturalWidth > 0)),
        )
        .toEqual([true, true, true]);

      // The rating modal comes 3 s after the detail loaded, not before.
      const rating = page.getByRole('dialog', { name: messages.rateThisService });
      await rating.waitFor({ timeout: 6_000 });
      const ratedAfter = Date.now() - openedAt;
      expect(ratedAfter).toBeGreaterThan(Limits.complaintRatingDelayMs - 300);
      await screenshot(page, 'complain-details-rating', { fullPage: false });
      await expectNoAxeViolations(page, 'complaint details, rating dialog');
      await rating.getByRole('radio', { name: '4 / 5' }).click();
      expect(await rating.getByRole('radio', { checked: true }).getAttribute('aria-label')).toBe('4 / 5');
      await rating.getByRole('button', { name: messages.complaintSend }).click();
      await page.getByText(messages.complaintRated, { exact: true }).first().waitFor({ state: 'attached' });
      await rating.waitFor({ state: 'hidden' });
      await screenshot(page, 'complain-details');
      await expectNoAxeViolations(page, 'complaint details, rated');

      // The large phone photo, enlarged: stored upright (portrait) and scaled to 2560 px at most.
      await page.getByRole('button', { name: `${messages.complaintImages} 1` }).click();
      const enlarged = page.getByRole('dialog', { name: messages.complaintEnlarged }).getByRole('img');
      await expect
        .poll(() =>
          enlarged.evaluate((img) => [
            (img as HTMLImageElement).naturalWidth,
            (img as HTMLImageElement).naturalHeight,
          ]),
        )
        .toEqual([1920, 2560]);
      await screenshot(page, 'complain-details-enlarged', { fullPage: false });
      await expectNoAxeViolations(page, 'complaint details, image enlarged');

      // Saved once: the server refuses a second score, and the modal does not come back.
      const again = await api(session, '/user-problem/save-score', { problemId, score: '5' });
      expect([again.kwc, again.kwm]).toEqual(['409', messages.complaintScoreSaved]);
      await page.reload();
      await page.getByRole('heading', { name: messages.processResult }).waitFor();
      await page.waitForTimeout(Limits.complaintRatingDelayMs + 800);
      expect(await page.getByRole('dialog', { name: messages.rateThisService }).count()).toBe(0);
      expect(pageErrors(page)).toEqual([]);
    },
  );

  test('refuses the collection type for an order whose isShow is not 1', async () => {
    const session = await demoSession(baseUrl);
    const refused = (await orders(session)).find((order) => order.isShow !== 1)!;
    const page = await phone.newPage();
    await openLive(page, `${baseUrl}/complainPage?${sessionQuery(session, { orderId: refused.orderId })}`);
    await page.getByRole('button', { name: 'Collection complaint' }).click();
    await page
      .getByText(messages.collectionTypeRefused, { exact: true })
      .first()
      .waitFor({ state: 'attached' });
    await screenshot(page, 'complain-page-collection-refused', { fullPage: false });
    await expectNoAxeViolations(page, 'complain page, collection refused toast');
    expect(await page.getByRole('button', { name: 'Calls at unreasonable hours' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/complainPage');
    // Any other type goes on, with the order remembered.
    await page.getByRole('button', { name: 'Repayment problem' }).click();
    await page.waitForURL(/\/complainPageNext\?/);
    expect(new URL(page.url()).searchParams.get('orderNo')).toBe(refused.orderNo);
  });

  test('the description: empty is refused, input beyond 200 characters is ignored', async () => {
    const session = await demoSession(baseUrl);
    const page = await phone.newPage();
    await openLive(
      page,
      `${baseUrl}/complainPageNext?${sessionQuery(session, { problemType: 2, problemSonType: '', orderNo: '' })}`,
    );
    await page.getByText('Repayment problem').waitFor();
    await page.getByRole('button', { name: messages.complaintSend, exact: true }).click();
    await page.getByText(messages.complaintEmpty, { exact: true }).first().waitFor({ state: 'attached' });
    expect(new URL(page.url()).pathname).toBe('/complainPageNext');
    await expectNoAxeViolations(page, 'complain form, empty refused toast');

    const box = page.getByLabel(messages.complaintDescription);
    await box.fill('a'.repeat(195));
    await box.press('End');
    await page.keyboard.type('bcdefghijkl');
    expect(await box.inputValue()).toBe(`${'a'.repeat(195)}bcdef`);
    await page.getByText(`${Limits.complaintTextMax}/${Limits.complaintTextMax}`).waitFor();
    // A paste far over the limit keeps only what fits.
    await box.fill('');
    await page.keyboard.insertText('x'.repeat(300));
    expect(await box.inputValue()).toBe('x'.repeat(Limits.complaintTextMax));
    await page.getByText(`${Limits.complaintTextMax}/${Limits.complaintTextMax}`).waitFor();
    await screenshot(page, 'complain-page-next-200');
    await expectNoAxeViolations(page, 'complain form at 200 characters');
  });

  test('at most 9 images: a tenth is not taken and the add tile goes away', { timeout: 60_000 }, async () => {
    const session = await demoSession(baseUrl);
    const page = await phone.newPage();
    await openLive(
      page,
      `${baseUrl}/complainPageNext?${sessionQuery(session, { problemType: 5, problemSonType: '', orderNo: '' })}`,
    );
    const files = await Promise.all(
      Array.from({ length: 10 }, async (_, index) => ({
        name: `photo-${index}.png`,
        mimeType: 'image/png',
        buffer: await smallPng(index * 20),
      })),
    );
    await page.locator('input[type=file]').setInputFiles(files);
    await uploadedThumbnails(page, Limits.complaintImagesMax);
    expect(await page.locator('input[type=file]').count()).toBe(0);
    await screenshot(page, 'complain-page-next-nine-images');
    await expectNoAxeViolations(page, 'complain form with nine photos');

    // Removing one brings the tile back and drops that image from what is sent.
    await page.getByRole('button', { name: `${messages.complaintRemoveImage} 9` }).click();
    await expect.poll(() => page.locator('.kw-uploader__item img').count()).toBe(8);
    expect(await page.locator('input[type=file]').count()).toBe(1);
    const saved = page.waitForRequest((request) => request.url().includes('/user-problem/problem-save'));
    await page.getByLabel(messages.complaintDescription).fill('Eight photos of the app error');
    await page.getByRole('button', { name: messages.complaintSend, exact: true }).click();
    const body = new URLSearchParams((await saved).postData() ?? '');
    expect(body.get('problemImage')?.split(',')).toHaveLength(8);
    await page.getByRole('dialog', { name: messages.complaintSent }).waitFor();
    // The sent dialog stays 1.5 s before the page moves on; axe checks it while it is up.
    await expectNoAxeViolations(page, 'complain form, sent dialog');
  });

  test('an upload the server refuses shows its message and leaves no thumbnail', async () => {
    const session = await demoSession(baseUrl);
    const page = await phone.newPage();
    await openLive(
      page,
      `${baseUrl}/complainPageNext?${sessionQuery(session, { problemType: 4, problemSonType: '', orderNo: '' })}`,
    );
    await page.locator('input[type=file]').setInputFiles({
      name: 'notes.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('not a photo at all'),
    });
    await page.getByText(messages.uploadNotImage, { exact: true }).first().waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('.kw-uploader__item img').count()).toBe(0);
    await expectNoAxeViolations(page, 'complain form, refused upload toast');
  });
});
