import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, messages, type Endpoint } from '@kwarta/contract';
import { callConsole, consoleSignedIn, type ConsoleSession } from '../../support/console.ts';
import { callEndpoint, demoSession } from '../../support/api.ts';
import { solvedCaptcha } from '../../support/promotion.ts';
import { DEMO_PHONES } from '../../../src/db/seed.ts';
import {
  createTestApp,
  databaseTargets,
  sourceStaticPageRenderer,
  testClock,
  type TestApp,
} from '../../support/test-app.ts';
import { createOperator, hashPassword } from '../../../src/features/operators/index.ts';

const EXAMPLES = path.resolve(import.meta.dirname, '../../../../examples/brands');
const BAYANIHAN = path.join(EXAMPLES, 'bayanihan-cash', 'brand.json');
const PASSWORD = 'correct horse battery';
const renderer = await sourceStaticPageRenderer();

/** A stand-in web build: the app's, the landing's and the console's HTML as the build names them. */
function fakeWebBuild(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-brand-web-'));
  const head =
    '<meta name="theme-color" content="#0b7a5c" /><link rel="icon" href="/brand/icon.svg" type="image/svg+xml" />';
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><meta name="kw-env" content="production" />${head}<title>Kwarta</title></head>` +
      '<body><div id="root"><!--kw:page--><!--/kw:page--></div></body></html>',
  );
  fs.writeFileSync(
    path.join(dist, 'promotion.html'),
    `<!doctype html><html><head>${head}<title>Kwarta</title></head><body>` +
      '<img src="/brand/icon.svg" alt="" width="40" height="40" /><!--kw:template--></body></html>',
  );
  fs.writeFileSync(
    path.join(dist, 'console.html'),
    `<!doctype html><html><head>${head}<title>Kwarta console</title></head><body><div id="root"></div><!--kw:operator--></body></html>`,
  );
  fs.mkdirSync(path.join(dist, 'site'));
  fs.writeFileSync(
    path.join(dist, 'site', 'banner-apply.svg'),
    '<svg><stop stop-color="#0b7a5c"/><stop stop-color="#075c45"/><rect fill="#E6F4EF"/><rect fill="#2456c8"/></svg>',
  );
  return dist;
}

describe.each(databaseTargets)('the brand (%s)', (target) => {
  let t: TestApp;
  let admin: ConsoleSession;
  let credit: ConsoleSession;
  const dist = fakeWebBuild();
  const clock = testClock('2026-11-25T03:00:00.000Z');
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const call = (session: ConsoleSession, endpoint: Endpoint, body: Record<string, string> = {}) =>
    callConsole(t.app, session, endpoint, body);
  const auditRows = () =>
    t.app.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('action', '=', 'brand.save')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(target, {
      clock,
      staticPageRenderer: renderer,
      env: { WEB_DIST_DIR: dist, BRAND_FILE: BAYANIHAN },
    });
    const passwordHash = await hashPassword(PASSWORD);
    await createOperator(t.app.db, { name: 'brand-admin', role: 'admin', now: clock.now(), passwordHash });
    await createOperator(t.app.db, { name: 'brand-credit', role: 'credit', now: clock.now(), passwordHash });
    admin = await consoleSignedIn(t.app, {
      name: 'brand-admin',
      password: PASSWORD,
      address: '198.51.100.70',
    });
    credit = await consoleSignedIn(t.app, {
      name: 'brand-credit',
      password: PASSWORD,
      address: '198.51.100.71',
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('the SMS code, the landing, the demo products and the support address name the brand, never Kwarta', async () => {
    const captcha = await solvedCaptcha(t.app);
    const sent = await callEndpoint(t.app, endpoints.sendLoginCode, {
      body: { phone: DEMO_PHONES[t.config.market.id], ...captcha, deviceId: 'brand-1' },
      headers: { 'x-forwarded-for': '198.51.100.72' },
    });
    expect(sent.envelope?.code).toBe('00');
    const outbox = (await get(`/dev/sms-outbox?phone=${DEMO_PHONES[t.config.market.id]}`)).json() as {
      messages: { text: string }[];
    };
    expect(outbox.messages[0]?.text).toMatch(/^\[Bayanihan Cash\] Your verification code is \d{6}\./);

    // The seeded channel template names the brand and opens the brand's app.
    const landing = (await get('/promotion?id=1')).body;
    expect(landing).toContain('By registering you agree that Bayanihan Cash may use your mobile number');
    expect(landing).toContain('"appScheme":"bayanihancash://open"');
    expect(landing).not.toMatch(/kwarta/i);
    const template = await callEndpoint(t.app, endpoints.channelTemplate, { body: { templateId: '1' } });
    expect(template.envelope?.data).toMatchObject({
      appName: 'Bayanihan Cash',
      androidUrl: 'https://play.google.com/store/apps/details?id=example.bayanihancash',
    });

    const products = await t.app.db.selectFrom('products').select('name').orderBy('id').execute();
    expect(products.map((product) => product.name)).toEqual([
      'Bayanihan Cash Flex',
      'Bayanihan Cash Plus',
      'Bayanihan Cash Max',
      'Bayanihan Cash Starter',
      'Bayanihan Cash Biz',
    ]);
    for (const url of ['/About', '/Policy', '/Loan']) {
      const page = (await get(url)).body;
      expect(page, url).toContain('support@bayanihan.example');
      expect(page, url).not.toMatch(/kwarta/i);
    }
  });

  it("the API's OpenAPI document carries the brand's name, not Kwarta's", async () => {
    const document = (await get('/openapi.json')).json() as { info: { title: string } };
    expect(document.info.title).toBe('Bayanihan Cash API');
  });

  it('BRAND_FILE dresses the official site: colours, derived shades, logo, name, company texts', async () => {
    const page = await get('/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<style id="kw-brand">:root{--brand:#1d4ed8;--brand-strong:#163ba2;--brand-soft:#e8edfb;--brand-accent:#f2b705;--text:#1b2227}</style>',
    );
    expect(page.body).toContain('<meta name="theme-color" content="#1d4ed8">');
    expect(page.body).toMatch(/<img class="site-logo" src="\/brand\/logo\?v=[\w-]{16}" alt="Bayanihan Cash"/);
    expect(page.body).toContain('Bayanihan Lending Corporation');
    expect(page.body).not.toContain('Kwarta');
    expect(page.body).toMatch(
      /<link rel="icon" href="\/brand\/favicon\?v=[\w-]{16}" type="image\/svg\+xml">/,
    );
  });

  it('dresses the app pages, the landing and the console the same way', async () => {
    for (const url of ['/orderDetails?productId=1&orderId=1', '/promotion?id=1', '/console']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('--brand:#1d4ed8;');
      expect(page.body, url).toContain('<meta name="application-name" content="Bayanihan Cash">');
      expect(page.body, url).toMatch(/<link rel="manifest" href="\/manifest.webmanifest\?v=/);
      expect(page.body, url).toMatch(/<title>Bayanihan Cash( console)?<\/title>/);
    }
    expect((await get('/promotion?id=1')).body).toMatch(/<img src="\/brand\/icon\?v=[\w-]{16}" alt=""/);
  });

  it('serves the configured images by content hash: for good at the current hash, revalidated otherwise', async () => {
    const icon = fs.readFileSync(path.join(EXAMPLES, 'bayanihan-cash', 'icon.png'));
    const version = /\/brand\/icon\?v=([\w-]+)/.exec((await get('/promotion?id=1')).body)![1]!;
    const current = await get(`/brand/icon?v=${version}`);
    expect(current.headers['content-type']).toBe('image/png');
    expect(current.rawPayload.equals(icon)).toBe(true);
    expect(current.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(current.headers.etag).toBe(`"${version}"`);
    const stale = await get('/brand/icon?v=old');
    expect(stale.headers['cache-control']).toBe('no-cache');
    expect((await get('/brand/icon', { 'if-none-match': `"${version}"` })).statusCode).toBe(304);
    // The build's own file names (client-rendered markup) answer with the brand's images too.
    expect((await get('/brand/icon.svg')).rawPayload.equals(icon)).toBe(true);
    expect((await get('/brand/logo')).body).toContain('Bayanihan Cash');
    expect((await get('/brand/favicon')).headers['content-type']).toBe('image/svg+xml');
  });

  it("redraws the build's banners in the brand's colours, leaving other colours be", async () => {
    const banner = await get('/site/banner-apply.svg');
    expect(banner.headers['content-type']).toBe('image/svg+xml');
    expect(banner.body).toBe(
      '<svg><stop stop-color="#1d4ed8"/><stop stop-color="#163ba2"/><rect fill="#e8edfb"/><rect fill="#2456c8"/></svg>',
    );
    expect((await get('/site/missing.svg')).statusCode).toBe(404);
  });

  it("serves the web app manifest with the brand's name, colour and icon", async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.headers['content-type']).toContain('application/manifest+json');
    expect(response.json()).toMatchObject({
      name: 'Bayanihan Cash',
      short_name: 'Bayanihan Cash',
      theme_color: '#1d4ed8',
      icons: [{ type: 'image/png', sizes: '192x192' }],
    });
  });

  it('refuses a colour under WCAG AA in the console with the figure, and changes nothing', async () => {
    const before = await get('/');
    const refused = await call(admin, endpoints.consoleSaveBrand, {
      name: 'Bayanihan Cash',
      primary: '#7fd3b5',
      accent: '#f2b705',
      text: '#1b2227',
      urlScheme: 'bayanihancash',
    });
    expect(refused.status).toBe(400);
    expect(refused.envelope?.message).toContain(
      'Primary colour #7fd3b5 has contrast 1.7:1 with white text; WCAG AA needs 4.5:1',
    );
    expect(await auditRows()).toEqual([]);
    expect(await t.app.db.selectFrom('brand_looks').selectAll().execute()).toEqual([]);
    expect((await get('/')).body).toBe(before.body);
  });

  it('lets only an admin read or save the brand', async () => {
    expect((await call(credit, endpoints.consoleBrand)).status).toBe(403);
    const refused = await call(credit, endpoints.consoleSaveBrand, {
      name: 'X',
      primary: '#000000',
      accent: '#000000',
      text: '#000000',
      urlScheme: 'x',
    });
    expect(refused.status).toBe(403);
    expect(refused.envelope?.message).toBe(messages.operatorRoleRefused);
  });

  it("an admin's save is audited and shows on the next page load, without a restart", async () => {
    const shown = await call(admin, endpoints.consoleBrand);
    expect(shown.envelope?.data).toMatchObject({
      shown: { name: 'Bayanihan Cash', primary: '#1d4ed8', strong: '#163ba2', soft: '#e8edfb' },
      defaults: { name: 'Bayanihan Cash' },
      saved: null,
    });
    const firstEtag = (await get('/About')).headers.etag;
    const look = {
      name: 'Bayanihan Pay',
      primary: '#9A3412',
      accent: '#f2b705',
      text: '#1b2227',
      urlScheme: 'bayanihanpay',
    };
    const saved = await call(admin, endpoints.consoleSaveBrand, look);
    expect(saved.status, JSON.stringify(saved.envelope)).toBe(200);
    expect(saved.envelope?.data).toMatchObject({ primary: '#9a3412', strong: '#74270e' });

    const [audit] = await auditRows();
    expect(audit).toMatchObject({ operator_name: 'brand-admin', subject: 'settings:brand' });
    expect(JSON.parse(audit!.before_json!)).toMatchObject({ name: 'Bayanihan Cash', primary: '#1d4ed8' });
    expect(JSON.parse(audit!.after_json!)).toMatchObject({ name: 'Bayanihan Pay', primary: '#9a3412' });

    for (const url of ['/', '/orderDetails?productId=1&orderId=1', '/promotion?id=1', '/console']) {
      const page = (await get(url)).body;
      expect(page, url).toContain('--brand:#9a3412;--brand-strong:#74270e;');
      expect(page, url).toContain('content="Bayanihan Pay"');
    }
    expect((await get('/')).body).toContain('alt="Bayanihan Pay"');
    // A browser's cached static page is not reused across the change.
    const about = await get('/About', { 'if-none-match': firstEtag as string });
    expect(about.statusCode).toBe(200);
    expect((await get('/manifest.webmanifest')).json()).toMatchObject({
      name: 'Bayanihan Pay',
      theme_color: '#9a3412',
    });
    // Our own products open in the brand's app, under its URL scheme.
    const plus = await t.app.db
      .selectFrom('products')
      .select('id')
      .where('name', '=', 'Bayanihan Cash Plus')
      .executeTakeFirstOrThrow();
    const link = await callEndpoint(t.app, endpoints.unionProductLink, {
      session: await demoSession(t.app),
      body: { productId: String(plus.id) },
    });
    expect(link.envelope?.data).toBe(`bayanihanpay://productDetail?productId=${plus.id}`);
    expect((await call(admin, endpoints.consoleBrand)).envelope?.data).toMatchObject({
      shown: { name: 'Bayanihan Pay' },
      defaults: { name: 'Bayanihan Cash' },
      saved: { by: 'brand-admin', at: '2026-11-25T03:00:00.000Z' },
    });
    // The name shown is the one texts sign with.
    const captcha = await solvedCaptcha(t.app);
    await callEndpoint(t.app, endpoints.sendLoginCode, {
      body: { phone: '09170000077', ...captcha, deviceId: 'brand-2' },
      headers: { 'x-forwarded-for': '198.51.100.73' },
    });
    const outbox = (await get('/dev/sms-outbox?phone=09170000077')).json() as {
      messages: { text: string }[];
    };
    expect(outbox.messages[0]?.text).toMatch(/^\[Bayanihan Pay\] /);
  });

  it('a server booting under a saved brand says which configured values it overrides', async () => {
    // Another deployment over the same database, with Kwarta's configuration (no BRAND_FILE).
    const lines: string[] = [];
    const second = await createTestApp(target, {
      sameDatabaseAs: t,
      env: { LOG_LEVEL: 'warn' },
      logStream: { write: (line) => void lines.push(line) },
    });
    await second.close();
    expect(lines.join('')).toContain(
      'The brand saved in the console by brand-admin at 2026-11-25T03:00:00.000Z overrides the configured ' +
        "name, primary, accent, urlScheme (BRAND_FILE, BRAND_*); an admin restores the configured brand on the console's Brand screen.",
    );
  });

  it('says where each configured value comes from, and a reset brings the configured brand back', async () => {
    const from = `BRAND_FILE (${BAYANIHAN})`;
    expect((await call(admin, endpoints.consoleBrand)).envelope?.data).toMatchObject({
      shown: { name: 'Bayanihan Pay', primary: '#9a3412' },
      configuredFrom: { name: from, primary: from, accent: from, text: from, urlScheme: from },
    });
    expect((await call(credit, endpoints.consoleResetBrand)).status).toBe(403);

    const reset = await call(admin, endpoints.consoleResetBrand);
    expect(reset.status, JSON.stringify(reset.envelope)).toBe(200);
    expect(reset.envelope?.data).toMatchObject({ name: 'Bayanihan Cash', primary: '#1d4ed8' });
    const audit = await t.app.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('action', '=', 'brand.reset')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before_json!)).toMatchObject({ name: 'Bayanihan Pay' });
    expect(JSON.parse(audit.after_json!)).toMatchObject({ name: 'Bayanihan Cash' });
    for (const url of ['/', '/orderDetails?productId=1&orderId=1', '/promotion?id=1', '/console']) {
      const page = (await get(url)).body;
      expect(page, url).toContain('--brand:#1d4ed8;');
      expect(page, url).toContain('content="Bayanihan Cash"');
    }
    expect((await call(admin, endpoints.consoleBrand)).envelope?.data).toMatchObject({
      shown: { name: 'Bayanihan Cash' },
      saved: null,
    });

    // Nothing saved: nothing to reset, and nothing written.
    const rows = await t.app.db.selectFrom('brand_looks').select('id').execute();
    const again = await call(admin, endpoints.consoleResetBrand);
    expect(again.status).toBe(409);
    expect(again.envelope?.message).toBe(messages.brandAlreadyConfigured);
    expect(await t.app.db.selectFrom('brand_looks').select('id').execute()).toEqual(rows);
  });
});

describe('the brand by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { staticPageRenderer: renderer });
  });
  afterAll(() => t.close());

  it("is Kwarta's: its colours, name and texts", async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/' })).body;
    expect(page).toContain('--brand:#0b7a5c;');
    expect(page).toContain('--brand-accent:#f5a623;--text:#1b2227');
    expect(page).toContain('alt="Kwarta"');
    expect(page).toContain('Kwarta Lending Corporation');
  });
});
