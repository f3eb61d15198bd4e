import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLoanRules, type LoanRules } from '@kwarta/domain';
import { messages, staticPagePaths } from '@kwarta/contract';
import {
  createTestApp,
  databaseTargets,
  sourceStaticPageRenderer,
  type TestApp,
} from '../../support/test-app.ts';

const renderer = await sourceStaticPageRenderer();

/** The page as a browser without JavaScript reads it: markup stripped, entities decoded. */
function visibleText(html: string): string {
  const body = html.slice(html.indexOf('<body>'));
  return body
    .replace(/<!--[\s\S]*?-->/g, '') // React's markers between adjacent text nodes
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(x[0-9a-f]+|\d+);/gi, (_m, code: string) =>
      String.fromCharCode(Number(code.startsWith('x') ? `0${code}` : code)),
    )
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');
}

// A stand-in web build with what the server reads for static pages: Vite's manifest naming the
// entry, a chunk it imports, the hydration chunk it loads later and their CSS.
function fakeWebBuild(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-web-'));
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><meta name="kw-env" content="production"><div id="root"></div>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'theme-1.css'), '.theme-rule{color:red}');
  fs.writeFileSync(path.join(dist, 'assets', 'static-1.css'), '.site-rule{color:blue}');
  fs.writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      '_theme-1.js': { file: 'assets/theme-1.js', css: ['assets/theme-1.css'] },
      '_shared-1.js': { file: 'assets/shared-1.js' },
      'src/app/static-pages-hydrate.tsx': {
        file: 'assets/hydrate-1.js',
        imports: ['_theme-1.js'],
        css: ['assets/static-1.css'],
      },
      'src/app/static-pages-client.tsx': {
        file: 'assets/static-pages-1.js',
        isEntry: true,
        imports: ['_shared-1.js'],
        dynamicImports: ['src/app/static-pages-hydrate.tsx'],
      },
    }),
  );
  return dist;
}

