import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Decision 0100, "Request ids and logs": one id per request, from the proxy or ours, on the response and the log. */
describe('request ids', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      env: { LOG_LEVEL: 'debug' },
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(() => t.close());

  const requestLine = (id: string) =>
    lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === 'request' && line.reqId === id);

  it("keeps the proxy's id: on the response and on the request's log line, with the route's pattern", async () => {
    const id = 'nginx-4f1c2a9e7b3d';
    const response = await t.app.inject({
      method: 'GET',
      url: '/orderDetails?productId=1&orderId=2&sessionId=secret-session',
      headers: { 'x-request-id': id },
    });
    expect(response.headers['x-request-id']).toBe(id);
    const line = requestLine(id);
    expect(line).toMatchObject({ statusCode: response.statusCode, route: expect.any(String) });
    expect(JSON.stringify(line)).not.toContain('secret-session');
  });

  it('makes a UUID when none came, or when what came is not an id to log', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/healthz' });
    const again = await t.app.inject({ method: 'GET', url: '/healthz' });
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(plain.headers['x-request-id']).toMatch(uuid);
    expect(again.headers['x-request-id']).not.toBe(plain.headers['x-request-id']);
    expect(requestLine(String(plain.headers['x-request-id']))).toMatchObject({
      route: '/healthz',
      statusCode: 200,
    });
    for (const forged of ['short', 'two words here', `x${'a'.repeat(200)}`, 'id"}\n{"level":60']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': forged },
      });
      expect(response.headers['x-request-id']).toMatch(uuid);
    }
  });

  it("replaces an id in the jobs' namespace, so a request never reaches a provider posing as a job run", async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const posing of ['job:resume-refunds:999', 'JOB:due-reminders:1', 'Job:x:12345']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': posing },
      });
      expect(response.headers['x-request-id'], posing).toMatch(uuid);
    }
    const lookalike = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'nginx-job:1234' },
    });
    expect(lookalike.headers['x-request-id']).toBe('nginx-job:1234');
  });
});
