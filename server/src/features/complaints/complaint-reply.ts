import type { Kysely } from 'kysely';
import { Limits } from '@kwarta/contract';
import type { Database } from '../../db/schema.ts';
import type { BlobStorage } from '../../lib/blob-storage.ts';
import { insertReply } from './complaint-repository.ts';
import { storeProblemImage } from './problem-images.ts';
import { Refusal } from '../../lib/refusal.ts';

export class ReplyRefused extends Refusal {
  constructor(message: string) {
    super('refused', message);
  }
}

/**
 * An agent's reply to a complaint (the console's inbox and the CLI call this): the
 * text and images become the detail page's "Process Result", and the borrower is asked to rate.
 * Reply images go through the same D11 checks as evidence and belong to the complaint's borrower,
 * so only they can read them. A complaint is answered once. Returns the reply as saved (the
 * console audits it).
 */
export async function recordComplaintReply(
  deps: { db: Kysely<Database>; storage: BlobStorage },
  input: { problemId: number; text: string; images: readonly Buffer[]; agent: string; now: Date },
): Promise<{ text: string; repliedAt: string }> {
  const text = input.text.trim();
  if (text === '' && input.images.length === 0)
    throw new ReplyRefused('A reply needs a text or at least one image.');
  if (input.images.length > Limits.complaintImagesMax)
    throw new ReplyRefused(`A reply has at most ${Limits.complaintImagesMax} images.`);
  const problem = await deps.db
    .selectFrom('problems')
    .select(['id', 'borrower_id', 'replied_at'])
    .where('id', '=', input.problemId)
    .executeTakeFirst();
  if (!problem) throw new ReplyRefused(`There is no complaint ${input.problemId}.`);
  if (problem.replied_at)
    throw new ReplyRefused(`Complaint ${input.problemId} was already answered at ${problem.replied_at}.`);
  const imagePublicIds: string[] = [];
  for (const bytes of input.images) {
    imagePublicIds.push(
      await storeProblemImage(deps, {
        borrowerId: problem.borrower_id,
        role: 'reply',
        bytes,
        now: input.now,
      }),
    );
  }
  const repliedAt = input.now.toISOString();
  const saved = await insertReply(deps.db, {
    problemId: problem.id,
    borrowerId: problem.borrower_id,
    text,
    agent: input.agent,
    imagePublicIds,
    now: repliedAt,
  });
  // Lost a race with another reply after the check above; its unattached images are swept later.
  if (!saved) throw new ReplyRefused(`Complaint ${input.problemId} was already answered.`);
  return { text, repliedAt };
}
