/**
 * The wire map (D6). The product disguises some paths and response keys so that scrapers and
 * copy-cat apps cannot read the API by its names. Canonical names are used everywhere in our
 * code; only the server's serializer and the client's reader translate, both through this file.
 * Changing a wire name here changes both sides at once.
 */
export const envelopeWireNames = {
  code: 'kwc',
  message: 'kwm',
  data: 'kwd',
} as const;
