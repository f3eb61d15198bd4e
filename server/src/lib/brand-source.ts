import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { brandFileSchema, brandLookSchema, type BrandFile, type BrandLook } from '@kwarta/contract';

/**
 * The configured brand (decision 0096): Kwarta's own definition (examples/brands/kwarta), then
 * BRAND_FILE's values over it, then single BRAND_* variables over those. Read once at boot, so a
 * bad colour or a missing logo stops the process naming what to set, before anyone sees a page.
 */
export const DEFAULT_BRAND_FILE = path.resolve(
  import.meta.dirname,
  '../../../examples/brands/kwarta/brand.json',
);

/** An image the server serves for the brand: its bytes, type, and a content hash for caching. */
export interface BrandAsset {
  contentType: string;
  body: Buffer;
  /** base64url SHA-256 prefix of the bytes: the `?v=` of its URL and its ETag. */
  version: string;
}

export interface ConfiguredBrand {
  look: BrandLook;
  logo: BrandAsset;
  icon: BrandAsset;
  favicon: BrandAsset;
  /** The lender's texts the brand file gives; the COMPANY_* variables win over each. */
  company: NonNullable<BrandFile['company']>;
  /** Customer service's contacts the brand file gives; the SUPPORT_* variables win over each. */
  support: NonNullable<BrandFile['support']>;
  /**
   * Where each value of the look comes from, as the console's Brand screen names it: the
   * variable (`BRAND_PRIMARY`), `BRAND_FILE (path)`, or `default` (examples/brands/kwarta).
   */
  lookSources: Record<keyof BrandLook, string>;
}

export interface BrandEnv {
  BRAND_FILE?: string | undefined;
  BRAND_NAME?: string | undefined;
  BRAND_PRIMARY?: string | undefined;
  BRAND_ACCENT?: string | undefined;
  BRAND_TEXT?: string | undefined;
  BRAND_URL_SCHEME?: string | undefined;
  BRAND_LOGO?: string | undefined;
  BRAND_ICON?: string | undefined;
  BRAND_FAVICON?: string | undefined;
}

const IMAGE_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
};
const MAX_IMAGE_BYTES = 512 * 1024;

/** Where a value came from, so a problem names the variable (or file) to fix. */
interface Sourced<T> {
  value: T;
  /** The variable to set, e.g. BRAND_PRIMARY, or `BRAND_FILE (file.json)`. */
  from: string;
  /** Relative image paths resolve against this folder. */
  baseDir: string;
}

