import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConsoleSignInLimits,
  OPERATOR_DEVICE_COOKIE,
  messages,
  type OperatorRole,
  endpoints,
} from '@kwarta/contract';
import { attemptConsoleSignIn, callConsole, consoleSignedIn, cookieSet } from '../../support/console.ts';
import { createTestApp, testClock, storeSetups, testRedis, type TestApp } from '../../support/test-app.ts';
import { createOperator, hashPassword, setUpTotp } from '../../../src/features/operators/index.ts';

/**
 * Decision 0091: strangers exhausting an account's or an address's sign-in count cannot lock an
 * operator out of the browser they signed in from before, the known device has a limit of its
 * own, and every failure is recorded and shown. On the database store and, when one answers, on
 * Redis (the store the counts live in).
 */
const PASSWORD = 'correct horse battery';

describe.each(storeSetups)('console sign-in throttling ($target, redis: $redis)', ({ target, redis }) => {
  let t: TestApp;
  let cleanupRedis = async () => {};
  const clock = testClock('2026-11-23T03:00:00.000Z');
  const passwordHash = hashPassword(PASSWORD);

  beforeAll(async () => {
    const shared = redis ? testRedis() : undefined;
    if (shared) cleanupRedis = shared.cleanup;
    t = await createTestApp(target, { clock, env: { ...shared?.env } });
    expect(t.app.store.backend).toBe(redis ? 'redis' : 'database');
  });
  afterAll(async () => {
    await t.close();
    await cleanupRedis();
  });

  /** A new operator, signed in once from `address`: the browser it used is now a known device. */
  async function operatorWithDevice(name: string, role: OperatorRole, address: string) {
    const id = await createOperator(t.app.db, {
      name,
      role,
      now: clock.now(),
      passwordHash: await passwordHash,
    });
    return { id, session: await consoleSignedIn(t.app, { name, password: PASSWORD, address }) };
  }
  const attempt = (name: string, address: string, password: string, device?: string) =>
    attemptConsoleSignIn(t.app, { name, password, address, ...(device ? { device } : {}) });
  const statuses = async (attempts: Promise<{ status: number }>[]) =>
    (await Promise.all(attempts)).map((response) => response.status).sort();
  /**
   * Attempts one after another: each costs a scrypt (an unknown name too), and a burst of dozens
   * would starve the other test files of the machine's cores.
   */
  async function inTurn(count: number, one: (index: number) => Promise<{ status: number }>) {
    const answered: number[] = [];
    for (let index = 0; index < count; index += 1) answered.push((await one(index)).status);
    return answered;
  }
  const failureRows = (operatorId: number | null) =>
    t.app.db
      .selectFrom('operator_sign_in_failures')
      .select(['name', 'address', 'known_device', 'reason'])
      .where((eb) =>
        operatorId === null ? eb('operator_id', 'is', null) : eb('operator_id', '=', operatorId),
      )
      .orderBy('id')
      .execute();

  it('leaves the device cookie HttpOnly, SameSite=Strict, for the sign-in call only, for 180 days', async () => {
    await createOperator(t.app.db, {
      name: 'cookie-1',
      role: 'viewer',
      now: clock.now(),
      passwordHash: await passwordHash,
    });
    const response = await attempt('cookie-1', '198.51.100.90', PASSWORD);
    const line = ([] as string[])
      .concat(response.headers['set-cookie'] as string[])
      .find((cookie) => cookie.startsWith(`${OPERATOR_DEVICE_COOKIE}=`))!;
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Strict');
    expect(line).toContain('Path=/console/api/sign-in');
    expect(line).toContain(`Max-Age=${180 * 86_400}`);
    // Only the token's hash is stored.
    const token = cookieSet(response.headers, OPERATOR_DEVICE_COOKIE)!.split('=')[1]!;
    const stored = await t.app.db.selectFrom('operator_devices').select('device_hash').execute();
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.some((row) => row.device_hash === token)).toBe(false);
  });

  it('after 12 parallel wrong passwords the right one gets in from a known device, not from elsewhere', async () => {
    const finance = await operatorWithDevice('finance-k', 'finance', '198.51.100.10');
    const other = await operatorWithDevice('other-k', 'viewer', '198.51.100.11');
    const wrong = await statuses(
      Array.from({ length: 12 }, (_, index) =>
        attempt('finance-k', `203.0.113.${index + 1}`, 'wrong password'),
      ),
    );
    expect(wrong).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);

    const elsewhere = await attempt('finance-k', '203.0.113.50', PASSWORD);
    expect(elsewhere.status).toBe(429);
    expect(elsewhere.envelope?.message).toBe(messages.consoleSignInThrottled);
    expect(elsewhere.headers['set-cookie']).toBeUndefined();
    // Another operator's device is no device of this one.
    expect((await attempt('finance-k', '198.51.100.11', PASSWORD, other.session.device)).status).toBe(429);

    const known = await attempt('finance-k', '198.51.100.10', PASSWORD, finance.session.device);
    expect(known.status).toBe(200);
    expect(known.envelope?.data).toMatchObject({ name: 'finance-k', role: 'finance' });
    // The browser keeps its token.
    expect(cookieSet(known.headers, OPERATOR_DEVICE_COOKIE)).toBe(finance.session.device);
  });

  it(
    '35 unknown names from one address do not lock out a known device at that address',
    { timeout: 120_000 },
    async () => {
      const address = '192.0.2.35';
      const admin = await operatorWithDevice('admin-k', 'admin', address);
      const unknown = await inTurn(35, (index) => attempt(`nobody-${index}`, address, 'x'));
      // The admin's own sign-in above was one of the address's 30 a minute.
      const left = ConsoleSignInLimits.attemptsPerAddress - 1;
      expect(unknown).toEqual([...Array(left).fill(401), ...Array(35 - left).fill(429)]);

      expect((await attempt('admin-k', address, PASSWORD)).status).toBe(429);
      expect((await attempt('admin-k', address, PASSWORD, admin.session.device)).status).toBe(200);
      // An unknown name carrying a known device's cookie is still judged by the address.
      expect((await attempt('nobody-x', address, 'x', admin.session.device)).status).toBe(429);
    },
  );

  it('gives a known device its own limit: the eleventh attempt in 15 minutes is refused unread', async () => {
    const viewer = await operatorWithDevice('viewer-k', 'viewer', '198.51.100.20');
    const device = viewer.session.device;
    const limit = ConsoleSignInLimits.attemptsPerDevice;
    const wrong = await inTurn(limit, (index) =>
      attempt('viewer-k', `203.0.114.${index + 1}`, 'wrong', device),
    );
    expect(wrong).toEqual(Array(limit).fill(401));
    expect((await attempt('viewer-k', '198.51.100.20', 'wrong', device)).status).toBe(429);
    const right = await attempt('viewer-k', '198.51.100.20', PASSWORD, device);
    expect(right.status).toBe(429);
    expect(right.headers['set-cookie']).toBeUndefined();
    // Recorded as from the known device: 10 wrong passwords, then 2 throttled.
    const rows = await failureRows(viewer.id);
    expect(rows.map((row) => row.reason)).toEqual([
      ...Array(limit).fill('password'),
      'throttled',
      'throttled',
    ]);
    expect(rows.every((row) => row.known_device === 1 && row.name === null)).toBe(true);
  });

  it('records each failure and shows the operator, after signing in, those since the last sign-in', async () => {
    const agent = await operatorWithDevice('agent-k', 'agent', '198.51.100.30');
    clock.advance(60_000);
    expect((await attempt('agent-k', '203.0.115.1', 'wrong')).status).toBe(401);
    clock.advance(1_000);
    const lastAt = clock.now().toISOString();
    expect((await attempt('agent-k', '203.0.115.2', 'wrong')).status).toBe(401);
    expect((await attempt('ghost-k', '203.0.115.3', 'wrong')).status).toBe(401);
    expect(await failureRows(agent.id)).toEqual([
      { name: null, address: '203.0.115.1', known_device: 0, reason: 'password' },
      { name: null, address: '203.0.115.2', known_device: 0, reason: 'password' },
    ]);
    // A name no operator has is kept as tried.
    expect(await failureRows(null)).toContainEqual({
      name: 'ghost-k',
      address: '203.0.115.3',
      known_device: 0,
      reason: 'password',
    });

    clock.advance(1_000);
    const shown = { count: 2, lastAt, lastAddress: '203.0.115.2' };
    const session = await consoleSignedIn(t.app, {
      name: 'agent-k',
      password: PASSWORD,
      address: '198.51.100.30',
      device: agent.session.device,
    });
    const me = await callConsole(t.app, session, endpoints.consoleMe, {}, false);
    expect((me.envelope?.data as { failedSignIns: unknown }).failedSignIns).toEqual(shown);

    // The next sign-in shows nothing: nothing failed since this one.
    clock.advance(1_000);
    const again = await attempt('agent-k', '198.51.100.30', PASSWORD, agent.session.device);
    expect((again.envelope?.data as { failedSignIns: unknown }).failedSignIns).toBeNull();

    // Admins see the last 7 days' failures per operator.
    const admin = await operatorWithDevice('admin-f', 'admin', '198.51.100.31');
    const list = await callConsole(
      t.app,
      admin.session,
      endpoints.consoleOperators,
      { pageSize: '100' },
      false,
    );
    const rows = (list.envelope?.data as { items: { name: string; recentFailures: unknown }[] }).items;
    expect(rows.find((row) => row.name === 'agent-k')?.recentFailures).toEqual(shown);
    expect(rows.find((row) => row.name === 'admin-f')?.recentFailures).toBeNull();
    // A week and a day later they are no longer recent.
    clock.advance(8 * 86_400_000);
    const later = await consoleSignedIn(t.app, {
      name: 'admin-f',
      password: PASSWORD,
      address: '198.51.100.31',
      device: admin.session.device,
    });
    const laterList = await callConsole(t.app, later, endpoints.consoleOperators, { pageSize: '100' }, false);
    const laterRows = (laterList.envelope?.data as { items: { name: string; recentFailures: unknown }[] })
      .items;
    expect(laterRows.find((row) => row.name === 'agent-k')?.recentFailures).toBeNull();
  });

  it('records a missing or wrong authenticator code as a TOTP failure', async () => {
    const id = await createOperator(t.app.db, {
      name: 'totp-k',
      role: 'viewer',
      now: clock.now(),
      passwordHash: await passwordHash,
    });
    await setUpTotp(t.app, id);
    expect((await attempt('totp-k', '198.51.100.40', PASSWORD)).status).toBe(401);
    expect((await failureRows(id)).map((row) => row.reason)).toEqual(['totp']);
  });
});
