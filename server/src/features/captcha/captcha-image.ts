import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { Limits } from '@kwarta/contract';

// No 0/O, 1/I/L, 5/S or 2/Z: a visitor on a small screen must be able to tell them apart.
const ALPHABET = 'ACDEFGHJKMNPQRTUVWXY346789';

export const CAPTCHA_WIDTH = 240;
export const CAPTCHA_HEIGHT = 88;

export function newCaptchaText(length: number = Limits.captchaLength): string {
  let text = '';
  for (let index = 0; index < length; index += 1) text += ALPHABET.charAt(randomInt(ALPHABET.length));
  return text;
}

/** Answers are compared without case: the image shows capitals, visitors type either. */
export function captchaMatches(expected: string, given: string): boolean {
  return expected.toUpperCase() === given.trim().toUpperCase();
}

const between = (min: number, max: number) => min + randomInt(max - min + 1);

function noiseCurve(): string {
  const w = CAPTCHA_WIDTH;
  const h = CAPTCHA_HEIGHT;
  const hue = between(0, 359);
  return `<path d="M${between(0, 20)} ${between(10, h - 10)} C${between(40, 100)} ${between(0, h)} ${between(120, 200)} ${between(0, h)} ${between(w - 20, w)} ${between(10, h - 10)}" stroke="hsl(${hue} 45% 45%)" stroke-width="${between(2, 4)}" fill="none" opacity="0.7"/>`;
}

function noiseDot(): string {
  return `<circle cx="${between(0, CAPTCHA_WIDTH)}" cy="${between(0, CAPTCHA_HEIGHT)}" r="${between(1, 3)}" fill="hsl(${between(0, 359)} 40% 50%)" opacity="0.6"/>`;
}

/**
 * The captcha as a PNG (D10): each character in its own colour, size, angle and height over
 * crossing curves and dots. Rendered from SVG by sharp, so no SVG (and no text) reaches the page.
 */
export async function renderCaptcha(text: string): Promise<Buffer> {
  const step = (CAPTCHA_WIDTH - 40) / text.length;
  const glyphs = [...text].map((char, index) => {
    const x = 24 + index * step + between(-4, 4);
    const y = between(58, 72);
    return `<text x="${x}" y="${y}" transform="rotate(${between(-28, 28)} ${x + 14} ${y - 20})" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${between(40, 50)}" fill="hsl(${between(0, 359)} 60% 30%)">${char}</text>`;
  });
  const noise = [...Array.from({ length: 4 }, noiseCurve), ...Array.from({ length: 40 }, noiseDot)];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" viewBox="0 0 ${CAPTCHA_WIDTH} ${CAPTCHA_HEIGHT}"><rect width="100%" height="100%" fill="hsl(${between(0, 359)} 30% 94%)"/>${noise.slice(0, 2).join('')}${glyphs.join('')}${noise.slice(2).join('')}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
}