describe.each(databaseTargets)('static pages (%s)', (target) => {
  let t: TestApp;
  const webDist = fakeWebBuild();
  const env = {
    WEB_DIST_DIR: webDist,
    BRAND_NAME: 'Pautang Plus',
    COMPANY_NAME: 'Bayanihan <Lending> Inc.',
    COMPANY_ADDRESS: '5F Cebu IT Tower, Cebu City 6000',
    SUPPORT_PHONE: '+63 32 555 0199',
    SUPPORT_EMAIL: 'help@bayanihan.example',
    COPYRIGHT_TEXT: '© 2026 Bayanihan Lending Inc.',
    PRIVACY_OFFICER_EMAIL: 'dpo@bayanihan.example',
  };

  beforeAll(async () => {
    t = await createTestApp(target, { env, staticPageRenderer: renderer });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it.each([
    ['/', ['Home', 'About us', 'Privacy Agreement', 'Loan terms and conditions', 'Cash when you need it']],
    [
      '/About',
      [
        'Our mission',
        'Quick approval',
        'Transparent fees',
        'Flexible repayment',
        'Safe:',
        'Our team',
        'Customer service email: help@bayanihan.example',
      ],
    ],
    [
      '/Loan',
      [
        'are a Filipino citizen',
        'over 18 years of age',
        'permanent address in the Philippines',
        'within 1 day',
        '1 to 3 calendar days after acceptance',
        '91 to 365 calendar days',
      ],
    ],
    [
      '/dragonpayGuide',
      [
        'Pay with GCash',
        'Pay with Maya',
        'Pay Bills',
        'Dragonpay',
        'reference number',
        'Pay at a store cashier',
      ],
    ],
  ])('%s arrives with its text in the HTML', async (url, texts) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const text = visibleText(response.body);
    for (const expected of texts) expect(text).toContain(expected);
  });

  it('/Policy has every section the spec lists, with the company values from configuration', async () => {
    const text = visibleText((await get('/Policy')).body);
    for (const heading of [
      'Collection of information',
      'Representation',
      'Use of technology',
      'Disclosure',
      'Cookies',
      'Device information',
      'Minors under 18',
      'Password security',
      'Changes',
      'User discretion and opt-out',
      'Grievance officer',
    ]) {
      expect(text).toContain(heading);
    }
    expect(text).toContain('Data Protection Officer at dpo@bayanihan.example');
    // Automated decisions declared and the human review offered (decision 0109).
    expect(text).toContain('our credit rules decide your application automatically');
    expect(text).toContain(
      `You have the right to ask a person to review any decision made automatically (National Privacy Commission Circular No. 2022-04): tap "${messages.creditReviewAsk}"`,
    );
    expect(text).toContain('Bayanihan <Lending> Inc., 5F Cebu IT Tower, Cebu City 6000');
  });

  it('every page shows the brand values of configuration in its footer, escaped', async () => {
    for (const url of staticPagePaths) {
      const response = await get(url);
      const text = visibleText(response.body);
      for (const value of [
        env.COMPANY_NAME,
        env.COMPANY_ADDRESS,
        env.SUPPORT_PHONE,
        env.SUPPORT_EMAIL,
        env.COPYRIGHT_TEXT,
      ]) {
        expect(text).toContain(value);
      }
      expect(response.body).not.toContain('<Lending>');
      expect(response.body).toContain(`<title>`);
      expect(response.body).toContain('Pautang Plus');
    }
  });

  it('inlines the built CSS everywhere; only the pages with something to tap load the hydration module', async () => {
    for (const url of staticPagePaths) {
      const { body } = await get(url);
      expect(body).toContain('<style>.theme-rule{color:red}\n.site-rule{color:blue}</style>');
      const hydrated = url === '/' || url === '/dragonpayGuide';
      // No stylesheet is fetched; a page that hydrates names its inlined sheets as disabled links,
      // so the hydration code's preload helper does not fetch them again.
      const markers =
        '<link rel="stylesheet" href="/assets/theme-1.css" disabled>' +
        '<link rel="stylesheet" href="/assets/static-1.css" disabled></body>';
      expect(body.includes(markers)).toBe(hydrated);
      expect(body.match(/<link rel="stylesheet"[^>]*>/g) ?? []).toHaveLength(hydrated ? 2 : 0);
      expect(body.includes('<script type="module" src="/assets/static-pages-1.js"></script>')).toBe(hydrated);
      expect(body.includes('<link rel="modulepreload" href="/assets/shared-1.js">')).toBe(hydrated);
      // The hydration code itself is fetched after the page has loaded, never in the first HTML.
      expect(body).not.toContain('hydrate-1.js');
    }
    // The hydration data cannot close its <script> element, whatever configuration holds.
    const home = (await get('/')).body;
    const data = /<script type="application\/json" id="kw-site">([\s\S]*?)<\/script>/.exec(home)?.[1] ?? '';
    expect(data).not.toContain('<');
    expect(JSON.parse(data)).toMatchObject({ companyName: env.COMPANY_NAME, privacyPolicyUrl: '/Policy' });
  });

  it('frames the privacy page configured (our /Policy by default) in the official site', async () => {
    expect((await get('/')).body).toContain('href="/Policy"');
  });

  it('is sent compressed, revalidated by ETag', async () => {
    const response = await get('/Policy', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString('utf8')).toContain('Grievance officer');
    expect(response.headers['cache-control']).toBe('no-cache');
    const etag = String(response.headers.etag);
    const again = await get('/Policy', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('/Loan states the loan rules of configuration', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-rules-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function loanText(rules?: LoanRules, extraEnv: Record<string, string> = {}): Promise<string> {
    const env: Record<string, string> = { ...extraEnv };
    if (rules) {
      const file = path.join(dir, `rules-${Math.random().toString(36).slice(2)}.json`);
      fs.writeFileSync(file, JSON.stringify(rules));
      env.LOAN_RULES_FILE = file;
    }
    const t = await createTestApp('sqlite', { env, staticPageRenderer: renderer });
    try {
      return visibleText((await t.app.inject({ method: 'GET', url: '/Loan' })).body);
    } finally {
      await t.close();
    }
  }

  it("shows the spec figures in the spec's market and the configured ones when the penalty figures change", async () => {
    const before = await loanText(undefined, { MARKET: 'spec' });
    expect(before).toContain(
      'a one-time late fee of ₱1.000,00 for new clients or ₱800,00 for repeat clients',
    );
    expect(before).toContain('5% of the unpaid amount per day from day 1 to day 30 overdue');
    expect(before).toContain('4% of the unpaid amount per day from day 31 to day 90 overdue');
    expect(before).toContain(
      '2% of the unpaid amount per day from day 91 overdue until the loan is paid in full',
    );
    expect(before).toContain('once half of the loan term has passed and at least 7 days after disbursement');
    expect(before).toContain('within 3 days');
    expect(before).toContain('within 10 days of the judgment');
    expect(before).toContain("7 business days' written notice");

    const after = await loanText(
      {
        ...defaultLoanRules,
        latePenalty: {
          oneTimeMinor: { newClient: 125_050, repeatClient: 60_000 },
          dailyTiers: [
            { fromDay: 1, toDay: 15, dailyRateBps: 350 },
            { fromDay: 16, toDay: null, dailyRateBps: 125 },
          ],
        },
      },
      { MARKET: 'spec' },
    );
    expect(after).toContain('a one-time late fee of ₱1.250,50 for new clients or ₱600,00 for repeat clients');
    expect(after).toContain('3.5% of the unpaid amount per day from day 1 to day 15 overdue');
    expect(after).toContain(
      '1.25% of the unpaid amount per day from day 16 overdue until the loan is paid in full',
    );
    expect(after).not.toContain('₱1.000,00');
    expect(after).not.toContain('5% of the unpaid amount per day from day 1 to day 30');
  });
  it('prints the figures as the configured market prints amounts', async () => {
    expect(await loanText(undefined, { MARKET: 'PH', COMPLIANCE: 'none' })).toContain(
      'a one-time late fee of ₱1,000.00 for new clients or ₱800.00 for repeat clients',
    );
  });
  it('with the PH profile, the default, states the compliant rules it charges and names each legal cap', async () => {
    const text = await loanText();
    expect(text).not.toContain('one-time late fee');
    expect(text).toContain(
      '0.16% of the unpaid amount per day from day 1 overdue until the loan is paid in full',
    );
    expect(text).toContain('Besides interest, you pay a Processing fee of 2% of the principal');
    expect(text).toContain('11. Legal cost caps');
    expect(text).toContain('unsecured loans of at most ₱10,000.00 for at most 4 months');
    for (const cap of [
      'Nominal interest rate: at most 6.00% a month',
      'Effective interest rate (EIR): at most 15.00% a month',
      'Late-payment penalties: at most 5.00% a month',
      'Total cost of the loan: at most 100.00% of the principal',
    ]) {
      expect(text).toContain(cap);
    }
    // SEC MC 18's hours and their exception, from the same profile.
    expect(text).toContain(
      'no calls or messages before 6:00 a.m. or after 10:00 p.m. unless the account is more than 15 days past due.',
    );
    const none = await loanText(undefined, { MARKET: 'PH', COMPLIANCE: 'none' });
    expect(none).not.toContain('Legal cost caps');
    expect(none).toContain('no calls or messages before 6:00 a.m. or after 10:00 p.m.');
    expect(none).not.toContain('days past due');
  });
});
