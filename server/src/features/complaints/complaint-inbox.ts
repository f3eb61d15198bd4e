import type { Kysely } from 'kysely';
import { Limits } from '@kwarta/contract';
import { calendarDateAt, daysBetween, weekdaysBefore } from '@kwarta/domain';
import type { Database } from '../../db/schema.ts';
import { readPage, type PageRequest } from '../../lib/paging.ts';

/** The console's complaint reads: the inbox, the dashboard's count past the line, an order's complaints. */

/** The instant before which an unanswered complaint is past the 3-weekday service line. */
export function complaintLine(now: Date, timeZone: string): string {
  const today = calendarDateAt(now, timeZone);
  const back = daysBetween(weekdaysBefore(today, Limits.complaintReplyWeekdays), today);
  return new Date(now.getTime() - back * 86_400_000).toISOString();
}

/**
 * The complaints inbox: unanswered (or, asked for, answered) complaints oldest first, so the one
 * waiting longest is on top; each is marked when it is past the 3-weekday line. Phones are whole:
 * the console shows each as the operator's role may see it.
 */
export async function complaintInbox(
  deps: { db: Kysely<Database>; now: Date; timeZone: string },
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
      phone: row.phone,
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

/** Unanswered complaints past the 3-weekday line, for the dashboard. */
export async function countComplaintsPastLine(
  db: Kysely<Database>,
  at: { now: Date; timeZone: string },
): Promise<number> {
  const row = await db
    .selectFrom('problems')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('replied_at', 'is', null)
    .where('created_at', '<', complaintLine(at.now, at.timeZone))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The complaints filed about one order, oldest first, for the console's order page. */
export function orderComplaints(db: Kysely<Database>, orderId: number) {
  return db
    .selectFrom('problems')
    .select(['id', 'content', 'created_at', 'replied_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}
