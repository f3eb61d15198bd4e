import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CSRF_HEADER,
  OPERATOR_SESSION_COOKIE,
  ResultCode,
  defineEndpoint,
  envelopeFromWire,
  messages,
  endpoints,
} from '@kwarta/contract';
import { createTestApp, databaseTargets, type TestApp } from '../support/test-app.ts';
import { callEndpoint, demoSession } from '../support/api.ts';
import { registerEndpoint } from '../../src/lib/contract-route.ts';
import { createOperator, createOperatorSession } from '../../src/features/operators/index.ts';
import { getSettings, putSetting } from '../../src/db/settings-repository.ts';

// Two console calls that exist only in this test: a read any viewer may make, and a write for credit.
const consoleRead = defineEndpoint(
  {
    name: 'testConsoleRead',
    summary: 'test',
    tag: 'Test',
    method: 'GET',
    path: '/test/console/read',
    auth: 'operator',
    roles: ['viewer', 'credit'],
  } as const,
  { request: z.object({}), data: z.object({ name: z.string(), role: z.string() }) },
);
const consoleWrite = defineEndpoint(
  {
    name: 'testConsoleWrite',
    summary: 'test',
    tag: 'Test',
    method: 'POST',
    path: '/test/console/write',
    auth: 'operator',
    roles: ['credit'],
  } as const,
  { request: z.object({ value: z.string().min(1) }), data: z.null() },
);

describe.each(databaseTargets)('caller kinds (%s)', (target) => {
  let t: TestApp;
  const tokens: Record<string, { token: string; csrfToken: string }> = {};

  beforeAll(async () => {
    t = await createTestApp(target, {
      routes: async (app) => {
        registerEndpoint(app, consoleRead, (_input, { operator }) => ({
          name: operator.name,
          role: operator.role,
        }));
        registerEndpoint(app, consoleWrite, async (input, { operator }) => {
          await putSetting(app.db, 'test.written', `${operator.name}:${input.value}`, app.clock.now());
          return null;
        });
      },
    });
    for (const role of ['viewer', 'credit', 'admin'] as const) {
      const operatorId = await createOperator(t.app.db, { name: `${role}-1`, role, now: new Date() });
      tokens[role] = await createOperatorSession(t.app.db, { operatorId, now: new Date() });
    }
  });
  afterAll(() => t.close());

  const cookieOf = (role: string) => ({ cookie: `${OPERATOR_SESSION_COOKIE}=${tokens[role]!.token}` });
  const write = (headers: Record<string, string>) =>
    callEndpoint(t.app, consoleWrite, { body: { value: 'x' }, headers });
  const written = async () => (await getSettings(t.app.db, ['test.written'])).get('test.written');

  it('hands the handler the operator of a live console session', async () => {
    const result = await callEndpoint(t.app, consoleRead, { headers: cookieOf('viewer') });
    expect(result.status).toBe(200);
    expect(result.envelope?.data).toEqual({ name: 'viewer-1', role: 'viewer' });
  });

  it('answers 401 without a console session, and a borrower session is none', async () => {
    const none = await callEndpoint(t.app, consoleRead);
    expect(none.status).toBe(401);
    expect(none.envelope?.message).toBe(messages.operatorSessionInvalid);
    const borrower = await callEndpoint(t.app, consoleRead, { session: await demoSession(t.app) });
    expect(borrower.status).toBe(401);
    const forged = await callEndpoint(t.app, consoleRead, {
      headers: { cookie: `${OPERATOR_SESSION_COOKIE}=forged` },
    });
    expect(forged.status).toBe(401);
  });

  it('refuses a role the route does not name with 403 and writes nothing; admin may call everything', async () => {
    const viewer = await write({ ...cookieOf('viewer'), [CSRF_HEADER]: tokens.viewer!.csrfToken });
    expect(viewer.status).toBe(403);
    expect(viewer.envelope).toMatchObject({
      code: ResultCode.forbidden,
      message: messages.operatorRoleRefused,
    });
    expect(await written()).toBeUndefined();
    const admin = await callEndpoint(t.app, consoleRead, { headers: cookieOf('admin') });
    expect(admin.status).toBe(200);
  });

  it('refuses a write without the session CSRF token, or with another session’s, and writes nothing', async () => {
    const missing = await write(cookieOf('credit'));
    expect(missing.status).toBe(403);
    expect(missing.envelope?.message).toBe(messages.csrfRefused);
    const foreign = await write({ ...cookieOf('credit'), [CSRF_HEADER]: tokens.admin!.csrfToken });
    expect(foreign.status).toBe(403);
    expect(await written()).toBeUndefined();

    const ok = await write({ ...cookieOf('credit'), [CSRF_HEADER]: tokens.credit!.csrfToken });
    expect(ok.status).toBe(200);
    expect(await written()).toBe('credit-1:x');
  });

  it('never lets a console session through a borrower call', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: endpoints.contactKfInfo.path,
      headers: { ...cookieOf('admin'), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'overall=30',
    });
    expect(response.statusCode).toBe(401);
    expect(envelopeFromWire(response.json())?.message).toBe(messages.sessionInvalid);
  });

  it('refuses at boot an operator route that names no roles', async () => {
    const noRoles = { ...consoleRead, name: 'testNoRoles', path: '/test/no-roles', roles: [] };
    expect(() => registerEndpoint(t.app, noRoles, () => ({ name: '', role: '' }))).toThrow(/names no roles/);
  });
});
