import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseTargets, type TestApp } from '../../support/test-app.ts';

/** The console's entry as the build writes it (web/console.html): stamped with the defaults. */
function fakeConsoleBuild(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-console-web-'));
  fs.writeFileSync(
    path.join(dist, 'console.html'),
    '<!doctype html><html><head><meta name="kw-market" content="default" />' +
      '<meta name="kw-time-zone" content="UTC" /><title>console</title></head>' +
      '<body><div id="root"></div><!--kw:operator--></body></html>',
  );
  return dist;
}

describe.each(databaseTargets)("the console's page (%s)", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { env: { WEB_DIST_DIR: fakeConsoleBuild() } });
  });
  afterAll(() => t.close());

  it("carries the lender's time zone, in which the console shows every time", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/console' });
    expect(page.statusCode).toBe(200);
    expect(t.config.lenderTimeZone).not.toBe('UTC');
    expect(page.body).toContain(`<meta name="kw-time-zone" content="${t.config.lenderTimeZone}">`);
    expect(page.body).not.toContain('content="UTC"');
  });
});
