import { describe, expect, it } from 'vitest';
import { activeBrand } from '../../../src/features/brand/active-brand.ts';
import { applyBrand, recolourArtwork } from '../../../src/features/brand/brand-html.ts';
import { loadConfig } from '../../../src/config.ts';

const configured = loadConfig({ APP_ENV: 'development' }).configuredBrand;
const brand = (name: string) =>
  activeBrand(configured, {
    look: { ...configured.look, name, primary: '#1d4ed8' },
    savedBy: 'ana',
    savedAt: '2026-11-25T00:00:00.000Z',
  });

describe('a page dressed in the brand', () => {
  const page =
    '<html><head><meta name="theme-color" content="#0b7a5c" /><link rel="icon" href="/brand/icon.svg" type="image/svg+xml" />' +
    '<title>Kwarta console</title></head><body><img src="/brand/icon.svg"></body></html>';

  it('escapes the name wherever it goes, and reads no `$` pattern in it', () => {
    const html = applyBrand(page, brand('A&B <Cash> $& $1'));
    expect(html).toContain('<title>A&#38;B &#60;Cash&#62; $&#38; $1 console</title>');
    expect(html).toContain('<meta name="application-name" content="A&#38;B &#60;Cash&#62; $&#38; $1">');
    expect(html).not.toContain('<Cash>');
  });

  it('puts the brand after the page CSS, once, and leaves the body alone but for the images', () => {
    const html = applyBrand(page, brand('Bayanihan Cash'));
    expect(html.match(/id="kw-brand"/g)).toHaveLength(1);
    expect(html.indexOf('id="kw-brand"')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toMatch(/<body><img src="\/brand\/icon\?v=[\w-]+"><\/body>/);
    expect(html).toContain('<meta name="theme-color" content="#1d4ed8">');
  });

  it("redraws only Kwarta's colours in artwork", () => {
    expect(recolourArtwork('<a fill="#0B7A5C"/><b fill="#0b7a5cff"/><c fill="#123456"/>', '#1d4ed8')).toBe(
      '<a fill="#1d4ed8"/><b fill="#0b7a5cff"/><c fill="#123456"/>',
    );
  });
});
