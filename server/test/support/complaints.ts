import type { FastifyInstance } from 'fastify';
import { jpegImage } from './images.ts';

/** A complaint with one image stored in the blob storage: its id, the image's public id and key. */
export async function complaintWithImage(app: FastifyInstance, borrowerId: number) {
  const now = app.clock.now().toISOString();
  const problem = await app.db
    .insertInto('problems')
    .values({
      borrower_id: borrowerId,
      order_id: null,
      problem_type: 1,
      problem_son_type: 0,
      content: 'My neighbour Juan saw the collector at my house',
      request_id: null,
      reply_text: null,
      replied_by: null,
      replied_at: null,
      score_requested: 0,
      score: null,
      scored_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const publicId = `privacy-${borrowerId}`;
  const key = `problem-images/${publicId}.jpg`;
  await app.storage.put(key, await jpegImage(), 'image/jpeg');
  await app.db
    .insertInto('problem_images')
    .values({
      public_id: publicId,
      borrower_id: borrowerId,
      problem_id: problem.id,
      role: 'evidence',
      sort_order: 0,
      storage_key: key,
      content_type: 'image/jpeg',
      byte_size: 100,
      width: 10,
      height: 10,
      created_at: now,
    })
    .execute();
  return { complaintId: problem.id, publicId, key };
}
