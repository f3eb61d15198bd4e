import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markets } from '@kwarta/contract';
import { cliEnv, createTestApp, type TestApp } from '../support/test-app.ts';
import { outputFormat } from '../../src/lib/output-format.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe("a command line's amounts and times", () => {
  it("print amounts in the market's one money style and instants in the lender's zone, labelled", () => {
    const ph = outputFormat({ market: markets.PH, lenderTimeZone: 'Asia/Manila' });
    expect(ph.money(2_000_000)).toBe('₱20,000.00');
    expect(ph.money(-5)).toBe('-₱0.05');
    expect(ph.time('2026-11-27T10:24:03.000Z')).toBe('2026-11-27 18:24 +08:00');
    const spec = outputFormat({ market: markets.spec, lenderTimeZone: 'UTC' });
    expect(spec.money(2_000_000)).toBe('₱20.000,00');
    expect(spec.time(new Date('2026-11-27T10:24:03.000Z'))).toBe('2026-11-27 10:24 +00:00');
  });

  describe("beside a server of the spec's market", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('sqlite', { env: { MARKET: 'spec' } });
    });
    afterAll(() => t.close());

    it("the ledger check and the trial balance print the spec's style", async () => {
      const cli = (file: string, ...args: string[]) =>
        run(process.execPath, ['--import', 'tsx', `server/src/cli/${file}`, ...args], {
          cwd: repoRoot,
          env: cliEnv(t, { MARKET: '' }),
        });
      // MARKET unset: the tool takes the market its database's server recorded (decision 0101).
      const checked = await cli('ledger.ts', 'rebuild', '--check');
      expect(checked.stdout).toContain('paid out ₱0,00, received ₱0,00.');
      const balance = await cli('report.ts', 'trial-balance');
      expect(balance.stdout).toMatch(/Total\s+₱\d{1,3}(\.\d{3})*,\d\d\s+₱\d{1,3}(\.\d{3})*,\d\d/);
    }, 60_000);
  });
});
