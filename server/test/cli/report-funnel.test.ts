import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@kwarta/contract';
import { callEndpoint } from '../support/api.ts';
import { cliEnv, createTestApp, type TestApp } from '../support/test-app.ts';
import { registerPhone } from '../support/promotion.ts';
import { readmeCommand } from '../support/readme.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('npm run report:funnel', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { MARKET: 'spec' } });
    const tracking = {
      page_id: '1',
      client_type: 'ios',
      page_type: '1',
      app_from: 'fb',
      user_from: 'ads-7',
      utm_tag: 'spring-sale',
    };
    for (let visit = 0; visit < 4; visit += 1)
      await callEndpoint(t.app, endpoints.trackVisit, { body: tracking });
    await callEndpoint(t.app, endpoints.trackClick, { body: { ...tracking, phone: '13500000001' } });
    await callEndpoint(t.app, endpoints.trackVisit, { body: { ...tracking, utm_tag: 'other' } });
    await registerPhone(t.app, '13500000001');
  });
  afterAll(() => t.close());

  it('prints the funnel of one campaign from the server database', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'server/src/cli/report-funnel.ts', '--utm_tag', 'spring-sale'],
      {
        cwd: repoRoot,
        env: cliEnv(t),
      },
    );
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      /^utm_tag\s+app_from\s+user_from\s+visits\s+clicks\s+sms_sent\s+registrations\s+conversion$/,
    );
    expect(lines.slice(2)).toHaveLength(1);
    expect(lines[2]!.split(/\s+/)).toEqual(['spring-sale', 'fb', 'ads-7', '4', '1', '1', '1', '25.0%']);
  }, 30_000);

  // The test app seeds the demo as `npm start` does, so the README's campaign must be one of its.
  it("finds the demo's traffic with the README's example as written", async () => {
    const args = readmeCommand('report:funnel');
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'server/src/cli/report-funnel.ts', ...args],
      {
        cwd: repoRoot,
        env: cliEnv(t),
      },
    );
    const rows = stdout.trim().split('\n').slice(2);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.split(/\s+/)[0]).toBe(args[args.indexOf('--utm_tag') + 1]);
  }, 30_000);
});
