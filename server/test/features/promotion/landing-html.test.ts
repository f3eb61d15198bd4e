import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markets, endpoints } from '@kwarta/contract';
import { callEndpoint } from '../../support/api.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { prefillLandingHtml } from '../../../src/features/promotion/landing-html.ts';
import { withTemplateAmounts } from '../../../src/features/promotion/template-texts.ts';

const SHELL =
  '<!doctype html><head><meta name="kw-env" content="production" /></head><body><div id="root">' +
  '<p><!--kw:appName-->&nbsp;<!--/kw--></p><h1><!--kw:headline-->&nbsp;<!--/kw--></h1><p><!--kw:subline-->&nbsp;<!--/kw--></p>' +
  '</div><!--kw:template--></body>';

const template = {
  id: 7,
  appName: 'Kwarta <b>',
  headline: 'Up to ₱20,000 & more',
  subline: '"fast"',
  agreementTitle: 'Agreement',
  agreementText: '</script><script>alert(1)</script>',
  androidUrl: 'https://example.com/a',
  iosUrl: 'https://example.com/i',
  appScheme: 'kwarta://open',
};

describe('the landing HTML prefill', () => {
  it('puts the template texts in place, escaped, and the template as inert JSON', () => {
    const html = prefillLandingHtml(SHELL, template);
    expect(html).toContain('<p>Kwarta &#60;b&#62;</p><h1>Up to ₱20,000 &#38; more</h1><p>&#34;fast&#34;</p>');
    const json = html.match(/<script type="application\/json" id="kw-template">(.*)<\/script><\/body>/)?.[1];
    expect(json).toBeDefined();
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json!)).toEqual(template);
  });

  it('leaves the blanks and adds no data without a template', () => {
    const html = prefillLandingHtml(SHELL, null);
    expect(html).toContain('<h1><!--kw:headline-->&nbsp;<!--/kw--></h1>');
    expect(html).not.toContain('kw-template');
  });
});

describe('template amounts', () => {
  it('prints {maxAmount} in the headline and subline as the market prints amounts', () => {
    const named = {
      ...template,
      headline: 'Up to {maxAmount}',
      subline: 'Even {maxAmount}!',
      maxAmountMinor: 2_000_000,
    };
    expect(withTemplateAmounts(named, markets.spec.money)).toMatchObject({
      headline: 'Up to ₱20.000,00',
      subline: 'Even ₱20.000,00!',
    });
    expect(withTemplateAmounts(named, markets.PH.money).headline).toBe('Up to ₱20,000.00');
    expect(withTemplateAmounts(named, markets.IN.money).headline).toBe('Up to ₹20,000.00');
  });

  it('leaves the texts as stored without an amount', () => {
    const unnamed = { ...template, headline: 'Up to {maxAmount}' };
    expect(withTemplateAmounts(unnamed, markets.PH.money)).toBe(unnamed);
  });
});

describe('GET /promotion', () => {
  let t: TestApp;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-web-'));
  beforeAll(async () => {
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><meta name="kw-env" content="production"><div id="root">app</div>',
    );
    fs.writeFileSync(path.join(webDist, 'promotion.html'), SHELL);
    t = await createTestApp('sqlite', { env: { MARKET: 'spec', WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('serves the landing entry with the seeded template filled in and the environment stamped', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/promotion?id=1&utm_tag=x' });
    expect(page.statusCode).toBe(200);
    // The seeded headline names its amount; the server prints it as the market (the spec's) does.
    expect(page.body).toContain('<h1>Cash loans up to ₱20.000,00</h1>');
    expect(page.body).toContain('id="kw-template"');
    expect(page.body).toContain(
      '<meta name="kw-env" content="sandbox"><meta name="kw-market" content="spec">',
    );
  });

  it('answers the template call with the same printed amount the page shows', async () => {
    const response = await callEndpoint(t.app, endpoints.channelTemplate, { body: { templateId: '1' } });
    expect(response.envelope?.data).toMatchObject({
      headline: 'Cash loans up to ₱20.000,00',
      maxAmountMinor: 2_000_000,
    });
  });

  it('serves the blank landing for a missing or malformed template id', async () => {
    for (const query of ['id=999', 'id=abc', '']) {
      const page = await t.app.inject({ method: 'GET', url: `/promotion?${query}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('kw-template');
    }
  });
});

describe('GET /promotion in the default market, the Philippines', () => {
  it('prints the seeded amount as that market does', async () => {
    const t = await createTestApp('sqlite');
    try {
      const response = await callEndpoint(t.app, endpoints.channelTemplate, { body: { templateId: '1' } });
      expect(response.envelope?.data).toMatchObject({ headline: 'Cash loans up to ₱20,000.00' });
    } finally {
      await t.close();
    }
  });
});
