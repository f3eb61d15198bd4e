import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PAGE_SURFACES,
  WCAG_AA_TEXT_CONTRAST,
  brandContrastShortfalls,
  brandShades,
  contrastRatio,
  formatContrastRatio,
  parseHexColour,
  relativeLuminance,
  toHexColour,
} from '../src/brand-colours.ts';

const hexColour = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map(([r, g, b]) => toHexColour({ r, g, b }));

describe('contrast ratio (WCAG 2.2)', () => {
  it('matches the worked figures', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // WebAIM's checker: #767676 on white is the lightest grey that passes AA (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(WCAG_AA_TEXT_CONTRAST);
    expect(contrastRatio('#0b7a5c', '#ffffff')).toBeCloseTo(5.31, 2);
    expect(relativeLuminance('#FFFFFF')).toBe(1);
  });

  it('is symmetric and between 1 and 21 for any two colours', () => {
    fc.assert(
      fc.property(hexColour, hexColour, (a, b) => {
        const ratio = contrastRatio(a, b);
        return ratio === contrastRatio(b, a) && ratio >= 1 && ratio <= 21 + 1e-9;
      }),
    );
  });

  it('prints rounded down, so a ratio just under AA never reads as passing', () => {
    expect(formatContrastRatio(4.4999)).toBe('4.4:1');
    expect(formatContrastRatio(4.5)).toBe('4.5:1');
    expect(formatContrastRatio(1.7665)).toBe('1.7:1');
    expect(formatContrastRatio(21)).toBe('21.0:1');
  });

  it('reads only #rrggbb', () => {
    expect(parseHexColour('#0B7A5C')).toEqual({ r: 11, g: 122, b: 92 });
    for (const bad of ['0b7a5c', '#fff', '#0b7a5cz', 'red', '']) expect(parseHexColour(bad)).toBeNull();
    fc.assert(fc.property(hexColour, (hex) => toHexColour(parseHexColour(hex)!) === hex));
  });
});

describe('derived shades', () => {
  it("keep Kwarta's hand-picked shades within two units per channel", () => {
    const near = (actual: string, expected: string) => {
      const a = parseHexColour(actual)!;
      const e = parseHexColour(expected)!;
      return Math.max(Math.abs(a.r - e.r), Math.abs(a.g - e.g), Math.abs(a.b - e.b));
    };
    const shades = brandShades('#0b7a5c');
    expect(near(shades.strong, '#075c45')).toBeLessThanOrEqual(2);
    expect(near(shades.soft, '#e6f4ef')).toBeLessThanOrEqual(2);
  });

  it('strong is never lighter and soft never darker than the primary', () => {
    fc.assert(
      fc.property(hexColour, (primary) => {
        const { strong, soft } = brandShades(primary);
        const l = relativeLuminance(primary);
        return relativeLuminance(strong) <= l + 1e-12 && relativeLuminance(soft) >= l - 1e-12;
      }),
    );
  });

  it('a primary that carries white text keeps links and secondary buttons readable too', () => {
    // What lets the check be stated as "primary against white": the derived shades follow it.
    fc.assert(
      fc.property(hexColour, (primary) => {
        fc.pre(contrastRatio(primary, PAGE_SURFACES.surface) >= WCAG_AA_TEXT_CONTRAST);
        const shortfalls = brandContrastShortfalls({ primary, accent: '#f5a623', text: '#1b2227' });
        return shortfalls.length === 0;
      }),
      { numRuns: 2000 },
    );
  });
});

describe('brand contrast check', () => {
  it("passes Kwarta's colours and the second example brand's", () => {
    expect(brandContrastShortfalls({ primary: '#0b7a5c', accent: '#f5a623', text: '#1b2227' })).toEqual([]);
    expect(brandContrastShortfalls({ primary: '#1d4ed8', accent: '#f2b705', text: '#1b2227' })).toEqual([]);
  });

  it('names each failing pairing, worst first', () => {
    const shortfalls = brandContrastShortfalls({ primary: '#7fd3b5', accent: '#f5a623', text: '#999999' });
    expect(shortfalls[0]).toMatchObject({ colour: 'primary', value: '#7fd3b5', against: 'white-text' });
    expect(shortfalls[0]!.ratio).toBeCloseTo(1.77, 2);
    expect(shortfalls.map((s) => s.against)).toContain('page-background');
    expect(shortfalls.some((s) => s.colour === 'text')).toBe(true);
    const ratios = shortfalls.map((s) => s.ratio);
    expect(ratios).toEqual([...ratios].sort((a, b) => a - b));
  });

  it('refuses exactly the primaries under 4.5:1 with white', () => {
    fc.assert(
      fc.property(hexColour, (primary) => {
        const refused = brandContrastShortfalls({ primary, accent: '#000000', text: '#1b2227' }).some(
          (s) => s.against === 'white-text',
        );
        return refused === contrastRatio(primary, '#ffffff') < WCAG_AA_TEXT_CONTRAST;
      }),
    );
  });
});
