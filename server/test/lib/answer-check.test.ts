import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@kwarta/contract';
import type { FastifyInstance } from 'fastify';
import { createTestApp, productionEssentials, type TestApp } from '../support/test-app.ts';
import { loadConfig } from '../../src/config.ts';
import { callEndpoint } from '../support/api.ts';
import { registerEndpoint } from '../../src/lib/contract-route.ts';

// Calls that exist only in this test: each answers what its `kind` query field asks for.
const answerRoute = (name: string, path: string) =>
  defineEndpoint({ name, summary: 'test', tag: 'Test', method: 'GET', path, auth: 'public' } as const, {
    request: z.object({ kind: z.enum(['exact', 'extra', 'wrong']) }),
    data: z.object({ amount: z.string(), flag: z.literal(1) }),
  });
const checkedInTests = answerRoute('testCheckedInTests', '/test/answer/tests');
const checkedAlways = answerRoute('testCheckedAlways', '/test/answer/always');

const answers = {
  exact: { flag: 1, amount: '₱1.00' },
  // A key the contract does not name (a row spread into the answer, say).
  extra: { flag: 1, amount: '₱1.00', borrowerPhone: '09170000000' },
  wrong: { flag: 2, amount: '₱1.00' },
};

async function routes(app: FastifyInstance): Promise<void> {
  const handler = (input: { kind: keyof typeof answers }) => answers[input.kind] as never;
  registerEndpoint(app, checkedInTests, handler, { answerCheck: 'tests' });
  registerEndpoint(app, checkedAlways, handler);
}

const call = (t: TestApp, endpoint: typeof checkedInTests, kind: string) =>
  callEndpoint(t.app, endpoint, { body: { kind } });

describe('answers checked only in tests (decision 0117)', () => {
  let strict: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    strict = await createTestApp('sqlite', { routes });
    off = await createTestApp('sqlite', { routes, env: { ANSWER_CHECK: 'off' } });
  });
  afterAll(async () => {
    await strict.close();
    await off.close();
  });

  it('sends an answer its schema leaves unchanged as the handler made it, checked or not', async () => {
    for (const t of [strict, off]) {
      const result = await call(t, checkedInTests, 'exact');
      expect(result.status).toBe(200);
      expect(result.envelope?.data).toEqual(answers.exact);
      // The handler's own key order: production sends the very bytes the tests saw.
      expect(Object.keys(result.envelope?.data as object)).toEqual(['flag', 'amount']);
    }
  });

  it('fails a call in the tests whose answer holds a key the contract does not name, or a wrong value', async () => {
    for (const kind of ['extra', 'wrong']) {
      expect((await call(strict, checkedInTests, kind)).status).toBe(500);
    }
  });

  it('sends the answer unchecked where the check is off, while other routes still parse theirs', async () => {
    expect((await call(off, checkedInTests, 'extra')).envelope?.data).toEqual(answers.extra);
    const always = await call(off, checkedAlways, 'extra');
    expect(always.status).toBe(200);
    expect(always.envelope?.data).toEqual(answers.exact);
    expect((await call(off, checkedAlways, 'wrong')).status).toBe(500);
  });

  it('is strict in development and off in sandbox and production unless set', () => {
    const answerCheck = (env: Record<string, string>) =>
      loadConfig({ ...productionEssentials(), ...env }).answerCheck;
    expect(answerCheck({ APP_ENV: 'development' })).toBe('strict');
    expect(answerCheck({ APP_ENV: 'sandbox', SANDBOX_PAYMENT_SECRET: 'x'.repeat(16) })).toBe('off');
    expect(answerCheck({})).toBe('off');
    expect(answerCheck({ ANSWER_CHECK: 'strict' })).toBe('strict');
  });
});
