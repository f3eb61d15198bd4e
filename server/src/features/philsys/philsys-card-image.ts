import sharp from 'sharp';
import qrcode from 'qrcode-generator';

/**
 * A photo-like picture of an ID card carrying `qrText`, for the demo data, the tests and the
 * end-to-end run: a pale card with text bars and the QR on a grey table, rotated a few degrees,
 * slightly blurred and saved as JPEG, as a phone camera would hand it over.
 */
export async function philSysCardImage(
  qrText: string,
  options: { rotateDegrees?: number } = {},
): Promise<Buffer> {
  const code = qrcode(0, 'M');
  code.addData(qrText, 'Byte');
  code.make();
  const qrSvg = code.createSvgTag({ cellSize: 6, margin: 4, scalable: false });
  const qr = await sharp(Buffer.from(qrSvg)).png().toBuffer();
  const qrSize = (await sharp(qr).metadata()).width ?? 300;
  const cardWidth = qrSize + 520;
  const cardHeight = Math.max(qrSize + 120, 420);
  const card = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${cardWidth}" height="${cardHeight}">` +
      `<rect width="100%" height="100%" rx="24" fill="#eef3f7"/>` +
      `<rect x="24" y="24" width="${cardWidth - 48}" height="44" fill="#1d4e89"/>` +
      [0, 1, 2, 3, 4]
        .map((i) => `<rect x="40" y="${110 + i * 50}" width="${360 - i * 30}" height="18" fill="#56606b"/>`)
        .join('') +
      `</svg>`,
  );
  const cardImage = await sharp(card)
    .composite([{ input: qr, left: cardWidth - qrSize - 40, top: 90 }])
    .png()
    .toBuffer();
  return sharp(cardImage)
    .rotate(options.rotateDegrees ?? 4, { background: '#8a8f94' })
    .extend({ top: 60, bottom: 60, left: 60, right: 60, background: '#8a8f94' })
    .blur(0.6)
    .jpeg({ quality: 82 })
    .toBuffer();
}
