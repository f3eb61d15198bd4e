import { brandShades } from '@kwarta/domain';
import { brandCssVariables } from '@kwarta/contract';
import { escapeHtml } from '../../lib/html.ts';
import type { BrandAsset } from '../../lib/brand-source.ts';
import type { ActiveBrand } from './active-brand.ts';

/** Where the server serves the brand's images (brand-routes.ts). */
export const brandAssetPaths = {
  logo: '/brand/logo',
  icon: '/brand/icon',
  favicon: '/brand/favicon',
} as const;
export const MANIFEST_PATH = '/manifest.webmanifest';

/** The address of an image of the brand, with its content hash: cached for good, never stale. */
export function brandAssetUrl(brand: ActiveBrand, kind: keyof typeof brandAssetPaths): string {
  return `${brandAssetPaths[kind]}?v=${brand[kind].version}`;
}

const THEME_COLOR = /<meta name="theme-color" content="[^"]*"\s*\/?>/;
const ICON_LINK = /<link rel="icon"[^>]*>/;
/** The build's own files the HTML names (web/public/brand): the configured images replace them. */
const BUILT_ICON = /\/brand\/icon\.svg/g;
const BUILT_LOGO = /\/brand\/logo\.svg/g;
/** Where the build's HTML names its brand: the title and the description (web/*.html). */
const NAMED_IN_HEAD = [/(<title>)([^<]*)(<\/title>)/, /(<meta name="description" content=")([^"]*)(")/];
const BUILT_NAME = 'Kwarta';

/**
 * A page of the build as the brand shows it (decision 0096), so one build serves every lender:
 * the brand's colours as CSS custom properties after the page's own CSS (theme.css holds only
 * Kwarta's values as defaults), its theme colour, favicon, manifest and name, its images where
 * the build names Kwarta's. Pure string work on a finished document: a few microseconds a page.
 */
export function applyBrand(html: string, brand: ActiveBrand): string {
  const { look } = brand;
  const head =
    `<meta name="application-name" content="${escapeHtml(look.name)}">` +
    `<link rel="manifest" href="${MANIFEST_PATH}?v=${brand.version}">` +
    `<style id="kw-brand">:root{${brandCssVariables(look)}}</style>`;
  const icon = brandAssetUrl(brand, 'icon');
  const logo = brandAssetUrl(brand, 'logo');
  const favicon = `<link rel="icon" href="${brandAssetUrl(brand, 'favicon')}" type="${brand.favicon.contentType}">`;
  let branded = html
    .replace(THEME_COLOR, () => `<meta name="theme-color" content="${look.primary}">`)
    .replace(ICON_LINK, () => favicon)
    .replace(BUILT_ICON, icon)
    .replace(BUILT_LOGO, logo)
    .replace('</head>', () => `${head}</head>`);
  if (look.name !== BUILT_NAME) {
    for (const named of NAMED_IN_HEAD)
      branded = branded.replace(
        named,
        (_whole, open: string, text: string, close: string) =>
          `${open}${text.split(BUILT_NAME).join(escapeHtml(look.name))}${close}`,
      );
  }
  return branded;
}

/** The web app manifest: the brand's name, colour and icon for "add to home screen". */
export function webManifest(brand: ActiveBrand): object {
  return {
    name: brand.look.name,
    short_name: brand.look.name,
    start_url: '/',
    display: 'standalone',
    background_color: '#f4f6f7',
    theme_color: brand.look.primary,
    icons: [
      { src: brandAssetUrl(brand, 'icon'), type: brand.icon.contentType, sizes: imageSizes(brand.icon) },
    ],
  };
}

/** `any` for SVG; a PNG's own width×height (its IHDR chunk); else left to the browser. */
function imageSizes(asset: BrandAsset): string {
  if (asset.contentType === 'image/svg+xml') return 'any';
  if (asset.contentType === 'image/png' && asset.body.length >= 24)
    return `${asset.body.readUInt32BE(16)}x${asset.body.readUInt32BE(20)}`;
  return 'any';
}

/**
 * The build's artwork (the official site's banners, web/public/site) drawn in Kwarta's palette,
 * redrawn in the brand's: each of Kwarta's brand colours becomes the brand's own, derived shades
 * included. Colours that are not Kwarta's (channel logos, greys) stay.
 */
export function recolourArtwork(svg: string, primary: string): string {
  const shades = brandShades(primary);
  const palette: Record<string, string> = {
    '#0b7a5c': primary,
    '#075c45': shades.strong,
    '#e6f4ef': shades.soft,
    // The banners' light text on the primary: the soft shade reads on it as well (decision 0096).
    '#d7efe6': shades.soft,
  };
  return svg.replace(/#(?:0b7a5c|075c45|e6f4ef|d7efe6)\b/gi, (colour) => palette[colour.toLowerCase()]!);
}
