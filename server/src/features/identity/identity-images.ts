import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, IdentityImageTable } from '../../db/schema.ts';
import type { BlobStorage } from '../../lib/blob-storage.ts';
import { intakeImage, type ImageLimits } from '../../lib/image-intake.ts';

/**
 * ID photos and the selfie go through the shared image intake (D11: magic bytes, size and pixel
 * caps, re-encoded, metadata stripped). Kept up to 2560 px: the card's QR must stay readable.
 */
export const IDENTITY_IMAGE_LIMITS: ImageLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 25_000_000,
  maxSide: 2560,
};

/** Checks, re-encodes and stores one image owned by `borrowerId`; returns its public id. Throws ImageRefused. */
export async function storeIdentityImage(
  deps: { db: Kysely<Database>; storage: BlobStorage },
  input: { borrowerId: number; bytes: Buffer; now: Date },
): Promise<string> {
  const image = await intakeImage(input.bytes, IDENTITY_IMAGE_LIMITS);
  const publicId = randomBytes(16).toString('base64url');
  const storageKey = `identity/${publicId}.${image.format === 'jpeg' ? 'jpg' : image.format}`;
  await deps.storage.put(storageKey, image.bytes, image.contentType);
  try {
    await deps.db
      .insertInto('identity_images')
      .values({
        public_id: publicId,
        borrower_id: input.borrowerId,
        storage_key: storageKey,
        content_type: image.contentType,
        byte_size: image.bytes.length,
        width: image.width,
        height: image.height,
        created_at: input.now.toISOString(),
      })
      .execute();
  } catch (error) {
    await deps.storage.delete(storageKey);
    throw error;
  }
  return publicId;
}

/**
 * The borrower's own images, each in the place of its id, or undefined: someone else's is as
 * missing as a made-up id. One statement for the three a submission names (decision 0099).
 */
export async function findOwnIdentityImages(
  db: Kysely<Database>,
  borrowerId: number,
  publicIds: readonly string[],
): Promise<(IdentityImageTable | undefined)[]> {
  if (publicIds.length === 0) return [];
  const rows = await db
    .selectFrom('identity_images')
    .selectAll()
    .where('public_id', 'in', publicIds)
    .where('borrower_id', '=', borrowerId)
    .execute();
  const byId = new Map(rows.map((row) => [row.public_id, row]));
  return publicIds.map((publicId) => byId.get(publicId));
}

/** Any identity image, for the compliance officer's review. */
export function findIdentityImage(
  db: Kysely<Database>,
  publicId: string,
): Promise<IdentityImageTable | undefined> {
  return db.selectFrom('identity_images').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}
