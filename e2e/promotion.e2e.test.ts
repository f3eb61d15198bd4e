import { describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '@kwarta/contract';
import { expectNoAxeViolations } from './support/axe.ts';
import { pageErrors, screenshot, useBrowser } from './support/browser.ts';
import { captchaAnswer, expectToast, latestSmsCode, uniquePhone } from './support/promotion.ts';

const baseUrl = inject('baseUrl');
const phone = useBrowser();

const CAMPAIGN =
  'id=1&app_from=fb&user_from=ads-7&utm_tag=e2e-spring&links_id=77&down_id=88&invite_code=INV9&UC=u1';
let visitor = 0;

/** A landing page as a visitor from its own address (limits per IP stay per test). */
async function openLanding(query = CAMPAIGN): Promise<Page> {
  visitor += 1;
  const page = await phone.newPage({ extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${visitor}` } });
  await page.goto(`${baseUrl}/promotion?${query}`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toContain('Cash loans');
  return page;
}

const phoneField = (page: Page) => page.getByLabel(messages.promotionPhoneLabel);
const captchaField = (page: Page) => page.getByLabel(messages.promotionCaptchaLabel, { exact: true });
const smsField = (page: Page) => page.getByLabel(messages.promotionSmsCodeLabel);
const getCode = (page: Page) => page.getByRole('button', { name: messages.promotionGetCode });
const apply = (page: Page) => page.getByRole('button', { name: messages.promotionApply });

async function requestCode(page: Page, number: string): Promise<void> {
  await phoneField(page).fill(number);
  await captchaField(page).fill(await captchaAnswer(baseUrl, page));
  await getCode(page).click();
}

function downloadHashOf(page: Page): URLSearchParams {
  const hash = new URL(page.url()).hash;
  expect(hash.startsWith('#/downloadTemplate?')).toBe(true);
  return new URLSearchParams(hash.slice('#/downloadTemplate?'.length));
}

describe('promotion landing', () => {
  const registeredPhone = uniquePhone();

  test('a new phone registers with the code from the outbox and lands on the download page with the campaign', async () => {
    const page = await openLanding();
    await screenshot(page, 'promotion-landing');
    await expectNoAxeViolations(page, 'promotion landing');
    await requestCode(page, registeredPhone);
    await expectToast(page, messages.smsSent);
    await expect.poll(() => page.locator('.promo-get-code').innerText()).toMatch(/^(60|59|58)s$/);
    await screenshot(page, 'promotion-code-sent');
    await expectNoAxeViolations(page, 'promotion landing, code sent toast and countdown');

    // A second tap during the countdown is refused and sends nothing.
    await page.locator('.promo-get-code').click();
    await expectToast(page, messages.smsResendRefused);
    const outbox = (await (await fetch(`${baseUrl}/dev/sms-outbox?phone=${registeredPhone}`)).json()) as {
      messages: unknown[];
    };
    expect(outbox.messages).toHaveLength(1);

    await smsField(page).fill((await latestSmsCode(baseUrl, registeredPhone))!);
    await apply(page).click();
    await expectToast(page, messages.registered);
    await expect.poll(() => new URL(page.url()).hash).toContain('#/downloadTemplate');
    expect(Object.fromEntries(downloadHashOf(page))).toEqual({
      app_from: 'fb',
      user_from: 'ads-7',
      utm_tag: 'e2e-spring',
      id: '1',
      links_id: '77',
    });

    const android = page.getByRole('link', { name: messages.promotionDownloadAndroid });
    expect(await android.getAttribute('href')).toMatch(/^https:\/\/play\.google\.com\//);
    expect(
      await page.getByRole('link', { name: messages.promotionDownloadIos }).getAttribute('href'),
    ).toMatch(/^https:\/\/apps\.apple\.com\//);
    expect(await page.getByRole('link', { name: messages.promotionOpenApp }).getAttribute('href')).toBe(
      'kwarta://open',
    );
    await screenshot(page, 'promotion-download');
    await expectNoAxeViolations(page, 'promotion download page');
    expect(pageErrors(page)).toEqual([]);
  });

  test('the same phone again gets the already-registered toast and the download page', async () => {
    const page = await openLanding('id=1&app_from=fb&utm_tag=e2e-again&down_id=88');
    await requestCode(page, registeredPhone);
    await expectToast(page, messages.alreadyRegistered);
    await expect.poll(() => new URL(page.url()).hash).toContain('#/downloadTemplate');
    expect(Object.fromEntries(downloadHashOf(page))).toEqual({
      app_from: 'fb',
      utm_tag: 'e2e-again',
      id: '1',
      down_id: '88',
    });
    await page.getByRole('link', { name: messages.promotionDownloadAndroid }).waitFor();
    await expectNoAxeViolations(page, 'promotion download page after already registered');
  });

  test('a wrong captcha reloads the image and shows the server message', async () => {
    const page = await openLanding();
    await phoneField(page).fill(uniquePhone());
    const answer = await captchaAnswer(baseUrl, page);
    const srcBefore = await page.locator('.promo-captcha img').getAttribute('src');
    await captchaField(page).fill(answer === 'AAAA' ? 'CCCC' : 'AAAA');
    await getCode(page).click();
    await expectToast(page, messages.captchaWrong);
    await expect.poll(() => page.locator('.promo-captcha img').getAttribute('src')).not.toBe(srcBefore);
    expect(await captchaField(page).inputValue()).toBe('');
    // The new image has its own answer, and it works.
    await captchaField(page).fill(await captchaAnswer(baseUrl, page));
    await getCode(page).click();
    await expectToast(page, messages.smsSent);
    await screenshot(page, 'promotion-wrong-captcha-then-sent');
    await expectNoAxeViolations(page, 'promotion landing after a wrong captcha');
  });

  test('shows every validation message of spec §5 and limits the fields to 11 / 4 / 6', async () => {
    const page = await openLanding();
    await getCode(page).click();
    await expectToast(page, messages.phoneInvalid);

    // Refreshing the captcha needs a valid phone.
    const srcBefore = await page.locator('.promo-captcha img').getAttribute('src');
    await phoneField(page).fill('1281234');
    await page.getByRole('button', { name: messages.promotionCaptchaImageAlt }).click();
    await expectToast(page, messages.phoneInvalid);
    expect(await page.locator('.promo-captcha img').getAttribute('src')).toBe(srcBefore);

    await phoneField(page).fill('');
    await phoneField(page).pressSequentially('139123456789999');
    expect(await phoneField(page).inputValue()).toBe('139 1234 5678');
    await page.getByRole('button', { name: messages.promotionCaptchaImageAlt }).click();
    await expect.poll(() => page.locator('.promo-captcha img').getAttribute('src')).not.toBe(srcBefore);

    await captchaField(page).pressSequentially('ABCDEF');
    expect(await captchaField(page).inputValue()).toBe('ABCD');
    await smsField(page).pressSequentially('12345678');
    expect(await smsField(page).inputValue()).toBe('123456');

    await captchaField(page).fill('AB');
    await getCode(page).click();
    await expectToast(page, messages.captchaInvalid);
    await apply(page).click();
    await expectToast(page, messages.captchaInvalid);

    await captchaField(page).fill('ABCD');
    await smsField(page).fill('123');
    await apply(page).click();
    await expectToast(page, messages.smsCodeInvalid);

    await phoneField(page).fill('12812345678');
    await apply(page).click();
    await expectToast(page, messages.phoneInvalid);
    await screenshot(page, 'promotion-validation');
    await expectNoAxeViolations(page, 'promotion landing, validation toast');
  });

  test("the offer paints from the server's HTML before any script runs", async () => {
    const page = await phone.newPage({ javaScriptEnabled: false });
    await page.goto(`${baseUrl}/promotion?${CAMPAIGN}`);
    // The seeded amount, printed as the default market prints amounts (decision record 0013).
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Cash loans up to ₱20.000,00');
    await screenshot(page, 'promotion-before-script');
    await expectNoAxeViolations(page, 'promotion landing before any script', {
      javaScriptDisabled: true,
    });
  });

  test('a link to a template that does not exist still offers the form, and the download page says so', async () => {
    const page = await phone.newPage({ extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.200' } });
    await page.goto(`${baseUrl}/promotion?id=999&utm_tag=gone`);
    await page.getByRole('button', { name: messages.promotionApply }).waitFor();
    expect(await page.locator('.kw-toast').count()).toBe(0);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe(messages.promotionHeadlineFallback);
    await expectNoAxeViolations(page, 'promotion landing without a template');
    await page.goto(`${baseUrl}/promotion?id=999#/downloadTemplate?id=999`);
    await expect.poll(() => page.getByText(messages.templateNotFound).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'promotion download page without a template');
  });

  test('the agreement link opens the registration agreement', async () => {
    const page = await openLanding();
    await page.getByRole('link', { name: 'Registration Agreement' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe('Registration Agreement');
    await expect.poll(() => page.getByText(/at least 18 years old/).isVisible()).toBe(true);
    await screenshot(page, 'promotion-agreement');
    await expectNoAxeViolations(page, 'promotion agreement');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: messages.promotionApply }).isVisible())
      .toBe(true);
    expect(new URL(page.url()).search).toBe(`?${CAMPAIGN}`);
  });
});

