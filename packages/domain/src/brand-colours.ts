/**
 * Brand colours (decision 0096): a lender picks a primary, an accent and a text colour; the
 * shades the pages also need are derived here, and every pairing a page draws text with is
 * checked against WCAG 2.2 AA (4.5:1 for body text) before the colours are accepted, at boot
 * and in the console alike. Pure, so both callers and the tests share one definition.
 */

/** WCAG 2.2 AA minimum contrast for normal-size text (success criterion 1.4.3). */
export const WCAG_AA_TEXT_CONTRAST = 4.5;

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const HEX_COLOUR = /^#([0-9a-f]{6})$/i;

/** `#rrggbb` (any case) as channels 0–255, or null for anything else. */
export function parseHexColour(hex: string): Rgb | null {
  const match = HEX_COLOUR.exec(hex);
  if (!match) return null;
  const value = Number.parseInt(match[1]!, 16);
  return { r: (value >> 16) & 0xff, g: (value >> 8) & 0xff, b: value & 0xff };
}

export function isHexColour(hex: string): boolean {
  return HEX_COLOUR.test(hex);
}

/** Channels as lower-case `#rrggbb`, each rounded and held to 0–255. */
export function toHexColour({ r, g, b }: Rgb): string {
  const channel = (value: number) =>
    Math.min(255, Math.max(0, Math.round(value)))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}

function mustParse(hex: string): Rgb {
  const rgb = parseHexColour(hex);
  if (!rgb) throw new RangeError(`not a #rrggbb colour: ${hex}`);
  return rgb;
}

/** WCAG relative luminance (0 black … 1 white) of an sRGB colour. */
export function relativeLuminance(hex: string): number {
  const { r, g, b } = mustParse(hex);
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two colours, 1 (same) … 21 (black on white); order does not matter. */
export function contrastRatio(first: string, second: string): number {
  const a = relativeLuminance(first);
  const b = relativeLuminance(second);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * A ratio as people quote it, `4.4:1`. Rounded down, so a refused 4.47 never reads as the
 * passing 4.5.
 */
export function formatContrastRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10 + 1e-9) / 10).toFixed(1)}:1`;
}

/** `from` moved towards `to` by `amount` (0 = from, 1 = to), channel by channel in sRGB. */
function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return {
    r: from.r + (to.r - from.r) * amount,
    g: from.g + (to.g - from.g) * amount,
    b: from.b + (to.b - from.b) * amount,
  };
}

const BLACK: Rgb = { r: 0, g: 0, b: 0 };
const WHITE: Rgb = { r: 255, g: 255, b: 255 };

export interface BrandShades {
  /** Pressed buttons, links and headings on light surfaces: the primary, a quarter darker. */
  strong: string;
  /** Quiet backgrounds (secondary buttons, chips, highlights): the primary at a tenth on white. */
  soft: string;
}

/**
 * The shades every page derives from the primary colour, so a lender configures one colour and
 * never a second copy that could drift. The mixes were chosen to reproduce Kwarta's hand-picked
 * shades (#075c45, #e6f4ef from #0b7a5c) within two units per channel.
 */
export function brandShades(primary: string): BrandShades {
  const rgb = mustParse(primary);
  return { strong: toHexColour(mix(rgb, BLACK, 0.25)), soft: toHexColour(mix(rgb, WHITE, 0.9)) };
}

/** The page colours brand colours are drawn on (web/src/app/theme.css). */
export const PAGE_SURFACES = { surface: '#ffffff', background: '#f4f6f7' } as const;

export interface BrandColours {
  primary: string;
  accent: string;
  text: string;
}

/** Which colour of the brand, against what, and how far it falls short. */
export interface ContrastShortfall {
  colour: 'primary' | 'text';
  /** The colour checked: the primary itself, or the shade derived from it that the page uses. */
  value: string;
  against: 'white-text' | 'page-background' | 'soft-background';
  ratio: number;
}

/**
 * Every place a page draws text with the brand's colours whose contrast is under AA, worst
 * first: white text on primary buttons, links (the strong shade) on the page background,
 * secondary buttons (strong on soft), and the body text on the page background. Empty when all
 * pass. The accent only decorates (rating stars), so it carries no text and is not checked.
 */
export function brandContrastShortfalls(colours: BrandColours): ContrastShortfall[] {
  const shades = brandShades(colours.primary);
  const checks: ContrastShortfall[] = [
    {
      colour: 'primary',
      value: colours.primary,
      against: 'white-text',
      ratio: contrastRatio(colours.primary, PAGE_SURFACES.surface),
    },
    {
      colour: 'primary',
      value: shades.strong,
      against: 'page-background',
      ratio: contrastRatio(shades.strong, PAGE_SURFACES.background),
    },
    {
      colour: 'primary',
      value: shades.strong,
      against: 'soft-background',
      ratio: contrastRatio(shades.strong, shades.soft),
    },
    {
      colour: 'text',
      value: colours.text,
      against: 'page-background',
      ratio: contrastRatio(colours.text, PAGE_SURFACES.background),
    },
  ];
  return checks.filter((check) => check.ratio < WCAG_AA_TEXT_CONTRAST).sort((a, b) => a.ratio - b.ratio);
}
