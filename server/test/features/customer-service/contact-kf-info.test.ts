import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeWireNames, messages, endpoints } from '@kwarta/contract';
import { callEndpoint, demoSession } from '../../support/api.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { putSetting } from '../../../src/db/settings-repository.ts';

describe.each(databaseTargets)('contact-kf-info on %s', (target) => {
  const clock = testClock('2026-11-22T08:00:00.000Z');
  let t: TestApp;
  let session: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(target, { clock });
    session = await demoSession(t.app);
  });
  afterAll(() => t.close());

  /** Everything a refused call could have touched: the session rows and the settings. */
  async function snapshot() {
    return {
      sessions: await t.app.db.selectFrom('sessions').selectAll().orderBy('token_hash').execute(),
      settings: await t.app.db.selectFrom('settings').selectAll().orderBy('key').execute(),
    };
  }

  it('answers the configured contacts in the envelope, under the wire names', async () => {
    const response = await callEndpoint(t.app, endpoints.contactKfInfo, { session, body: { overall: '30' } });
    expect(response.status).toBe(200);
    expect(Object.keys(response.raw)).toEqual([
      envelopeWireNames.code,
      envelopeWireNames.message,
      envelopeWireNames.data,
    ]);
    expect(response.envelope).toEqual({
      code: '00',
      message: messages.success,
      data: { email: t.config.defaultSupport.email, smWa: t.config.defaultSupport.whatsapp },
    });
  });

  it('answers what an operator has set, over the configured defaults', async () => {
    await putSetting(t.app.db, 'service.email', 'help@lender.example', clock.now());
    await putSetting(t.app.db, 'service.whatsapp', '+63 917 000 1234', clock.now());
    const response = await callEndpoint(t.app, endpoints.contactKfInfo, { session, body: { overall: '30' } });
    expect(response.envelope?.data).toEqual({ email: 'help@lender.example', smWa: '+63 917 000 1234' });
  });

  it.each([
    ['no session id', {}],
    ['an unknown session id', { sessionId: 'not-a-session' }],
  ])('answers 401 with an envelope and writes nothing for %s', async (_name, sessionQuery) => {
    const before = await snapshot();
    const response = await callEndpoint(t.app, endpoints.contactKfInfo, {
      session: sessionQuery,
      body: { overall: '30' },
    });
    expect(response.status).toBe(401);
    expect(response.envelope).toEqual({ code: '401', message: messages.sessionInvalid, data: null });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['letters', { overall: 'abc' }],
    ['empty', { overall: '' }],
    ['a decimal', { overall: '30.5' }],
    ['another number', { overall: '31' }],
    ['missing', {}],
  ])('answers 400 with an envelope and writes nothing when overall is %s', async (_name, body) => {
    const before = await snapshot();
    const response = await callEndpoint(t.app, endpoints.contactKfInfo, { session, body });
    expect(response.status).toBe(400);
    expect(response.envelope?.code).toBe('400');
    expect(response.envelope?.message).toMatch(/overall/);
    expect(response.envelope?.data).toBeNull();
    expect(await snapshot()).toEqual(before);
  });

  it('checks the session before the input: an anonymous malformed call learns nothing but 401', async () => {
    const before = await snapshot();
    const response = await callEndpoint(t.app, endpoints.contactKfInfo, {
      session: { sessionId: 'forged' },
      body: { overall: 'abc' },
    });
    expect(response.status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a session that has been idle too long, and one past its absolute expiry', async () => {
    const idle = await demoSession(t.app);
    clock.advance((t.config.session.idleMinutes + 1) * 60_000);
    expect(
      (await callEndpoint(t.app, endpoints.contactKfInfo, { session: idle, body: { overall: '30' } })).status,
    ).toBe(401);

    const busy = await demoSession(t.app);
    const end = clock.now().getTime() + t.config.session.maxDays * 86_400_000;
    // Kept alive by use every few hours, it still ends at its absolute expiry.
    while (clock.now().getTime() + 6 * 3_600_000 < end) {
      clock.advance(6 * 3_600_000);
      expect(
        (await callEndpoint(t.app, endpoints.contactKfInfo, { session: busy, body: { overall: '30' } }))
          .status,
      ).toBe(200);
    }
    clock.advance(6 * 3_600_000);
    expect(
      (await callEndpoint(t.app, endpoints.contactKfInfo, { session: busy, body: { overall: '30' } })).status,
    ).toBe(401);
  });

  it('sends the security headers of DESIGN §3', async () => {
    const response = await callEndpoint(t.app, endpoints.contactKfInfo, { session, body: { overall: '30' } });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