describe('SMS login for the native shell', () => {
  test('a session from the SMS login opens the customer-service page', async () => {
    const headers = {
      'X-Forwarded-For': '203.0.113.50',
      'content-type': 'application/x-www-form-urlencoded',
    };
    const json = async (response: Response) =>
      (await response.json()) as { kwc: string; kwd: Record<string, string> };
    const number = uniquePhone();
    const { sid } = (await json(await fetch(`${baseUrl}/api/v2/youmi/promotion/get-sid`, { headers })))
      .kwd as { sid: string };
    expect(
      (await fetch(`${baseUrl}/api/v2/youmi/promotion/get-captcha?sid=${sid}&t=1`, { headers })).headers.get(
        'content-type',
      ),
    ).toBe('image/png');
    const { answer } = (await (await fetch(`${baseUrl}/dev/captcha?sid=${sid}`)).json()) as {
      answer: string;
    };
    const sent = await json(
      await fetch(`${baseUrl}/api/v2/youmi/auth/send-login-code`, {
        method: 'POST',
        headers,
        body: new URLSearchParams({ phone: number, capcode: answer, sid, deviceId: 'shell-1' }),
      }),
    );
    expect(sent.kwc).toBe('00');
    const code = (await latestSmsCode(baseUrl, number))!;
    const login = await json(
      await fetch(`${baseUrl}/api/v2/youmi/auth/sms-login`, {
        method: 'POST',
        headers,
        body: new URLSearchParams({ phone: number, smsCode: code, deviceId: 'shell-1' }),
      }),
    );
    expect(login.kwc).toBe('00');

    const page = await phone.newPage();
    await page.goto(
      `${baseUrl}/customerService?deviceId=shell-1&sessionId=${encodeURIComponent(login.kwd.sessionId!)}`,
    );
    await expect.poll(() => page.getByRole('link', { name: /@/ }).isVisible()).toBe(true);
    await screenshot(page, 'sms-login-customer-service');
    await expectNoAxeViolations(page, 'customer service after SMS login');
    expect(pageErrors(page)).toEqual([]);
  });
});
