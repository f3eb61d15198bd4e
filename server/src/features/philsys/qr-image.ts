import sharp from 'sharp';
import jsQR from 'jsqr';

/**
 * Reads a QR code from a photo (decision 0108): jsQR finds and samples the code itself, which
 * tolerates a few degrees of rotation and perspective; a phone photo is tried at a couple of
 * sizes because the finder patterns are easiest to see when the code spans a few hundred pixels.
 * Returns the text, or null when no code can be read.
 */
export async function readQrFromImage(bytes: Buffer): Promise<string | null> {
  for (const width of [1200, 800, 1800]) {
    const { data, info } = await sharp(bytes)
      .rotate()
      .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const found = jsQR(
      new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
      info.width,
      info.height,
      {
        inversionAttempts: 'attemptBoth',
      },
    );
    if (found) return found.data;
  }
  return null;
}
