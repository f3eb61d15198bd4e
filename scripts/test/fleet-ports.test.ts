import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { fleetMetricsToken, instancePorts } from '../fleet/fleet.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../..');

describe("the fleet's ports and metrics token (decision 0100)", () => {
  it('prints exactly the instance ports the runner starts its instances on', async () => {
    expect(instancePorts(9000, 3)).toEqual([9001, 9002, 9003]);
    const { stdout } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/fleet/cli.ts',
        '--print-nginx-config',
        '--instances',
        '3',
        '--port',
        '9000',
      ],
      { cwd: repoRoot },
    );
    const upstreams = [...stdout.matchAll(/server 127\.0\.0\.1:(\d+) /g)].map((match) => Number(match[1]));
    expect(upstreams).toEqual(instancePorts(9000, 3));
    expect(stdout).toContain('listen 127.0.0.1:9000 reuseport;');
  }, 60_000);

  it('takes METRICS_TOKEN when set, and makes one (to be said) otherwise', () => {
    expect(fleetMetricsToken({ METRICS_TOKEN: 'scrape-me' })).toEqual({
      token: 'scrape-me',
      generated: false,
    });
    const made = fleetMetricsToken({ METRICS_TOKEN: '' });
    expect(made.generated).toBe(true);
    expect(made.token).toMatch(/^[0-9a-f]{32}$/);
    expect(fleetMetricsToken({}).token).not.toBe(made.token);
  });
});
