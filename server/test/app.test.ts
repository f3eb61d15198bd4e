import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeFromWire, routes } from '@kwarta/contract';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('the application shell', () => {
  let t: TestApp;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-web-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><meta name="kw-env" content="production" />' +
        '<script type="module" crossorigin src="/assets/main-abc123.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/shared-1.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/app-1.css"></head><body>app</body></html>',
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'app-1.css'), '.app{color:green}');
    fs.writeFileSync(path.join(webDist, 'assets', 'service-1.css'), '.service{color:red}');
    fs.writeFileSync(path.join(webDist, 'assets', 'main-abc123.js'), 'console.log(1)');
    fs.mkdirSync(path.join(webDist, '.vite'));
    fs.writeFileSync(
      path.join(webDist, '.vite', 'route-assets.json'),
      JSON.stringify({ '/customerService': { js: ['assets/service-1.js'], css: ['assets/service-1.css'] } }),
    );
    t = await createTestApp('sqlite', { env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('reports health', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('serves an OpenAPI document generated from the contract', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(document.openapi).toBe('3.1.0');
    // Under the lender's brand (BRAND_FILE), as every page is: the white label holds for integrators.
    expect(document.info.title).toBe(`${t.config.brand.brandName} API`);
    const operation = document.paths[routes.contactKfInfo.path].post;
    expect(operation.operationId).toBe('contactKfInfo');
    const body = operation.requestBody.content['application/x-www-form-urlencoded'].schema;
    expect(body.required).toEqual(['overall']);
    expect(operation.parameters.find((p: { name: string }) => p.name === 'sessionId').required).toBe(true);
    expect(Object.keys(operation.responses)).toEqual(['200', '400', '401']);
    expect(operation.security).toEqual([{ borrowerSession: [] }]);
  });

  it('serves an OpenAPI document Redocly lints clean with its recommended rules', async () => {
    const file = path.join(webDist, 'openapi.json');
    fs.writeFileSync(file, (await t.app.inject({ method: 'GET', url: '/openapi.json' })).body);
    const redocly = path.resolve(import.meta.dirname, '../../node_modules/.bin/redocly');
    const linted = await new Promise<{ code: number | null; output: string }>((resolve) => {
      execFile(
        redocly,
        ['lint', file, '--extends=recommended', '--format=stylish'],
        (error, stdout, stderr) =>
          resolve({ code: error ? (error.code as number) : 0, output: stdout + stderr }),
      );
    });
    expect(linted.output).toMatch(/valid/);
    expect(linted.code, linted.output).toBe(0);
  }, 60_000);

  it('serves the app page on every web route with the runtime environment stamped in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/customerService?sessionId=x' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<meta name="kw-env" content="sandbox">');
  });

  it('paints from the HTML alone: CSS inline, nothing fetched from the head, the entry last and at low priority', async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/customerService' })).body;
    // The page's CSS, then the brand's custom properties over it (decision 0096).
    expect(page).toMatch(
      /<style>\.app\{color:green\}\n\.service\{color:red\}<\/style>.*<style id="kw-brand">.*<\/head>/,
    );
    expect(page).not.toMatch(/<link rel="modulepreload"/);
    // Each inlined sheet is named by a disabled link at the end (neither fetched nor applied), so
    // Vite's preload helper finds it there and does not fetch the page chunk's CSS again.
    expect(page).toMatch(
      '<link rel="stylesheet" href="/assets/app-1.css" disabled>' +
        '<link rel="stylesheet" href="/assets/service-1.css" disabled>' +
        '<script fetchpriority="low" type="module" crossorigin src="/assets/main-abc123.js"></script></body>',
    );
    expect(page.indexOf('<link rel="stylesheet"')).toBeGreaterThan(page.indexOf('</head>'));
    expect((await t.app.inject({ method: 'GET', url: '/complaintList' })).body).toContain(
      '<style>.app{color:green}</style>',
    );
  });

  it('serves hashed assets as immutable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API paths with a 404 envelope and unknown pages with the app at 404', async () => {
    const api = await t.app.inject({ method: 'POST', url: '/v3/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(envelopeFromWire(api.json())?.code).toBe('404');
    const page = await t.app.inject({
      method: 'GET',
      url: '/no-such-page',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<body>app</body>');
  });

  it('answers a malformed form body with a 400 envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${routes.contactKfInfo.path}?sessionId=x`,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(400);
    expect(envelopeFromWire(response.json())?.code).toBe('400');
  });
});
