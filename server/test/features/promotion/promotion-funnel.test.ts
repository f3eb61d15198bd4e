import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeFromWire, envelopeWireNames, messages, endpoints } from '@kwarta/contract';
import { callEndpoint } from '../../support/api.ts';
import { createTestApp, databaseTargets, type TestApp } from '../../support/test-app.ts';
import {
  campaign,
  latestSmsCode,
  registerBody,
  registerPhone,
  requestRegisterSms,
  solvedCaptcha,
} from '../../support/promotion.ts';
import { funnelReport } from '../../../src/features/promotion/funnel-report.ts';

describe.each(databaseTargets)('promotion funnel on %s', (target) => {
  let t: TestApp;
  let nextPhone = 13800000000;
  const newPhone = () => String((nextPhone += 1));

  beforeAll(async () => {
    t = await createTestApp(target, { env: { MARKET: 'spec' } });
  });
  afterAll(() => t.close());

  /** Everything a refused call could have touched. */
  async function snapshot() {
    const db = t.app.db;
    return {
      borrowers: await db.selectFrom('borrowers').selectAll().orderBy('id').execute(),
      registrations: await db.selectFrom('registrations').selectAll().orderBy('id').execute(),
      sends: await db.selectFrom('sms_sends').selectAll().orderBy('id').execute(),
      outbox: await db.selectFrom('sms_outbox').selectAll().orderBy('id').execute(),
    };
  }

  it('answers the seeded channel template, and 404 for a missing one', async () => {
    const found = await callEndpoint(t.app, endpoints.channelTemplate, { body: { templateId: '1' } });
    expect(found.envelope?.code).toBe('00');
    expect(found.envelope?.data).toMatchObject({
      id: 1,
      appName: 'Kwarta',
      agreementTitle: 'Registration Agreement',
    });
    expect((found.envelope?.data as { androidUrl: string }).androidUrl).toMatch(/^https:/);
    const missing = await callEndpoint(t.app, endpoints.channelTemplate, { body: { templateId: '999' } });
    expect(missing.status).toBe(404);
    expect(missing.envelope?.message).toBe(messages.templateNotFound);
  });

  it('answers get-sid with the integer code 0 the spec gives it, which readers take as success', async () => {
    const response = await t.app.inject({ method: 'GET', url: endpoints.getSid.path });
    const body = response.json() as Record<string, unknown>;
    expect(body[envelopeWireNames.code]).toBe(0);
    expect(envelopeFromWire(body)).toMatchObject({ code: '00' });
    expect((body[envelopeWireNames.data] as { sid: string }).sid).toMatch(/^[A-Za-z0-9_-]{16,}$/);
  });

  it('serves a PNG captcha for an issued sid, never cached, and 404 for an unknown sid', async () => {
    const { sid } = await solvedCaptcha(t.app);
    const image = await t.app.inject({ method: 'GET', url: `${endpoints.getCaptcha.path}?sid=${sid}&t=2` });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('no-store');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const unknown = await t.app.inject({
      method: 'GET',
      url: `${endpoints.getCaptcha.path}?sid=AAAAAAAAAAAAAAAAAAAAAA`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('limits sids, captcha images and tracking calls per address', async () => {
    const headers = { 'x-forwarded-for': `203.0.113.${target === 'sqlite' ? 1 : 2}` };
    const sids = [];
    for (let call = 0; call < 31; call += 1)
      sids.push(await callEndpoint(t.app, endpoints.getSid, { headers }));
    expect(sids.slice(0, 30).every((answer) => answer.envelope?.code === '00')).toBe(true);
    expect(sids[30]).toMatchObject({
      status: 429,
      envelope: { code: '429', message: messages.tooManyRequests },
    });
  });

  it('registers a new phone with its campaign, merchantNumber 0 and userName = phone', async () => {
    const phone = newPhone();
    const { response, captcha } = await requestRegisterSms(t.app, phone);
    expect(response.envelope).toEqual({ code: '00', message: messages.success, data: null });
    const code = await latestSmsCode(t.app, phone);
    expect(code).toMatch(/^\d{6}$/);

    const registered = await callEndpoint(t.app, endpoints.register, {
      body: registerBody(phone, captcha, code!),
    });
    expect(registered.envelope?.code).toBe('00');
    const row = await t.app.db
      .selectFrom('registrations')
      .innerJoin('borrowers', 'borrowers.id', 'registrations.borrower_id')
      .selectAll('registrations')
      .where('borrowers.phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      ...campaign,
      invite_code: 'INV42',
      template_id: '1',
      user_name: phone,
      merchant_number: 0,
      app_name: 'Kwarta',
    });

    // The code is single use.
    const again = await callEndpoint(t.app, endpoints.register, {
      body: registerBody(phone, captcha, code!),
    });
    expect(again.envelope?.code).not.toBe('00');
  });

  it('answers 11 for an already registered phone, at the SMS and at registration, and sends nothing', async () => {
    const phone = newPhone();
    expect((await registerPhone(t.app, phone)).envelope?.code).toBe('00');
    const before = await snapshot();
    const { response } = await requestRegisterSms(t.app, phone);
    expect(response.envelope).toEqual({ code: '11', message: messages.alreadyRegistered, data: null });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 101 for a wrong captcha, sends nothing, and the captcha cannot be tried again', async () => {
    const phone = newPhone();
    const captcha = await solvedCaptcha(t.app);
    const before = await snapshot();
    const wrong = await callEndpoint(t.app, endpoints.getSms, {
      body: { phone, sid: captcha.sid, capcode: captcha.capcode === 'AAAA' ? 'CCCC' : 'AAAA' },
    });
    expect(wrong.envelope).toEqual({ code: '101', message: messages.captchaWrong, data: null });
    // The right answer, after a wrong one, is refused too: one image, one guess.
    const retry = await callEndpoint(t.app, endpoints.getSms, { body: { phone, ...captcha } });
    expect(retry.envelope?.code).toBe('101');
    expect(await snapshot()).toEqual(before);
  });

  it('accepts a captcha once only', async () => {
    const captcha = await solvedCaptcha(t.app);
    const first = await callEndpoint(t.app, endpoints.getSms, { body: { phone: newPhone(), ...captcha } });
    expect(first.envelope?.code).toBe('00');
    const second = await callEndpoint(t.app, endpoints.getSms, { body: { phone: newPhone(), ...captcha } });
    expect(second.envelope?.code).toBe('101');
  });

  it('answers -1 to a registration whose captcha was not passed at get-sms', async () => {
    const phone = newPhone();
    const { captcha } = await requestRegisterSms(t.app, phone);
    const code = (await latestSmsCode(t.app, phone))!;
    const before = await snapshot();
    const response = await callEndpoint(t.app, endpoints.register, {
      body: registerBody(phone, { ...captcha, capcode: 'WXYZ' }, code),
    });
    expect(response.envelope).toEqual({ code: '-1', message: messages.captchaWrong, data: null });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a wrong SMS code, and after five wrong tries the right one too', async () => {
    const phone = newPhone();
    const { captcha } = await requestRegisterSms(t.app, phone);
    const code = (await latestSmsCode(t.app, phone))!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await callEndpoint(t.app, endpoints.register, {
        body: registerBody(phone, captcha, wrongCode),
      });
      expect(response.envelope).toMatchObject({ code: '102', message: messages.smsCodeWrong });
    }
    const fifth = await callEndpoint(t.app, endpoints.register, {
      body: registerBody(phone, captcha, wrongCode),
    });
    expect(fifth.envelope).toMatchObject({ code: '102', message: messages.smsCodeTooManyTries });
    const right = await callEndpoint(t.app, endpoints.register, { body: registerBody(phone, captcha, code) });
    expect(right.envelope?.code).toBe('102');
    expect(
      await t.app.db.selectFrom('borrowers').select('id').where('phone', '=', phone).executeTakeFirst(),
    ).toBeUndefined();
  });

  it.each([
    ['a phone outside the market rule', { phone: '12812345678' }, messages.phoneInvalid],
    ['a short phone', { phone: '1391234' }, messages.phoneInvalid],
    ['a 3-character captcha', { capcode: 'ABC' }, messages.captchaInvalid],
  ])('refuses %s with 400, the spec message, and sends nothing', async (_name, override, message) => {
    const captcha = await solvedCaptcha(t.app);
    const before = await snapshot();
    const response = await callEndpoint(t.app, endpoints.getSms, {
      body: { phone: newPhone(), ...captcha, ...override },
    });
    expect(response.status).toBe(400);
    expect(response.envelope?.message).toContain(message);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a registration whose userName is not the phone or whose merchantNumber is not 0', async () => {
    const phone = newPhone();
    const { captcha } = await requestRegisterSms(t.app, phone);
    const code = (await latestSmsCode(t.app, phone))!;
    const extras: Record<string, string>[] = [{ userName: '13900000000' }, { merchantNumber: '1' }];
    for (const extra of extras) {
      const response = await callEndpoint(t.app, endpoints.register, {
        body: registerBody(phone, captcha, code, extra),
      });
      expect(response.status).toBe(400);
    }
  });

  it('stores visits and clicks with their campaign fields, and reports the funnel per campaign', async () => {
    const tag = { ...campaign, utm_tag: `funnel-${target}` };
    const tracking = { page_id: '1', client_type: 'android', page_type: '1', ...tag };
    for (let visit = 0; visit < 3; visit += 1)
      await callEndpoint(t.app, endpoints.trackVisit, { body: tracking });
    const phone = newPhone();
    await callEndpoint(t.app, endpoints.trackClick, { body: { ...tracking, phone } });
    const { captcha } = await requestRegisterSms(t.app, phone, tag);
    const code = (await latestSmsCode(t.app, phone))!;
    await callEndpoint(t.app, endpoints.register, { body: registerBody(phone, captcha, code, tag) });

    const click = await t.app.db
      .selectFrom('promotion_events')
      .selectAll()
      .where('kind', '=', 'click')
      .where('utm_tag', '=', tag.utm_tag)
      .executeTakeFirstOrThrow();
    expect(click).toMatchObject({
      page_id: '1',
      app_from: 'fb',
      user_from: 'ads-7',
      client_type: 'android',
      page_type: 1,
      phone,
    });
    const sms = await t.app.db
      .selectFrom('sms_sends')
      .selectAll()
      .where('utm_tag', '=', tag.utm_tag)
      .executeTakeFirstOrThrow();
    expect(sms).toMatchObject({
      purpose: 'register',
      phone,
      app_from: 'fb',
      user_from: 'ads-7',
      gateway: 'outbox',
    });

    expect(await funnelReport(t.app.db, { utmTag: tag.utm_tag })).toEqual([
      {
        utmTag: tag.utm_tag,
        appFrom: 'fb',
        userFrom: 'ads-7',
        visits: 3,
        clicks: 1,
        smsSent: 1,
        registrations: 1,
      },
    ]);
  });
});

describe('promotion developer endpoints', () => {
  it('are absent in production', async () => {
    const t = await createTestApp('sqlite', { env: { APP_ENV: 'production' } });
    try {
      for (const url of ['/dev/sms-outbox?phone=13800000001', '/dev/captcha?sid=AAAAAAAAAAAAAAAAAAAAAA']) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    } finally {
      await t.close();
    }
  });
});
