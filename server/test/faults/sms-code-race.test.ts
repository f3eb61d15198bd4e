import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, endpoints } from '@kwarta/contract';
import { callEndpoint } from '../support/api.ts';
import {
  createTestApp,
  databaseTargets,
  redisAvailable,
  testRedis,
  type DatabaseTarget,
  type TestApp,
} from '../support/test-app.ts';
import { latestSmsCode, solvedCaptcha } from '../support/promotion.ts';
import { SMS_CODE_MAX_WRONG_TRIES } from '../../src/features/sms/sms-codes.ts';

/**
 * Decision 0040: the five-wrong-tries limit must hold against a burst. 200 guesses of one
 * code at once, the right code among them at position 150: at most five are ever compared, none
 * logs in, and the right code is refused afterwards too.
 */
type Setup = { target: DatabaseTarget; redis: boolean };
const setups: Setup[] = [
  ...databaseTargets.map((target) => ({ target, redis: false })),
  ...(redisAvailable ? [{ target: 'sqlite' as const, redis: true }] : []),
];

describe.each(setups)(
  '200 parallel guesses of one SMS code ($target, redis: $redis)',
  ({ target, redis }) => {
    let t: TestApp;
    let cleanupRedis = async () => {};
    beforeAll(async () => {
      const shared = redis ? testRedis() : undefined;
      if (shared) cleanupRedis = shared.cleanup;
      t = await createTestApp(target, { env: { MARKET: 'spec', ...shared?.env } });
      expect(t.app.store.backend).toBe(redis ? 'redis' : 'database');
    });
    afterAll(async () => {
      await t.close();
      await cleanupRedis();
    });

    it('compares at most five, logs nobody in, and refuses the right code after them', async () => {
      const phone = '13655500001';
      const captcha = await solvedCaptcha(t.app);
      const sent = await callEndpoint(t.app, endpoints.sendLoginCode, {
        body: { phone, ...captcha, deviceId: 'race-1' },
      });
      expect(sent.envelope?.code).toBe('00');
      const code = (await latestSmsCode(t.app, phone))!;
      const wrong = (index: number) => String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0');

      const guesses = Array.from({ length: 200 }, (_, index) => (index === 150 ? code : wrong(index)));
      const answers = await Promise.all(
        guesses.map((smsCode) => callEndpoint(t.app, endpoints.smsLogin, { body: { phone, smsCode } })),
      );

      expect(answers.filter((answer) => answer.envelope?.code === '00')).toHaveLength(0);
      expect(answers.every((answer) => answer.status === 200 && answer.envelope?.code === '102')).toBe(true);
      // A compared wrong guess answers "wrong"; every guess past the fifth "too many tries".
      const compared = answers.filter((answer) => answer.envelope?.message === messages.smsCodeWrong);
      expect(compared.length).toBeLessThanOrEqual(SMS_CODE_MAX_WRONG_TRIES);
      expect(
        answers.filter((answer) => answer.envelope?.message === messages.smsCodeTooManyTries).length,
      ).toBeGreaterThanOrEqual(200 - SMS_CODE_MAX_WRONG_TRIES);

      const after = await callEndpoint(t.app, endpoints.smsLogin, { body: { phone, smsCode: code } });
      expect(after.envelope).toMatchObject({ code: '102', message: messages.smsCodeTooManyTries });
      expect(await t.app.db.selectFrom('sessions').select('borrower_id').execute()).toHaveLength(0);
    });
  },
);
