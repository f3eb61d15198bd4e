import { bucketOf, calendarDateAt, formatLenderTime, type CollectionBucket } from '@kwarta/domain';
import type { Deps } from '../../lib/deps.ts';
import type { PageRequest } from '../../lib/paging.ts';
import { overdueCounts, overdueOrderPage, overdueStanding } from '../orders/index.ts';
import { contactNow } from './collection-actions.ts';
import { collectionSummaries, orderCollectionRecords } from './collection-records.ts';
import { approvedCollectionTemplates } from './collection-templates.ts';

/**
 * The collections queue and an order's collections panel (decision 0098): orders' overdue read
 * model, with what collectors recorded beside each. Phones are whole: the console masks them.
 */
type ReadDeps = Pick<Deps, 'db' | 'clock' | 'config'>;

function lenderDay(deps: ReadDeps) {
  const timeZone = deps.config.lenderTimeZone;
  return { today: calendarDateAt(deps.clock.now(), timeZone), timeZone };
}

export async function collectionQueue(
  deps: ReadDeps,
  filter: PageRequest & { bucket: CollectionBucket | '' },
) {
  const at = lenderDay(deps);
  const [page, counts] = await Promise.all([
    overdueOrderPage(deps.db, { ...filter, today: at.today }),
    overdueCounts(deps.db, at.today),
  ]);
  const summaries = await collectionSummaries(
    deps.db,
    page.items.map((item) => item.orderId),
    at,
  );
  return {
    ...page,
    counts,
    items: page.items.map((item) => ({
      ...item,
      bucket: bucketOf(item.daysPastDue)!,
      assignedTo: summaries.get(item.orderId)?.assignedTo ?? null,
      lastContactAt: summaries.get(item.orderId)?.lastContactAt ?? null,
      promise: summaries.get(item.orderId)?.promise ?? null,
    })),
  };
}

/** One order's panel, or undefined when there is no such order. */
export async function collectionPanel(deps: ReadDeps, orderId: number) {
  const at = lenderDay(deps);
  const standing = await overdueStanding(deps.db, orderId, at.today);
  if (!standing) return undefined;
  const [records, templates] = await Promise.all([
    orderCollectionRecords(deps.db, orderId, at),
    approvedCollectionTemplates(deps.db),
  ]);
  const { rule, decision } = contactNow(deps, standing.daysPastDue);
  return {
    orderId,
    daysPastDue: standing.daysPastDue,
    bucket: bucketOf(standing.daysPastDue),
    amountDueNow: standing.amountDueNow,
    ...records,
    templates,
    contactRule: rule,
    contactAllowedNow: decision.allowed,
    nextAllowedAt: decision.allowed ? null : formatLenderTime(decision.nextAllowedAt, at.timeZone),
  };
}
