import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { messages, endpoints } from '@kwarta/contract';
import { callEndpoint } from '../../support/api.ts';
import {
  createTestApp,
  databaseTargets,
  testClock,
  storeSetups,
  testRedis,
  type TestApp,
} from '../../support/test-app.ts';
import { solvedCaptcha } from '../../support/promotion.ts';

/**
 * D9's sending limits under bursts, on one instance and on two instances sharing their state:
 * the database (SQLite file or PostgreSQL) when REDIS_URL is unset, Redis when it is set.
 */
const LIMITS = { SMS_LIMIT_PER_IP_HOUR: '4', SMS_LIMIT_PER_DEVICE_DAY: '3', SMS_LIMIT_GLOBAL_DAY: '12' };

let phoneSeed = 13700000000;
const newPhone = () => String((phoneSeed += 1));
let ipSeed = 0;
const newIp = () => `192.0.2.${(ipSeed += 1) % 250}`;

async function askSms(app: FastifyInstance, input: { phone: string; ip: string; deviceId?: string }) {
  // The captcha comes from either instance: the store is shared.
  const captcha = await solvedCaptcha(app);
  return callEndpoint(app, endpoints.getSms, {
    body: { phone: input.phone, ...captcha, deviceId: input.deviceId ?? `device-${input.phone}` },
    headers: { 'x-forwarded-for': input.ip },
  });
}

async function sentTo(app: FastifyInstance, phones: string[]): Promise<number> {
  const rows = await app.db.selectFrom('sms_outbox').select('id').where('phone', 'in', phones).execute();
  return rows.length;
}

describe.each(storeSetups)(
  'SMS limits across two instances ($target, redis: $redis)',
  ({ target, redis }) => {
    let first: TestApp;
    let second: TestApp;
    let cleanupRedis = async () => {};
    const instances = () => [first.app, second.app];

    beforeAll(async () => {
      const shared = redis ? testRedis() : undefined;
      if (shared) cleanupRedis = shared.cleanup;
      const env = { MARKET: 'spec', ...LIMITS, ...shared?.env };
      first = await createTestApp(target, { env });
      second = await createTestApp(target, { env, sameDatabaseAs: first });
      expect(first.app.store.backend).toBe(redis ? 'redis' : 'database');
    });
    afterAll(async () => {
      await second.close();
      await first.close();
      await cleanupRedis();
    });

    it('a burst for one phone, split over both instances, sends exactly one SMS', async () => {
      const phone = newPhone();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          askSms(instances()[index % 2]!, { phone, ip: newIp(), deviceId: `burst-device-${index}` }),
        ),
      );
      const codes = answers.map((answer) => answer.envelope?.code);
      expect(codes.filter((code) => code === '00')).toHaveLength(1);
      const refusals = answers.filter((answer) => answer.envelope?.code !== '00');
      expect(
        refusals.every(
          (answer) => answer.status === 429 && answer.envelope?.message === messages.smsResendRefused,
        ),
      ).toBe(true);
      expect(await sentTo(first.app, [phone])).toBe(1);
    });

    it('many phones from one address send no more than the per-IP limit, whichever instance they hit', async () => {
      const ip = newIp();
      const phones = Array.from({ length: 10 }, newPhone);
      const answers = await Promise.all(
        phones.map((phone, index) => askSms(instances()[index % 2]!, { phone, ip })),
      );
      expect(answers.filter((answer) => answer.envelope?.code === '00')).toHaveLength(4);
      expect(answers.filter((answer) => answer.envelope?.message === messages.smsIpLimit).length).toBe(6);
      expect(await sentTo(first.app, phones)).toBe(4);
    });

    it('one device id over many phones and addresses is held to the per-device limit', async () => {
      const phones = Array.from({ length: 6 }, newPhone);
      const answers = await Promise.all(
        phones.map((phone, index) =>
          askSms(instances()[index % 2]!, {
            phone,
            ip: newIp(),
            deviceId: `shared-device-${target}-${redis}`,
          }),
        ),
      );
      expect(answers.filter((answer) => answer.envelope?.code === '00')).toHaveLength(3);
      expect(answers.filter((answer) => answer.envelope?.message === messages.smsDeviceLimit).length).toBe(3);
      expect(await sentTo(first.app, phones)).toBe(3);
    });

    it('the global daily cap stops everyone once reached', async () => {
      // 1 + 4 + 3 sent above; the cap is 12.
      const phones = Array.from({ length: 8 }, newPhone);
      const answers = await Promise.all(
        phones.map((phone, index) => askSms(instances()[index % 2]!, { phone, ip: newIp() })),
      );
      expect(answers.filter((answer) => answer.envelope?.code === '00')).toHaveLength(4);
      expect(answers.filter((answer) => answer.envelope?.message === messages.smsGlobalLimit).length).toBe(4);
    });

    it('a captcha is accepted once only, even when two instances race for it', async () => {
      const captcha = await solvedCaptcha(first.app);
      const answers = await Promise.all(
        instances().map((app, index) =>
          callEndpoint(app, endpoints.getSms, {
            body: { phone: newPhone(), ...captcha },
            headers: { 'x-forwarded-for': `198.18.0.${index}` },
          }),
        ),
      );
      // The global cap is spent by now, so the winner is refused by it; the loser by the captcha.
      const codes = answers.map((answer) => answer.envelope?.code).sort();
      expect(codes).toEqual(['101', '429']);
    });
  },
);

describe.each(databaseTargets)('SMS limits over time on %s', (target) => {
  const clock = testClock('2026-11-22T08:00:00.000Z');
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target, { clock, env: { MARKET: 'spec' } });
  });
  afterAll(() => t.close());

  it('one SMS per phone per 60 s, at most five a day, and a new allowance the next day', async () => {
    const phone = newPhone();
    const ask = () => askSms(t.app, { phone, ip: newIp() });
    expect((await ask()).envelope?.code).toBe('00');
    clock.advance(59_000);
    expect((await ask()).envelope?.message).toBe(messages.smsResendRefused);
    for (let sent = 2; sent <= 5; sent += 1) {
      clock.advance(61_000);
      expect((await ask()).envelope?.code).toBe('00');
    }
    clock.advance(61_000);
    const sixth = await ask();
    expect(sixth.status).toBe(429);
    expect(sixth.envelope?.message).toBe(messages.smsPhoneDailyLimit);
    expect(await sentTo(t.app, [phone])).toBe(5);

    clock.advance(24 * 3_600_000);
    expect((await ask()).envelope?.code).toBe('00');
  });

  it('an SMS code expires after five minutes', async () => {
    const { latestSmsCode, registerBody } = await import('../../support/promotion.ts');
    const phone = newPhone();
    const captcha = await solvedCaptcha(t.app);
    await callEndpoint(t.app, endpoints.getSms, {
      body: { phone, ...captcha },
      headers: { 'x-forwarded-for': newIp() },
    });
    const code = (await latestSmsCode(t.app, phone))!;
    clock.advance(5 * 60_000 + 1_000);
    const late = await callEndpoint(t.app, endpoints.register, { body: registerBody(phone, captcha, code) });
    expect(late.envelope?.code).not.toBe('00');
  });

  it('a captcha expires after its short TTL', async () => {
    const captcha = await solvedCaptcha(t.app);
    clock.advance(3 * 60_000 + 1_000);
    const answer = await callEndpoint(t.app, endpoints.getSms, {
      body: { phone: newPhone(), ...captcha },
      headers: { 'x-forwarded-for': newIp() },
    });
    expect(answer.envelope?.code).toBe('101');
  });
});
