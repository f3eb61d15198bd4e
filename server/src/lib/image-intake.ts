import sharp, { type Metadata } from 'sharp';

/**
 * Uploaded images (DESIGN D11). Nothing a client says about a file is trusted: the format comes
 * from its first bytes, the structure is walked to the image's last byte so nothing can ride
 * along behind it, the size in pixels is read from the header before anything is decoded, and
 * what we store is a fresh encoding by sharp — upright (EXIF orientation applied) and without
 * any metadata (GPS position, camera serials, comments). SVG and everything else are refused.
 */
export type ImageFormat = 'jpeg' | 'png' | 'webp';

export type ImageRefusal = 'not-image' | 'too-large' | 'too-many-pixels' | 'unreadable' | 'hidden-content';

export class ImageRefused extends Error {
  constructor(
    readonly reason: ImageRefusal,
    detail: string,
  ) {
    super(detail);
  }
}

export interface ImageLimits {
  maxBytes: number;
  maxPixels: number;
  /** Longest side of the stored image; larger photos are scaled down (evidence stays legible). */
  maxSide: number;
}

export interface IntakeResult {
  bytes: Buffer;
  format: ImageFormat;
  contentType: `image/${ImageFormat}`;
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The format by magic bytes only; null for anything that is not JPEG, PNG or WebP (SVG included). */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

/** Offset just past the image's last byte by its own structure, or null when the structure is broken. */
export function imageEnd(bytes: Buffer, format: ImageFormat): number | null {
  switch (format) {
    case 'png':
      return pngEnd(bytes);
    case 'webp':
      return webpEnd(bytes);
    case 'jpeg':
      return jpegEnd(bytes);
  }
}

function pngEnd(bytes: Buffer): number | null {
  let at = PNG_SIGNATURE.length;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > bytes.length) return null;
    if (type === 'IEND') return end;
    at = end;
  }
  return null;
}

function webpEnd(bytes: Buffer): number | null {
  const size = bytes.readUInt32LE(4);
  const end = 8 + size;
  if (end > bytes.length) return null;
  // RIFF pads an odd size with one byte, which encoders may leave out at the very end.
  return size % 2 === 1 && end < bytes.length ? end + 1 : end;
}

// JPEG: marker segments with lengths; after each start-of-scan, entropy-coded data in which 0xFF
// is only ever followed by 0x00 (stuffing), a restart marker or more 0xFF fill bytes.
function jpegEnd(bytes: Buffer): number | null {
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    while (bytes[at] === 0xff) at += 1;
    const marker = bytes[at];
    if (marker === undefined) return null;
    at += 1;
    if (marker === 0xd9) return at;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (at + 2 > bytes.length) return null;
    const length = bytes.readUInt16BE(at);
    if (length < 2 || at + length > bytes.length) return null;
    at += length;
    if (marker !== 0xda) continue;
    for (;;) {
      const ff = bytes.indexOf(0xff, at);
      if (ff === -1 || ff + 1 >= bytes.length) return null;
      const next = bytes[ff + 1]!;
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
        at = ff + 2;
      } else if (next === 0xff) {
        at = ff + 1;
      } else {
        at = ff;
        break;
      }
    }
  }
  return null;
}

// Markup that would make a browser or a server run the file as something else. Each pattern is
// long enough that compressed pixel data matches it by chance about never (< 1e-9 per photo).
const ACTIVE_MARKUP = /<(?:script|html|body|iframe|object|embed)[\s>/]|<\?php|<!doctype|javascript:/i;
// Containers that carry another program or document when appended to an image.
const APPENDED_CONTAINERS = ['PK\x03\x04', '%PDF-', 'Rar!\x1a', '7z\xbc\xaf', '\x7fELF'];

/**
 * Whether the file is also something other than an image (a polyglot). Data after the image's
 * end is tolerated only when it is padding or opaque binary of a harmless kind (phones append a
 * motion-photo video there); an archive, a document, an executable or text (HTML, script, SVG)
 * is refused, and so is active markup anywhere in the file.
 */
export function hasHiddenContent(bytes: Buffer, end: number): boolean {
  if (ACTIVE_MARKUP.test(bytes.toString('latin1'))) return true;
  const trailing = bytes.subarray(end);
  if (trailing.every((byte) => byte === 0x00 || byte === 0xff)) return false;
  const head = trailing.toString('latin1', 0, Math.min(trailing.length, 1024));
  if (APPENDED_CONTAINERS.some((signature) => head.includes(signature)) || head.startsWith('MZ')) return true;
  const sample = trailing.subarray(0, 512);
  const printable = sample.filter(
    (byte) => byte === 0x09 || byte === 0x0a || byte === 0x0d || (byte >= 0x20 && byte < 0x7f),
  ).length;
  return printable / sample.length > 0.9;
}

/** Checks an upload against D11 and returns the bytes to store. Throws ImageRefused. */
export async function intakeImage(bytes: Buffer, limits: ImageLimits): Promise<IntakeResult> {
  if (bytes.length > limits.maxBytes) throw new ImageRefused('too-large', `${bytes.length} bytes`);
  const format = sniffImageFormat(bytes);
  if (!format) throw new ImageRefused('not-image', 'no JPEG, PNG or WebP signature');
  const end = imageEnd(bytes, format);
  if (end === null) throw new ImageRefused('unreadable', `broken ${format} structure`);
  if (hasHiddenContent(bytes, end)) throw new ImageRefused('hidden-content', `${format} with other content`);

  let header: Metadata;
  try {
    // Reads the header only: the pixel count is known before a single pixel is decoded.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new ImageRefused('unreadable', String(error));
  }
  if (header.format !== format || !header.width || !header.height) {
    throw new ImageRefused('unreadable', `header says ${String(header.format)}`);
  }
  if (header.width * header.height > limits.maxPixels) {
    throw new ImageRefused('too-many-pixels', `${header.width}x${header.height}`);
  }

  try {
    const pipeline = sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'error' })
      .rotate()
      .resize({ width: limits.maxSide, height: limits.maxSide, fit: 'inside', withoutEnlargement: true });
    const encoded =
      format === 'jpeg'
        ? pipeline.jpeg({ quality: 82, mozjpeg: true })
        : format === 'png'
          ? pipeline.png({ compressionLevel: 6 })
          : pipeline.webp({ quality: 82 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, format, contentType: `image/${format}`, width: info.width, height: info.height };
  } catch (error) {
    throw new ImageRefused('unreadable', String(error));
  }
}
