import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, routes, endpoints } from '@kwarta/contract';
import { callEndpoint } from '../../support/api.ts';
import { createTestApp, databaseTargets, type TestApp } from '../../support/test-app.ts';
import { latestSmsCode, solvedCaptcha } from '../../support/promotion.ts';
import { DEMO_PHONES } from '../../../src/db/seed.ts';

describe.each(databaseTargets)('SMS login for the native shell on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { env: { MARKET: 'spec' } });
  });
  afterAll(() => t.close());

  async function sendCode(phone: string) {
    const captcha = await solvedCaptcha(t.app);
    return callEndpoint(t.app, endpoints.sendLoginCode, {
      body: { phone, ...captcha, deviceId: 'shell-1' },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
  }

  it('logs a registered borrower in with phone + SMS code; the session opens borrower calls', async () => {
    expect((await sendCode(DEMO_PHONES.spec)).envelope?.code).toBe('00');
    const code = (await latestSmsCode(t.app, DEMO_PHONES.spec))!;
    const login = await callEndpoint(t.app, endpoints.smsLogin, {
      body: { phone: DEMO_PHONES.spec, smsCode: code, deviceId: 'shell-1' },
    });
    expect(login.envelope?.code).toBe('00');
    const { sessionId } = login.envelope?.data as { sessionId: string };
    expect(sessionId.length).toBeGreaterThanOrEqual(43);
    const contacts = await callEndpoint(t.app, endpoints.contactKfInfo, {
      session: { sessionId },
      body: { overall: '30' },
    });
    expect(contacts.status).toBe(200);
    // Single use: the same code does not log in twice.
    const again = await callEndpoint(t.app, endpoints.smsLogin, {
      body: { phone: DEMO_PHONES.spec, smsCode: code },
    });
    expect(again.envelope?.code).toBe('102');
  });

  it('refuses a wrong code and creates no session', async () => {
    const phone = '13600000001';
    await sendCode(phone);
    const code = (await latestSmsCode(t.app, phone))!;
    const sessionsBefore = await t.app.db.selectFrom('sessions').select('token_hash').execute();
    const wrong = await callEndpoint(t.app, endpoints.smsLogin, {
      body: { phone, smsCode: code === '999999' ? '000000' : '999999' },
    });
    expect(wrong.envelope).toEqual({ code: '102', message: messages.smsCodeWrong, data: null });
    expect(await t.app.db.selectFrom('sessions').select('token_hash').execute()).toEqual(sessionsBefore);
  });

  it('gives a new number its account on the first login, so the answer never reveals registration', async () => {
    const phone = '13600000002';
    expect((await sendCode(phone)).envelope?.code).toBe('00');
    const login = await callEndpoint(t.app, endpoints.smsLogin, {
      body: { phone, smsCode: (await latestSmsCode(t.app, phone))! },
    });
    expect(login.envelope?.code).toBe('00');
    expect(
      await t.app.db.selectFrom('borrowers').select('id').where('phone', '=', phone).executeTakeFirst(),
    ).toBeDefined();
  });

  it('needs the captcha, like the landing', async () => {
    const captcha = await solvedCaptcha(t.app);
    const response = await callEndpoint(t.app, endpoints.sendLoginCode, {
      body: { phone: '13600000003', sid: captcha.sid, capcode: 'QQQQ' },
    });
    expect(response.envelope?.code).toBe('101');
    expect(await latestSmsCode(t.app, '13600000003')).toBeNull();
  });

  it('is in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(document.paths[routes.sendLoginCode.path].post.operationId).toBe('sendLoginCode');
    const login = document.paths[routes.smsLogin.path].post;
    expect(login.requestBody.content['application/x-www-form-urlencoded'].schema.required).toEqual([
      'phone',
      'smsCode',
    ]);
    expect(document.paths[routes.getCaptcha.path].get.responses['200'].content['image/png']).toBeDefined();
  });
});
