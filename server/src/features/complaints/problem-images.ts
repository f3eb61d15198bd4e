import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ComplaintRules, messages } from '@kwarta/contract';
import type { FastifyReply } from 'fastify';
import type { Database, ProblemImage } from '../../db/schema.ts';
import { Refusal } from '../../lib/refusal.ts';
import type { BlobStorage } from '../../lib/blob-storage.ts';
import { intakeImage, type ImageLimits, type ImageRefusal } from '../../lib/image-intake.ts';
import { deleteImageRow, insertProblemImage, listUnattachedImages } from './complaint-repository.ts';

/** D11 limits for complaint images; photos are kept up to 2560 px on their longest side. */
export const PROBLEM_IMAGE_LIMITS: ImageLimits = {
  maxBytes: ComplaintRules.uploadMaxBytes,
  maxPixels: ComplaintRules.uploadMaxPixels,
  maxSide: 2560,
};

/** What the borrower reads when an upload is refused (spec §8: the page toasts the server's message). */
export const refusalMessages: Record<ImageRefusal, string> = {
  'not-image': messages.uploadNotImage,
  'too-large': messages.uploadTooLarge,
  'too-many-pixels': messages.uploadTooManyPixels,
  unreadable: messages.uploadUnreadable,
  'hidden-content': messages.uploadHiddenContent,
};

/**
 * Checks, re-encodes and stores one image owned by `borrowerId`; returns its public id. The
 * bytes are stored before the row is written, so a row never points at nothing; a failed row
 * write removes the stored file again. Throws ImageRefused for an unacceptable file.
 */
export async function storeProblemImage(
  deps: { db: Kysely<Database>; storage: BlobStorage },
  input: { borrowerId: number; role: 'evidence' | 'reply'; bytes: Buffer; now: Date },
): Promise<string> {
  const image = await intakeImage(input.bytes, PROBLEM_IMAGE_LIMITS);
  const publicId = randomBytes(16).toString('base64url');
  const storageKey = `complaints/${publicId}.${image.format === 'jpeg' ? 'jpg' : image.format}`;
  await deps.storage.put(storageKey, image.bytes, image.contentType);
  try {
    await insertProblemImage(deps.db, {
      public_id: publicId,
      borrower_id: input.borrowerId,
      problem_id: null,
      role: input.role,
      sort_order: 0,
      storage_key: storageKey,
      content_type: image.contentType,
      byte_size: image.bytes.length,
      width: image.width,
      height: image.height,
      created_at: input.now.toISOString(),
    });
  } catch (error) {
    await deps.storage.delete(storageKey);
    throw error;
  }
  return publicId;
}

/**
 * Sends a stored complaint image, the same way to its borrower and to the console: the bytes as
 * re-encoded at upload, cached privately (never by a shared cache), inline, same-origin only
 * (`nosniff` is on every response). A missing row or file is the same 404.
 */
export async function sendProblemImage(
  deps: { storage: BlobStorage },
  reply: FastifyReply,
  image: Pick<ProblemImage, 'storage_key' | 'content_type'> | undefined,
): Promise<FastifyReply> {
  const bytes = image ? await deps.storage.get(image.storage_key) : null;
  if (!image || !bytes) throw Refusal.notFound();
  return reply
    .type(image.content_type)
    .header('Cache-Control', 'private, max-age=86400')
    .header('Content-Disposition', 'inline')
    .header('Cross-Origin-Resource-Policy', 'same-origin')
    .send(bytes);
}

/** How long an upload may wait to be attached to a complaint before it is removed. */
export const UNATTACHED_IMAGE_TTL_MS = 24 * 3_600_000;

/**
 * Removes uploads nobody attached to a complaint within a day: the row first (so it can no longer
 * be attached), then the stored file. Returns how many went.
 */
export async function purgeUnattachedImages(
  deps: { db: Kysely<Database>; storage: BlobStorage },
  now: Date,
): Promise<number> {
  const stale = await listUnattachedImages(
    deps.db,
    new Date(now.getTime() - UNATTACHED_IMAGE_TTL_MS).toISOString(),
  );
  for (const image of stale) {
    await deleteImageRow(deps.db, image.id);
    await deps.storage.delete(image.storage_key);
  }
  return stale.length;
}
