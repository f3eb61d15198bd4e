import { describe, expect, it } from 'vitest';
import { brandContrastMessages, brandCssVariables, brandLookSchema } from '../src/brand.ts';

const kwarta = {
  name: 'Kwarta',
  primary: '#0b7a5c',
  accent: '#f5a623',
  text: '#1b2227',
  urlScheme: 'kwarta',
};

describe('brand look', () => {
  it('accepts a readable brand, colours in lower case', () => {
    const parsed = brandLookSchema.parse({ ...kwarta, primary: '#0B7A5C' });
    expect(parsed.primary).toBe('#0b7a5c');
  });

  it('refuses a primary white text cannot be read on, with the figure', () => {
    const parsed = brandLookSchema.safeParse({ ...kwarta, primary: '#7fd3b5' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(
      'Primary colour #7fd3b5 has contrast 1.7:1 with white text; WCAG AA needs 4.5:1',
    );
    expect(parsed.error?.issues[0]?.path).toEqual(['primary']);
  });

  it('refuses a pale text colour against the text field', () => {
    const messages = brandContrastMessages({ ...kwarta, text: '#aaaaaa' });
    expect(messages).toEqual([
      {
        colour: 'text',
        message: 'Text colour #aaaaaa has contrast 2.1:1 with the page background; WCAG AA needs 4.5:1',
      },
    ]);
  });

  it('refuses a scheme that would run script', () => {
    for (const urlScheme of ['javascript', 'https', 'Kwarta App', ''])
      expect(brandLookSchema.safeParse({ ...kwarta, urlScheme }).success, urlScheme).toBe(false);
  });

  it('gives the pages the derived shades as custom properties', () => {
    expect(brandCssVariables(kwarta)).toBe(
      '--brand:#0b7a5c;--brand-strong:#085c45;--brand-soft:#e7f2ef;--brand-accent:#f5a623;--text:#1b2227',
    );
  });
});
