// Two instances behind nginx over one PostgreSQL database, one Redis key prefix and one S3-compatible
// bucket (scripts/fleet; decision 0100): what one instance records, the other sees.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messages, routes } from '@kwarta/contract';
import { sandboxPostback } from '../server/src/features/payments/sandbox.ts';
import { startFleet, type Fleet } from '../scripts/fleet/fleet.ts';
import { openLive, useBrowser } from './support/browser.ts';
import { repoRoot } from './support/paths.ts';
import { latestSmsCode, uniquePhone } from './support/promotion.ts';
import { demoSession, sessionQuery } from './support/session.ts';
import { E2E_SERVER_MODE, E2E_SPEC_MARKET } from './support/test-server.ts';

const phone = useBrowser();
const run = promisify(execFile);
let fleet: Fleet;
/** The instances' own addresses, to choose which one a request goes to. */
const one = () => fleet.instances[0]!.url;
const two = () => fleet.instances[1]!.url;

beforeAll(async () => {
  // Every log line, so the request id can be followed through an instance.
  fleet = await startFleet({
    instances: 2,
    appEnv: 'sandbox',
    // The spec's market, like the run's server: the test signs in with its phones and texts.
    env: { ...E2E_SERVER_MODE, ...E2E_SPEC_MARKET, LOG_LEVEL: 'debug' },
  });
}, 180_000);
afterAll(() => fleet?.stop(), 60_000);

const form = (fields: Record<string, string>, clientAddress = '203.0.113.70') => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': clientAddress },
  body: new URLSearchParams(fields).toString(),
});
const json = async (response: Response) =>
  (await response.json()) as { kwc: string; kwm: string; kwd: Record<string, unknown> };

/** A CLI of the e2e support against the fleet's database (DATABASE_URL of the fleet). */
async function fleetCli<T>(script: string, ...args: string[]): Promise<T> {
  const { stdout } = await run('node', ['--import', 'tsx', `e2e/support/${script}`, ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...fleet.env, LOG_LEVEL: 'silent' },
  });
  return JSON.parse(stdout) as T;
}

interface CreatedOrder {
  sessionId: string;
  orderId: number;
  productId: number;
}
interface OrderState {
  payments: { id: number; txnid: string; ref_no: string; expected_amount: number; status: string }[];
  allocations: { component: string; amount: number }[];
}

