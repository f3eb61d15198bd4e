import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nginxConfig } from '../fleet/nginx-config.ts';

describe("the fleet's nginx configuration", () => {
  const prefix = '/tmp/kwarta-nginx-test';
  const text = nginxConfig({
    prefix,
    host: '127.0.0.1',
    port: 8080,
    upstreams: [
      { port: 8081, down: false },
      { port: 8082, down: true },
    ],
  });

  it('lists every instance, marks the one out of rotation down, and passes request ids on', () => {
    expect(text).toContain('server 127.0.0.1:8081 max_fails=1 fail_timeout=2s;');
    expect(text).toContain('server 127.0.0.1:8082 max_fails=1 fail_timeout=2s down;');
    expect(text).toContain('proxy_set_header X-Request-Id $kwarta_request_id;');
    // The access log has the path without its query (session ids travel there).
    expect(text).toContain('"path":"$uri"');
    expect(text).not.toContain('$request_uri');
  });

  it.runIf(existsSync('/usr/sbin/nginx'))('is a configuration nginx accepts (nginx -t)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kwarta-nginx-'));
    try {
      const file = path.join(dir, 'nginx.conf');
      writeFileSync(
        file,
        nginxConfig({ prefix: dir, host: '127.0.0.1', port: 8080, upstreams: [{ port: 8081, down: false }] }),
      );
      const result = spawnSync('/usr/sbin/nginx', [
        '-t',
        '-p',
        dir,
        '-c',
        file,
        '-e',
        path.join(dir, 'error.log'),
      ]);
      expect(result.stderr.toString()).toContain('test is successful');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
