import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, endpoints } from '@kwarta/contract';
import { callEndpoint } from '../../support/api.ts';
import { createTestApp } from '../../support/test-app.ts';
import { solvedCaptcha } from '../../support/promotion.ts';
import { SmsSendError, httpGateway } from '../../../src/features/sms/sms-gateway.ts';

/** A stand-in SMS provider: records requests; answers by the path's mode. */
describe('the HTTP SMS gateway', () => {
  const received: { path: string; auth: string | undefined; body: unknown }[] = [];
  let server: http.Server;
  let base = '';

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({
          path: request.url ?? '',
          auth: request.headers.authorization,
          body: JSON.parse(body || 'null'),
        });
        if (request.url === '/slow') return void setTimeout(() => response.end('late'), 2_000);
        response.statusCode = request.url === '/fail' ? 500 : 200;
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts the message as JSON with the bearer token', async () => {
    await httpGateway({ url: `${base}/ok`, token: 't0k3n', timeoutMs: 1_000 }).send({
      phone: '13900000000',
      text: 'hello',
    });
    expect(received.at(-1)).toEqual({
      path: '/ok',
      auth: 'Bearer t0k3n',
      body: { to: '13900000000', text: 'hello' },
    });
  });

  it('fails on an error status and on a provider slower than the timeout', async () => {
    await expect(
      httpGateway({ url: `${base}/fail`, timeoutMs: 1_000 }).send({ phone: '1', text: 'x' }),
    ).rejects.toBeInstanceOf(SmsSendError);
    const started = Date.now();
    await expect(
      httpGateway({ url: `${base}/slow`, timeoutMs: 200 }).send({ phone: '1', text: 'x' }),
    ).rejects.toBeInstanceOf(SmsSendError);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('answers 503 with a clear message when the provider fails, and records no send', async () => {
    const t = await createTestApp('sqlite', {
      env: { MARKET: 'spec', SMS_GATEWAY: 'http', SMS_HTTP_URL: `${base}/fail` },
    });
    try {
      const captcha = await solvedCaptcha(t.app);
      const response = await callEndpoint(t.app, endpoints.getSms, {
        body: { phone: '13900000009', ...captcha },
      });
      expect(response.status).toBe(503);
      expect(response.envelope?.message).toBe(messages.smsSendFailed);
      // (The demo seed's promotion traffic has sends of its own, none to this phone.)
      expect(
        await t.app.db.selectFrom('sms_sends').selectAll().where('phone', '=', '13900000009').execute(),
      ).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
