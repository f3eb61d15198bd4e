import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { envelopeFromWire, messages, endpoints } from '@kwarta/contract';
import { callEndpoint, demoSession, uploadFile } from '../support/api.ts';
import { createTestApp, databaseTargets, type TestApp } from '../support/test-app.ts';
import { solvedCaptcha } from '../support/promotion.ts';
import { jpegImage } from '../support/images.ts';
import { BORROWER_DAILY_LIMITS } from '../../src/features/complaints/borrower-limits.ts';

/** Decision 0040: limits that cannot be turned against others or skipped, safe defaults. */
async function askSms(app: FastifyInstance, phone: string, ip: string, deviceId?: string) {
  const captcha = await solvedCaptcha(app);
  return callEndpoint(app, endpoints.getSms, {
    body: { phone, ...captcha, ...(deviceId ? { deviceId } : {}) },
    headers: { 'x-forwarded-for': ip },
  });
}

describe.each(databaseTargets)('abuse limits on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, {
      env: { MARKET: 'spec', SMS_LIMIT_PER_IP_HOUR: '2', SMS_LIMIT_PER_DEVICE_DAY: '3' },
    });
  });
  afterAll(() => t.close());

  it('a request refused by the address limit does not count against the phone it names', async () => {
    const blocked = '198.51.100.7';
    expect((await askSms(t.app, '13711100001', blocked, 'dev-a')).envelope?.code).toBe('00');
    expect((await askSms(t.app, '13711100002', blocked, 'dev-b')).envelope?.code).toBe('00');
    const victim = '13711100009';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const refused = await askSms(t.app, victim, blocked, `dev-${attempt}`);
      expect(refused.status).toBe(429);
      expect(refused.envelope?.message).toBe(messages.smsIpLimit);
    }
    // The victim's own request, from their own address, still gets its SMS at once.
    expect((await askSms(t.app, victim, '198.51.100.99', 'victim-phone')).envelope?.code).toBe('00');
  });

  it('leaving deviceId out does not skip the device limit: the address stands in for the device', async () => {
    // A generous address limit, so only the device limit (3 a day) can refuse.
    const loose = await createTestApp(target, {
      env: { MARKET: 'spec', SMS_LIMIT_PER_IP_HOUR: '100', SMS_LIMIT_PER_DEVICE_DAY: '3' },
    });
    try {
      const outcomes = [];
      for (let index = 0; index < 4; index += 1) {
        const answer = await askSms(loose.app, `1373330000${index}`, '198.51.100.21');
        outcomes.push(
          answer.envelope?.message === messages.smsDeviceLimit ? 'device-limit' : answer.envelope?.code,
        );
      }
      expect(outcomes).toEqual(['00', '00', '00', 'device-limit']);
    } finally {
      await loose.close();
    }
  });

  it('limits complaints filed per borrower a day', async () => {
    const session = await demoSession(t.app);
    const problems = async () => (await t.app.db.selectFrom('problems').select('id').execute()).length;
    const before = await problems();
    const file = () =>
      callEndpoint(t.app, endpoints.problemSave, {
        session,
        body: { problemType: '5', problemDetail: 'Please add dark mode' },
      });
    const answers = await Promise.all(Array.from({ length: BORROWER_DAILY_LIMITS.complaints + 5 }, file));
    expect(answers.filter((answer) => answer.envelope?.code === '00')).toHaveLength(
      BORROWER_DAILY_LIMITS.complaints,
    );
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(5);
    expect(await problems()).toBe(before + BORROWER_DAILY_LIMITS.complaints);
  });

  it('limits uploads per borrower a day, and attaching them to a complaint gives none back', async () => {
    const other = await createTestApp(target);
    try {
      const session = await demoSession(other.app);
      const bytes = await jpegImage(64, 48);
      const upload = () =>
        uploadFile(other.app, endpoints.uploadProblemImg, {
          session,
          field: 'problemImage',
          bytes,
          filename: 'p.jpg',
          contentType: 'image/jpeg',
        });
      const urls: string[] = [];
      for (let index = 0; index < BORROWER_DAILY_LIMITS.uploads; index += 1) {
        const answer = await upload();
        expect(answer.envelope?.code).toBe('00');
        urls.push((answer.envelope?.data as { url: string }).url);
      }
      // Attach three of them: the pending count drops, the day's allowance does not come back.
      const filed = await callEndpoint(other.app, endpoints.problemSave, {
        session,
        body: {
          problemType: '5',
          problemDetail: 'Photos of the app',
          problemImage: urls.slice(0, 3).join(','),
        },
      });
      expect(filed.envelope?.code).toBe('00');
      const refused = await upload();
      expect(refused.status).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('answers a malformed multipart body with 400, not 500', async () => {
    const session = new URLSearchParams(await demoSession(t.app));
    const response = await t.app.inject({
      method: 'POST',
      url: `${endpoints.uploadProblemImg.path}?${session}`,
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload:
        '--XYZ\r\nContent-Disposition: form-data; name="problemImage"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nabc',
    });
    expect(response.statusCode).toBe(400);
    expect(envelopeFromWire(response.json())?.message).toBe(messages.uploadMalformed);
  });

  it('marks every API answer no-store, refusals included', async () => {
    const ok = await callEndpoint(t.app, endpoints.contactKfInfo, {
      session: await demoSession(t.app),
      body: { overall: '30' },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const refused = await callEndpoint(t.app, endpoints.contactKfInfo, { body: { overall: '30' } });
    expect(refused.status).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('never serves the build’s dot-directories', async () => {
    const dist = t.config.webDistDir;
    fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
    fs.mkdirSync(path.join(dist, '.ssr'), { recursive: true });
    fs.writeFileSync(path.join(dist, '.vite', 'route-assets.json'), '{"secret":true}');
    fs.writeFileSync(path.join(dist, '.ssr', 'static-pages-server.js'), 'export const x = 1;');
    fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');
    expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).statusCode).toBe(200);
    for (const url of [
      '/.vite/route-assets.json',
      '/.ssr/static-pages-server.js',
      '/%2Evite/route-assets.json',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('secret');
      expect(response.body).not.toContain('export const');
    }
  });
});

describe('developer tools off a loopback listener', () => {
  it('answers /dev/* with 404 and stamps the page as production when listening on every interface', async () => {
    const t = await createTestApp('sqlite', { env: { APP_ENV: 'development', HOST: '0.0.0.0' } });
    try {
      expect(t.config.devToolsEnabled).toBe(false);
      for (const url of [
        '/dev/sms-outbox?phone=13800138000',
        '/dev/demo-session',
        '/dev/captcha?sid=abcdefghijklmnop',
      ]) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
      const page = await t.app.inject({
        method: 'GET',
        url: '/customerService',
        headers: { accept: 'text/html' },
      });
      expect(page.body).toContain('<meta name="kw-env" content="production">');
    } finally {
      await t.close();
    }
  });
});
