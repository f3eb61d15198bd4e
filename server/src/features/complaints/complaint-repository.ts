import type { Kysely } from 'kysely';
import { inTransaction } from '../../db/transaction.ts';
import type { Database, NewProblemImage, Problem, ProblemImage, ProblemType } from '../../db/schema.ts';

/** Complaint storage. Every read that takes an id also takes the borrower: foreign rows do not exist here. */

export async function listProblemTypes(
  db: Kysely<Database>,
  options: { activeOnly: boolean },
): Promise<ProblemType[]> {
  let query = db.selectFrom('problem_types').selectAll().orderBy('sort_order').orderBy('id');
  if (options.activeOnly) query = query.where('active', '=', 1);
  return query.execute();
}

export async function findProblem(
  db: Kysely<Database>,
  borrowerId: number,
  problemId: number,
): Promise<Problem | undefined> {
  return db
    .selectFrom('problems')
    .selectAll()
    .where('id', '=', problemId)
    .where('borrower_id', '=', borrowerId)
    .executeTakeFirst();
}

export async function findProblemByRequestId(db: Kysely<Database>, borrowerId: number, requestId: string) {
  return db
    .selectFrom('problems')
    .select('id')
    .where('borrower_id', '=', borrowerId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

export async function listProblems(
  db: Kysely<Database>,
  borrowerId: number,
  limit = 200,
): Promise<Problem[]> {
  return db
    .selectFrom('problems')
    .selectAll()
    .where('borrower_id', '=', borrowerId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function insertProblemImage(db: Kysely<Database>, image: NewProblemImage): Promise<void> {
  await db.insertInto('problem_images').values(image).execute();
}

/** The borrower's image by its public id, or undefined (missing and foreign alike). */
export async function findBorrowerImage(
  db: Kysely<Database>,
  borrowerId: number,
  publicId: string,
): Promise<ProblemImage | undefined> {
  return db
    .selectFrom('problem_images')
    .selectAll()
    .where('public_id', '=', publicId)
    .where('borrower_id', '=', borrowerId)
    .executeTakeFirst();
}

/**
 * An image of a filed complaint (the borrower's evidence or a reply) by its public id, for the
 * console. Uploads not attached to a complaint are nobody's business yet: undefined, like missing.
 */
export async function findComplaintImage(
  db: Kysely<Database>,
  publicId: string,
): Promise<ProblemImage | undefined> {
  return db
    .selectFrom('problem_images')
    .selectAll()
    .where('public_id', '=', publicId)
    .where('problem_id', 'is not', null)
    .executeTakeFirst();
}

/** Evidence this borrower uploaded and has not attached to a complaint yet. */
export async function countUnattachedEvidence(
  db: Kysely<Database>,
  borrowerId: number,
  publicIds: readonly string[],
): Promise<number> {
  if (publicIds.length === 0) return 0;
  const row = await db
    .selectFrom('problem_images')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('borrower_id', '=', borrowerId)
    .where('role', '=', 'evidence')
    .where('problem_id', 'is', null)
    .where('public_id', 'in', publicIds)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function imagesOfProblems(
  db: Kysely<Database>,
  problemIds: readonly number[],
): Promise<ProblemImage[]> {
  if (problemIds.length === 0) return [];
  return db
    .selectFrom('problem_images')
    .selectAll()
    .where('problem_id', 'in', problemIds)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export interface NewComplaint {
  borrowerId: number;
  orderId: number | null;
  problemType: number;
  problemSonType: number;
  content: string;
  requestId: string | null;
  now: string;
}

/** A complaint row; its evidence is attached with attachImages in the same transaction. */
export async function insertProblem(db: Kysely<Database>, complaint: NewComplaint): Promise<number> {
  const row = await db
    .insertInto('problems')
    .values({
      borrower_id: complaint.borrowerId,
      order_id: complaint.orderId,
      problem_type: complaint.problemType,
      problem_son_type: complaint.problemSonType,
      content: complaint.content,
      request_id: complaint.requestId,
      score_requested: 0,
      created_at: complaint.now,
      updated_at: complaint.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Attaches the borrower's unattached images to a problem, in order. False when one of them is
 * not (or no longer) the borrower's unattached image: the caller rolls its transaction back.
 */
export async function attachImages(
  trx: Kysely<Database>,
  borrowerId: number,
  problemId: number,
  publicIds: readonly string[],
  role: 'evidence' | 'reply',
): Promise<boolean> {
  for (const [index, publicId] of publicIds.entries()) {
    const result = await trx
      .updateTable('problem_images')
      .set({ problem_id: problemId, sort_order: index + 1 })
      .where('public_id', '=', publicId)
      .where('borrower_id', '=', borrowerId)
      .where('role', '=', role)
      .where('problem_id', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
  }
  return true;
}

/** Records an agent's reply with its images and asks the borrower for a rating. */
export async function insertReply(
  db: Kysely<Database>,
  reply: {
    problemId: number;
    borrowerId: number;
    text: string;
    agent: string;
    imagePublicIds: readonly string[];
    now: string;
  },
): Promise<boolean> {
  // Joins the caller's transaction (the console audits the reply in the same one).
  return inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('problems')
      .set({
        reply_text: reply.text,
        replied_by: reply.agent,
        replied_at: reply.now,
        score_requested: 1,
        updated_at: reply.now,
      })
      .where('id', '=', reply.problemId)
      .where('replied_at', 'is', null)
      .executeTakeFirst();
    // Another reply got there first (two agents at once): the caller says so, nothing is written.
    if (Number(result.numUpdatedRows) !== 1) return false;
    if (!(await attachImages(trx, reply.borrowerId, reply.problemId, reply.imagePublicIds, 'reply'))) {
      throw new Error('a reply image could not be attached');
    }
    return true;
  });
}

/** Saves the rating once; false when it was already saved (or never asked for). */
export async function saveProblemScore(
  db: Kysely<Database>,
  input: { problemId: number; borrowerId: number; score: number; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('problems')
    .set({ score: input.score, scored_at: input.now, updated_at: input.now })
    .where('id', '=', input.problemId)
    .where('borrower_id', '=', input.borrowerId)
    .where('score_requested', '=', 1)
    .where('score', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A unique-constraint violation on SQLite or PostgreSQL (a concurrent duplicate). */

/** Uploads never attached to a complaint, made before `before` (a borrower who gave up). */
export async function listUnattachedImages(db: Kysely<Database>, before: string, limit = 500) {
  return db
    .selectFrom('problem_images')
    .select(['id', 'storage_key'])
    .where('problem_id', 'is', null)
    .where('created_at', '<', before)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function deleteImageRow(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('problem_images').where('id', '=', id).where('problem_id', 'is', null).execute();
}
