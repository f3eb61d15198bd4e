import {
  INLINE_TEMPLATE_ELEMENT_ID,
  embedJson,
  prefilledTemplateFields,
  type ChannelTemplateConfig,
} from '@kwarta/contract';

import { escapeHtml } from '../../lib/html.ts';

const TEXT_MARKER = /<!--kw:(\w+)-->[\s\S]*?<!--\/kw-->/g;
const TEMPLATE_MARKER = '<!--kw:template-->';

/**
 * The landing's HTML with its channel template's texts in place and the template as JSON for
 * the script, so the headline paints with the first bytes and the page makes no template call
 * (DESIGN §4: the fastest page we have). Without a template the markers keep their blanks and
 * the page fetches it (and shows the server's message) as usual.
 */
export function prefillLandingHtml(html: string, template: ChannelTemplateConfig | null): string {
  if (!template) return html.replace(TEMPLATE_MARKER, '');
  const texts = new Map<string, string>(prefilledTemplateFields.map((field) => [field, template[field]]));
  const json = embedJson(template);
  return html
    .replace(TEXT_MARKER, (whole, field: string) => {
      const text = texts.get(field);
      return text === undefined ? whole : escapeHtml(text);
    })
    .replace(
      TEMPLATE_MARKER,
      `<script type="application/json" id="${INLINE_TEMPLATE_ELEMENT_ID}">${json}</script>`,
    );
}