describe('a fleet of two instances behind nginx', () => {
  test('a complaint with images filed through one instance is read, images and all, through the other', async () => {
    const session = await demoSession(one());
    const page = await phone.newPage();
    await openLive(
      page,
      `${one()}/complainPageNext?${sessionQuery(session, { problemType: 4, problemSonType: '', orderNo: '' })}`,
    );
    const description = `Filed through instance 1, ${randomBytes(3).toString('hex')}`;
    await page.getByLabel(messages.complaintDescription).fill(description);
    const png = (hue: number) =>
      sharp({ create: { width: 64, height: 48, channels: 3, background: { r: hue, g: 120, b: 200 } } })
        .png()
        .toBuffer();
    await page.locator('input[type=file]').setInputFiles([
      { name: 'a.png', mimeType: 'image/png', buffer: await png(30) },
      { name: 'b.png', mimeType: 'image/png', buffer: await png(220) },
    ]);
    await expect.poll(() => page.locator('.kw-uploader__item img').count(), { timeout: 20_000 }).toBe(2);
    await expect
      .poll(() => page.locator('.kw-uploader__item[aria-busy="true"]').count(), { timeout: 20_000 })
      .toBe(0);
    await page.getByRole('button', { name: messages.complaintSend, exact: true }).click();
    await page.getByRole('dialog', { name: messages.complaintSent }).waitFor();

    // The list and the details through instance 2: the text from the database, the images from the bucket.
    await openLive(page, `${two()}/complaintList?${sessionQuery(session)}`);
    const item = page.getByRole('link', { name: new RegExp(description) });
    await item.click();
    await page.waitForURL(/\/complainDetails\?/);
    expect(new URL(page.url()).origin).toBe(two());
    await expect
      .poll(() =>
        page
          .locator('.image-grid img')
          .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).naturalWidth)),
      )
      .toEqual([64, 64]);
    // Served through the app to their owner only: another borrower's session gets no image.
    const imageUrl = new URL((await page.locator('.image-grid img').first().getAttribute('src'))!, two());
    expect(imageUrl.searchParams.get('sessionId')).toBe(session.sessionId);
    expect((await fetch(imageUrl)).status).toBe(200);
    const stranger = await fleetCli<CreatedOrder>('repayable-order.ts', 'create', '170', '1');
    imageUrl.searchParams.set('sessionId', stranger.sessionId);
    expect((await fetch(imageUrl)).status).toBe(404);
    await page.close();
  });

  test('SMS limits and one-time codes hold across instances', async () => {
    const number = uniquePhone();
    const captcha = async (base: string) => {
      const { sid } = (await json(await fetch(`${base}/api/v2/youmi/promotion/get-sid`))).kwd as {
        sid: string;
      };
      await fetch(`${base}/api/v2/youmi/promotion/get-captcha?sid=${sid}&t=1`);
      // The captcha made on one instance is answered on the other (Redis).
      const { answer } = (await (await fetch(`${two()}/dev/captcha?sid=${sid}`)).json()) as {
        answer: string;
      };
      return { sid, answer };
    };
    const sendCode = async (base: string) => {
      const { sid, answer } = await captcha(base);
      return json(
        await fetch(
          `${base}/api/v2/youmi/auth/send-login-code`,
          form({ phone: number, capcode: answer, sid, deviceId: 'fleet-1' }),
        ),
      );
    };
    expect((await sendCode(one())).kwc).toBe('00');
    // The resend countdown is one for the phone, whichever instance is asked.
    const again = await sendCode(two());
    expect(again.kwm).toBe(messages.smsResendRefused);

    // The code sent by instance 1 logs in through instance 2, once.
    const code = (await latestSmsCode(two(), number))!;
    const login = (base: string) =>
      fetch(
        `${base}/api/v2/youmi/auth/sms-login`,
        form({ phone: number, smsCode: code, deviceId: 'fleet-1' }),
      ).then(json);
    expect((await login(two())).kwc).toBe('00');
    const reused = await login(one());
    expect(reused.kwc).not.toBe('00');
  });

  test('a payment postback lands once, whichever instance receives it and however often', async () => {
    const order = await fleetCli<CreatedOrder>('repayable-order.ts', 'create', '170', '2');
    const code = await json(
      await fetch(
        `${fleet.url}${routes.generateVcode.path}?sessionId=${order.sessionId}`,
        form({ productId: String(order.productId), orderId: String(order.orderId), channelNumber: 'BAYD' }),
      ),
    );
    expect(code.kwc).toBe('00');
    const before = await fleetCli<OrderState>('repayable-order.ts', 'state', String(order.orderId));
    const pending = before.payments.find((payment) => payment.status === 'pending')!;
    const postback = sandboxPostback(E2E_SERVER_MODE.SANDBOX_PAYMENT_SECRET, {
      txnid: pending.txnid,
      refNo: pending.ref_no,
      status: 'S',
      amount: pending.expected_amount,
    }).toString();
    const send = (base: string) =>
      fetch(`${base}/payments/sandbox/postback`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: postback,
      }).then((response) => response.text());
    // The provider's first try and its retries reach both instances at once, then nginx.
    expect(await Promise.all([send(one()), send(two()), send(one()), send(two())])).toEqual(
      Array(4).fill('result=OK'),
    );
    expect(await send(fleet.url)).toBe('result=OK');

    const after = await fleetCli<OrderState>('repayable-order.ts', 'state', String(order.orderId));
    const paid = after.payments.find((payment) => payment.txnid === pending.txnid)!;
    expect(paid.status).toBe('paid');
    // The order's only payment: allocated once, in full.
    const allocated = after.allocations.reduce((sum, allocation) => sum + allocation.amount, 0);
    expect(allocated).toBe(pending.expected_amount);
  });

  test("a request's id is in nginx's access log, the instance's log lines and the provider's call", async () => {
    const order = await fleetCli<CreatedOrder>('repayable-order.ts', 'create', '170', '2');
    const code = await json(
      await fetch(
        `${fleet.url}${routes.generateVcode.path}?sessionId=${order.sessionId}`,
        form({ productId: String(order.productId), orderId: String(order.orderId), channelNumber: 'BAYD' }),
      ),
    );
    const payUrl = new URL(code.kwd.payUrl as string, fleet.url);
    const requestId = `e2e-trace-${randomBytes(6).toString('hex')}`;
    // The sandbox cashier's Pay button: the instance then posts the provider's postback, over HTTP.
    const paid = await fetch(payUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'X-Request-Id': requestId },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('x-request-id')).toBe(requestId);

    const access = (await readFile(fleet.accessLog, 'utf8'))
      .split('\n')
      .filter((line) => line.includes(requestId));
    expect(access.map((line) => JSON.parse(line) as { path: string })).toEqual([
      expect.objectContaining({ path: payUrl.pathname, status: 303 }),
    ]);
    // Whichever instance served it logged the cashier's request and the postback it made under the id.
    await expect
      .poll(() => {
        const lines = fleet.instances
          .flatMap((instance) => instance.server?.output().split('\n') ?? [])
          .filter((line) => line.includes(`"reqId":"${requestId}"`))
          .map((line) => JSON.parse(line) as { msg: string; route?: string });
        return lines.map((line) => line.route ?? line.msg);
      })
      .toEqual(
        expect.arrayContaining([
          '/sandbox/cashier/:txnid',
          'sandbox cashier postback',
          '/payments/sandbox/postback',
        ]),
      );
  });
});
