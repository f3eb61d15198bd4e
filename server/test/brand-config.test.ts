import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brandFileSchema } from '@kwarta/contract';
import { loadConfig } from '../src/config.ts';
import { DEFAULT_BRAND_FILE } from '../src/lib/brand-source.ts';

const SERVER = path.resolve(import.meta.dirname, '../src/server.ts');
const BAYANIHAN = path.resolve(import.meta.dirname, '../../examples/brands/bayanihan-cash/brand.json');
const dev = { APP_ENV: 'development' };

/** What loadConfig refuses with, or null when it accepts. */
function refusal(env: Record<string, string>): string | null {
  try {
    loadConfig({ ...dev, ...env });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the configured brand', () => {
  it("is Kwarta's when nothing is set, and the default file sets every key", () => {
    const config = loadConfig(dev);
    expect(config.configuredBrand.look).toEqual({
      name: 'Kwarta',
      primary: '#0b7a5c',
      accent: '#f5a623',
      text: '#1b2227',
      urlScheme: 'kwarta',
    });
    expect(config.brand.companyName).toBe('Kwarta Lending Corporation');
    const file = brandFileSchema.parse(JSON.parse(fs.readFileSync(DEFAULT_BRAND_FILE, 'utf8')));
    for (const key of ['name', 'primary', 'accent', 'text', 'urlScheme', 'logo', 'icon', 'favicon'] as const)
      expect(file[key], key).toBeDefined();
  });

  it('reads BRAND_FILE, images relative to the file; BRAND_* and COMPANY_* win over it', () => {
    const config = loadConfig({
      ...dev,
      BRAND_FILE: BAYANIHAN,
      BRAND_ACCENT: '#ffcc00',
      COMPANY_NAME: 'Other Inc.',
    });
    expect(config.configuredBrand.look).toMatchObject({
      name: 'Bayanihan Cash',
      primary: '#1d4ed8',
      accent: '#ffcc00',
    });
    expect(config.configuredBrand.icon.contentType).toBe('image/png');
    expect(config.brand).toMatchObject({ brandName: 'Bayanihan Cash', companyName: 'Other Inc.' });
    expect(config.brand.privacyOfficerEmail).toBe('privacy@bayanihan.example');
  });

  it('takes an image as a data: URL', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
    const config = loadConfig({
      ...dev,
      BRAND_LOGO: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    });
    expect(config.configuredBrand.logo.body.toString()).toBe(svg);
  });

  it('refuses a primary white text cannot be read on, naming the variable and the figure', () => {
    expect(refusal({ BRAND_PRIMARY: '#7fd3b5' })).toBe(
      'Invalid configuration:\n  BRAND_PRIMARY: Primary colour #7fd3b5 has contrast 1.7:1 with white text; WCAG AA needs 4.5:1',
    );
  });

  it('names the brand file when the refused colour comes from it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-brand-'));
    const file = path.join(dir, 'brand.json');
    fs.writeFileSync(file, JSON.stringify({ name: 'Pale', primary: '#7fd3b5' }));
    expect(refusal({ BRAND_FILE: file })).toBe(
      `Invalid configuration:\n  BRAND_FILE (${file}): Primary colour #7fd3b5 has contrast 1.7:1 with white text; WCAG AA needs 4.5:1`,
    );
    fs.writeFileSync(file, JSON.stringify({ logo: 'missing.svg', colour: 'x' }));
    expect(refusal({ BRAND_FILE: file })).toContain(`${file}: (root): Unrecognized key: "colour"`);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses unreadable values: a colour name, an image type, a script scheme', () => {
    expect(refusal({ BRAND_TEXT: 'black' })).toContain('BRAND_TEXT: must be a colour as #rrggbb');
    expect(refusal({ BRAND_ICON: 'data:image/gif;base64,R0lGOD' })).toContain(
      'BRAND_ICON: data:image/gif;base64,R0lGOD: an image must be SVG, PNG, WebP or ICO',
    );
    expect(refusal({ BRAND_URL_SCHEME: 'javascript' })).toContain('BRAND_URL_SCHEME: must be a URL scheme');
  });

  it('stops the server at boot with the one line to fix, no stack trace', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', SERVER], {
      env: { ...process.env, ...dev, BRAND_PRIMARY: '#7fd3b5', DATA_DIR: os.tmpdir(), PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Invalid configuration:\n  BRAND_PRIMARY: Primary colour #7fd3b5 has contrast 1.7:1 with white text; WCAG AA needs 4.5:1',
    );
  }, 40_000);
});
