import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageEnd, intakeImage, sniffImageFormat, ImageRefused } from '../../src/lib/image-intake.ts';
import { jpegImage, phonePhoto, pngImage } from '../support/images.ts';

const limits = { maxBytes: 10 * 1024 * 1024, maxPixels: 25_000_000, maxSide: 2560 };

async function refusal(bytes: Buffer) {
  try {
    await intakeImage(bytes, limits);
    return null;
  } catch (error) {
    return error instanceof ImageRefused ? error.reason : error;
  }
}

describe('image intake (D11)', () => {
  it('tells formats by their bytes, never by anything else', async () => {
    expect(sniffImageFormat(await jpegImage())).toBe('jpeg');
    expect(sniffImageFormat(await pngImage())).toBe('png');
    expect(
      sniffImageFormat(
        await sharp(await pngImage())
          .webp()
          .toBuffer(),
      ),
    ).toBe('webp');
    expect(
      sniffImageFormat(
        await sharp(await pngImage())
          .gif()
          .toBuffer(),
      ),
    ).toBeNull();
    expect(sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it('finds the true end of a JPEG past its EXIF thumbnail and the entropy-coded data', async () => {
    const photo = await phonePhoto(800, 600, { noise: true });
    expect(imageEnd(photo, 'jpeg')).toBe(photo.length);
    const progressive = await sharp(await jpegImage(300, 200, { noise: true }))
      .jpeg({ progressive: true })
      .toBuffer();
    expect(imageEnd(progressive, 'jpeg')).toBe(progressive.length);
    const png = await pngImage();
    expect(imageEnd(Buffer.concat([png, Buffer.from('junk')]), 'png')).toBe(png.length);
  });

  it('accepts WebP, and a motion photo (a video appended to the JPEG), storing only the picture', async () => {
    const webp = await intakeImage(
      await sharp(await pngImage())
        .webp()
        .toBuffer(),
      limits,
    );
    expect(webp.contentType).toBe('image/webp');
    const photo = await jpegImage(400, 300, { noise: true });
    const video = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypmp42'),
      Buffer.alloc(2000, 0x5a).map((_, i) => (i * 131) % 251),
    ]);
    const stored = await intakeImage(Buffer.concat([photo, video]), limits);
    expect(stored.bytes.includes(Buffer.from('ftypmp42'))).toBe(false);
  });

  it.each([
    [
      'script text appended',
      async () => Buffer.concat([await jpegImage(), Buffer.from('\nalert(document.cookie);\n'.repeat(4))]),
      'hidden-content',
    ],
    [
      'a PDF appended',
      async () => Buffer.concat([await pngImage(), Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')]),
      'hidden-content',
    ],
    [
      'HTML inside a JPEG comment',
      async () => {
        const jpeg = await jpegImage();
        const comment = Buffer.from('<html><script>alert(1)</script></html>');
        const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
        return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
      },
      'hidden-content',
    ],
    [
      'a GIF',
      async () =>
        sharp(await pngImage())
          .gif()
          .toBuffer(),
      'not-image',
    ],
    ['a PNG without its end', async () => (await pngImage()).subarray(0, 100), 'unreadable'],
  ])('refuses %s', async (_name, make, reason) => {
    expect(await refusal(await make())).toBe(reason);
  });
});