export function readConfiguredBrand(env: BrandEnv, ctx: z.RefinementCtx): ConfiguredBrand {
  const problem = (from: string, message: string) => ctx.addIssue({ code: 'custom', path: [from], message });
  const layers: { file: BrandFile; from: (key: string) => string; baseDir: string }[] = [];
  for (const file of [DEFAULT_BRAND_FILE, env.BRAND_FILE]) {
    if (file === undefined) continue;
    const parsed = readBrandFile(file, (message) => problem('BRAND_FILE', message));
    if (!parsed) return fallback();
    layers.push({
      file: parsed,
      from: () => (file === DEFAULT_BRAND_FILE ? 'default' : `BRAND_FILE (${file})`),
      baseDir: path.dirname(path.resolve(file)),
    });
  }
  const variables: BrandFile = {
    name: env.BRAND_NAME,
    primary: env.BRAND_PRIMARY,
    accent: env.BRAND_ACCENT,
    text: env.BRAND_TEXT,
    urlScheme: env.BRAND_URL_SCHEME,
    logo: env.BRAND_LOGO,
    icon: env.BRAND_ICON,
    favicon: env.BRAND_FAVICON,
  };
  const variableName = (key: string) => `BRAND_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
  layers.push({ file: variables, from: variableName, baseDir: process.cwd() });

  /** The topmost layer that sets `key`. */
  const pick = <K extends Exclude<keyof BrandFile, 'company' | 'support'>>(key: K): Sourced<string> => {
    for (const layer of [...layers].reverse()) {
      const value = layer.file[key];
      if (value !== undefined) return { value, from: layer.from(key), baseDir: layer.baseDir };
    }
    // The default file sets every key (a test holds it to that).
    throw new Error(`the default brand has no ${key}`);
  };

  const fields = {
    name: pick('name'),
    primary: pick('primary'),
    accent: pick('accent'),
    text: pick('text'),
    urlScheme: pick('urlScheme'),
  };
  const raw = Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, field.value]));
  const look = brandLookSchema.safeParse(raw);
  if (!look.success) {
    // One line per problem, naming the variable to set; for contrast only the worst (the first).
    const seen = new Set<string>();
    for (const issue of look.error.issues) {
      const key = String(issue.path[0] ?? 'primary') as keyof typeof fields;
      const from = fields[key]?.from ?? 'BRAND_PRIMARY';
      if (seen.has(from)) continue;
      seen.add(from);
      problem(from, issue.message);
    }
  }
  const image = (key: 'logo' | 'icon' | 'favicon') => {
    const source = pick(key);
    const asset = readBrandImage(source.value, source.baseDir, (message) => problem(source.from, message));
    return asset ?? placeholderAsset;
  };
  const logo = image('logo');
  const icon = image('icon');
  const favicon = image('favicon');
  if (!look.success) return fallback();
  const company = Object.assign(
    {},
    ...layers.map((layer) => layer.file.company ?? {}),
  ) as ConfiguredBrand['company'];
  const support = Object.assign(
    {},
    ...layers.map((layer) => layer.file.support ?? {}),
  ) as ConfiguredBrand['support'];
  const lookSources = {
    name: fields.name.from,
    primary: fields.primary.from,
    accent: fields.accent.from,
    text: fields.text.from,
    urlScheme: fields.urlScheme.from,
  };
  return { look: look.data, logo, icon, favicon, company, support, lookSources };
}

/** What a failed read returns; the issue already added makes the whole parse fail. */
const placeholderAsset: BrandAsset = { contentType: 'image/svg+xml', body: Buffer.alloc(0), version: '' };
function fallback(): ConfiguredBrand {
  return {
    look: { name: '', primary: '', accent: '', text: '', urlScheme: '' },
    logo: placeholderAsset,
    icon: placeholderAsset,
    favicon: placeholderAsset,
    company: {},
    support: {},
    lookSources: { name: '', primary: '', accent: '', text: '', urlScheme: '' },
  };
}

function readBrandFile(file: string, problem: (message: string) => void): BrandFile | null {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    problem(`cannot read ${file} as JSON: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
  const parsed = brandFileSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues)
    problem(`${file}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  return null;
}

/**
 * A logo or icon: a `data:` URL, or a path relative to the brand file (to the working folder
 * for a BRAND_* variable). SVG, PNG, WebP or ICO, at most 512 KB: they ride on every first visit.
 */
export function readBrandImage(
  value: string,
  baseDir: string,
  problem: (message: string) => void,
): BrandAsset | null {
  let contentType: string | undefined;
  let body: Buffer;
  const data = /^data:([\w/+.-]+)(;base64)?,(.*)$/s.exec(value);
  if (data) {
    contentType = Object.values(IMAGE_TYPES).find((type) => type === data[1]);
    body = data[2] ? Buffer.from(data[3]!, 'base64') : Buffer.from(decodeURIComponent(data[3]!), 'utf8');
  } else {
    const file = path.resolve(baseDir, value);
    contentType = IMAGE_TYPES[path.extname(file).toLowerCase()];
    try {
      body = fs.readFileSync(file);
    } catch {
      problem(`cannot read the image ${file}`);
      return null;
    }
  }
  if (!contentType) {
    problem(`${value.slice(0, 60)}: an image must be SVG, PNG, WebP or ICO`);
    return null;
  }
  if (body.length === 0 || body.length > MAX_IMAGE_BYTES) {
    problem(`${value.slice(0, 60)}: an image must be 1 byte to 512 KB`);
    return null;
  }
  const version = createHash('sha256').update(body).digest('base64url').slice(0, 16);
  return { contentType, body, version };
}
