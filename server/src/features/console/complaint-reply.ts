import type { Operator } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import { recordComplaintReply } from '../complaints/index.ts';
import { audited } from '../operators/index.ts';

/**
 * An operator's reply to a complaint with its audit row, in one transaction: the console's inbox
 * and `npm run complaint:reply` both come through here. The operator's name is the reply's agent.
 */
export function replyComplaintAudited(
  deps: Pick<Deps, 'db' | 'clock' | 'storage'>,
  actor: Pick<Operator, 'id' | 'name'>,
  input: { problemId: number; text: string; images: readonly Buffer[] },
) {
  return audited(deps, actor, async (trx) => {
    const reply = await recordComplaintReply(
      { db: trx, storage: deps.storage },
      { ...input, agent: actor.name, now: deps.clock.now() },
    );
    return {
      result: { problemId: input.problemId },
      audit: {
        action: 'complaint.reply',
        subject: `problem:${input.problemId}`,
        before: { repliedAt: null },
        after: { text: reply.text, images: input.images.length, repliedAt: reply.repliedAt },
      },
    };
  });
}
