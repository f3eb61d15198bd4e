/** Text made safe for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Names stylesheets whose CSS a document already carries inline, as disabled links: a disabled
 * stylesheet is neither downloaded nor applied. Vite's preload helper fetches a lazily loaded
 * chunk's CSS as a stylesheet unless the document already links that URL (no build option takes
 * CSS out of its list), so without these the hydration code fetched every inlined sheet again
 * and recalculated the style of the whole page while it came to life.
 */
export function inlinedSheetMarkers(files: readonly string[]): string {
  return files.map((file) => `<link rel="stylesheet" href="/${escapeHtml(file)}" disabled>`).join('');
}
