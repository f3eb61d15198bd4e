import sharp from 'sharp';

/** Test images made on the spot with sharp: no binary fixtures in the repository. */
export async function jpegImage(
  width = 320,
  height = 240,
  options: { noise?: boolean } = {},
): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 40, g: 120, b: 200 },
      ...(options.noise ? { noise: { type: 'gaussian' as const, mean: 128, sigma: 20 } } : {}),
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

export async function pngImage(width = 320, height = 240): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#f5a623' } })
    .png()
    .toBuffer();
}

export const GPS_DATUM = 'KWARTA-TEST-DATUM';

/** A phone photo: sideways pixels with EXIF orientation 6 (rotate 90°) and a GPS position. */
export async function phonePhoto(
  width = 640,
  height = 480,
  options: { noise?: boolean } = {},
): Promise<Buffer> {
  return sharp(await jpegImage(width, height, options))
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'KwartaCam', Model: 'Test Phone' },
      IFD3: { GPSMapDatum: GPS_DATUM, GPSLatitudeRef: 'N', GPSLongitudeRef: 'E' },
    })
    .jpeg({ quality: 85 })
    .toBuffer();
}
