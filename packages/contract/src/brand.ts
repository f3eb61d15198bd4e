import { z } from '@kwarta/domain/zod';
import {
  brandContrastShortfalls,
  brandShades,
  formatContrastRatio,
  isHexColour,
  type BrandColours,
} from '@kwarta/domain/brand-colours';
import { fillMessage, messages } from './messages.ts';
import { textField } from './form-fields.ts';

/**
 * One brand per deployment (decision 0096): what makes the app look like its
 * lender. The shape is defined once here; the server reads it from BRAND_FILE / BRAND_* at boot
 * and an admin may replace its editable part in the console. Images (logo, icon, favicon) are
 * files the server holds and serves, so only the server's side names them.
 */
export const brandColour = z
  .string()
  .trim()
  .refine(isHexColour, { message: messages.brandColourInvalid })
  .transform((hex) => hex.toLowerCase());

/** The scheme the lender's native app registers (`kwarta` in `kwarta://productDetail?…`). */
export const brandUrlScheme = textField(32)
  .trim()
  .regex(/^[a-z][a-z0-9+.-]{0,31}$/, { message: messages.brandSchemeInvalid })
  // A scheme that runs script when followed must never become a link the pages print.
  .refine((scheme) => !['javascript', 'data', 'vbscript', 'file', 'http', 'https'].includes(scheme), {
    message: messages.brandSchemeInvalid,
  });

/** What an admin edits in the console and the database keeps; the rest stays configuration. */
export const brandLookSchema = z
  .object({
    name: textField(60).trim().min(1, { message: 'is required' }),
    primary: brandColour,
    accent: brandColour,
    text: brandColour,
    urlScheme: brandUrlScheme,
  })
  .superRefine((look, ctx) => {
    for (const { colour, message } of brandContrastMessages(look))
      ctx.addIssue({ code: 'custom', message, path: [colour] });
  });

export type BrandLook = z.output<typeof brandLookSchema>;

/**
 * BRAND_FILE's JSON: the look, the images (a path relative to the file, or a `data:` URL) and the
 * lender's texts. Every key may be left out; Kwarta's own values fill the gaps.
 */
export const brandFileSchema = z
  .object({
    name: z.string(),
    primary: z.string(),
    accent: z.string(),
    text: z.string(),
    urlScheme: z.string(),
    logo: z.string().min(1),
    icon: z.string().min(1),
    favicon: z.string().min(1),
    company: z
      .object({
        name: z.string().min(1),
        address: z.string().min(1),
        registration: z.string().min(1),
        copyright: z.string().min(1),
        privacyPolicyUrl: z.string().regex(/^(\/|https:\/\/)/, 'must be a path (/Policy) or an https:// URL'),
        privacyOfficerEmail: z.email(),
      })
      .partial()
      .strict(),
    /** Customer service's defaults (SUPPORT_* win over each; the console's saved contacts over both). */
    support: z
      .object({ email: z.email(), whatsapp: z.string().min(1), phone: z.string().min(1) })
      .partial()
      .strict(),
  })
  .partial()
  .strict();

export type BrandFile = z.output<typeof brandFileSchema>;

/**
 * Each place the brand's colours would draw text under WCAG AA, worst first, as the message to
 * show; empty when the colours pass. One wording for the boot refusal and the console's 400.
 */
export function brandContrastMessages(
  colours: BrandColours,
): { colour: 'primary' | 'text'; message: string }[] {
  if (![colours.primary, colours.text].every(isHexColour)) return [];
  const primary = colours.primary.toLowerCase();
  const soft = brandShades(primary).soft;
  return brandContrastShortfalls({ ...colours, primary }).map((shortfall) => {
    const values = { colour: shortfall.value, ratio: formatContrastRatio(shortfall.ratio), primary, soft };
    const text =
      shortfall.colour === 'text'
        ? messages.brandContrastText
        : shortfall.against === 'white-text'
          ? messages.brandContrastWhiteText
          : shortfall.against === 'page-background'
            ? messages.brandContrastLinks
            : messages.brandContrastSecondary;
    return { colour: shortfall.colour, message: fillMessage(text, values) };
  });
}

/**
 * The CSS custom properties a page's theme reads (web/src/app/theme.css keeps Kwarta's values as
 * its defaults), derived shades included, so the pages need no build per lender.
 */
export function brandCssVariables(look: Pick<BrandLook, 'primary' | 'accent' | 'text'>): string {
  const shades = brandShades(look.primary);
  return (
    `--brand:${look.primary};--brand-strong:${shades.strong};--brand-soft:${shades.soft};` +
    `--brand-accent:${look.accent};--text:${look.text}`
  );
}
