import type { Kysely } from 'kysely';
import type { OperatorRole } from '@kwarta/contract';
import type { Database } from '../../db/schema.ts';
import { readPage, type PageRequest } from '../../lib/paging.ts';
import { complaintLine, phoneFor } from './console-orders.ts';

/**
 * The complaints inbox: unanswered (or, asked for, answered) complaints oldest first, so the one
 * waiting longest is on top; each is marked when it is past the 3-weekday line.
 */
export async function complaintInbox(
  deps: { db: Kysely<Database>; now: Date; timeZone: string },
  role: OperatorRole,
  input: PageRequest & { answered: '0' | '1' },
) {
  const line = complaintLine(deps.now, deps.timeZone);
  const page = await readPage(
    deps.db
      .selectFrom('problems')
      .innerJoin('borrowers', 'borrowers.id', 'problems.borrower_id')
      .leftJoin('orders', 'orders.id', 'problems.order_id')
      .leftJoin('problem_types', (join) =>
        join
          .onRef('problem_types.value', '=', 'problems.problem_type')
          .on('problem_types.parent_value', '=', 0),
      )
      .select([
        'problems.id',
        'problems.content',
        'problems.created_at',
        'problems.reply_text',
        'problems.replied_by',
        'problems.replied_at',
        'borrowers.phone',
        'orders.order_no',
        'problem_types.title',
      ])
      .where('problems.replied_at', input.answered === '1' ? 'is not' : 'is', null)
      .orderBy('problems.id', input.answered === '1' ? 'desc' : 'asc'),
    input,
    (row) => row,
  );
  const images = page.items.length
    ? await deps.db
        .selectFrom('problem_images')
        .select(['problem_id', 'public_id', 'role'])
        .where(
          'problem_id',
          'in',
          page.items.map((row) => row.id),
        )
        .orderBy('sort_order')
        .execute()
    : [];
  const imagesOf = (problemId: number, role: 'evidence' | 'reply') =>
    images
      .filter((image) => image.problem_id === problemId && image.role === role)
      .map((image) => image.public_id);
  // The page's images are read in one query once the page is known.
  return {
    ...page,
    items: page.items.map((row) => ({
      id: row.id,
      type: row.title ?? '',
      content: row.content,
      orderNo: row.order_no,
      phone: phoneFor(role, row.phone),
      createdAt: row.created_at,
      pastLine: row.replied_at === null && row.created_at < line,
      images: imagesOf(row.id, 'evidence'),
      replyImages: imagesOf(row.id, 'reply'),
      reply: row.reply_text,
      repliedBy: row.replied_by,
      repliedAt: row.replied_at,
    })),
  };
}
