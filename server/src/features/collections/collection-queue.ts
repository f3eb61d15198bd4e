import { bucketOf, calendarDateAt, formatLenderTime, type CollectionBucket } from '@kwarta/domain';
import type { Deps } from '../../lib/deps.ts';
import type { PageRequest } from '../../lib/paging.ts';
import { fillMessage, messages } from '@kwarta/contract';
import { Refusal } from '../../lib/refusal.ts';
import { activeCollectorNames, findOperatorByName } from '../operators/index.ts';
import { overdueCounts, overdueOrderPage, overdueStanding, type AssigneeFilter } from '../orders/index.ts';
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

/**
 * The queue's page: `collector` is '' (everyone's), 'unassigned', or an enabled collector's name
 * (another name is refused: a typo would otherwise show an empty queue as if all were done).
 */
export async function collectionQueue(
  deps: ReadDeps,
  filter: PageRequest & {
    bucket: CollectionBucket | '';
    collector?: string;
    sort?: '' | 'daysPastDue' | 'amountDueNow';
    dir?: '' | 'asc' | 'desc';
  },
) {
  const at = lenderDay(deps);
  const assignee = await assigneeFilter(deps, filter.collector ?? '');
  const [page, counts, collectors] = await Promise.all([
    overdueOrderPage(deps.db, { ...filter, assignee, today: at.today }),
    overdueCounts(deps.db, at.today),
    activeCollectorNames(deps.db),
  ]);
  const summaries = await collectionSummaries(
    deps.db,
    page.items.map((item) => item.orderId),
    at,
  );
  return {
    ...page,
    counts,
    collectors,
    items: page.items.map((item) => ({
      ...item,
      bucket: bucketOf(item.daysPastDue)!,
      assignedTo: summaries.get(item.orderId)?.assignedTo ?? null,
      lastContactAt: summaries.get(item.orderId)?.lastContactAt ?? null,
      promise: summaries.get(item.orderId)?.promise ?? null,
    })),
  };
}

async function assigneeFilter(deps: ReadDeps, collector: string): Promise<AssigneeFilter> {
  if (collector === '') return { kind: 'all' };
  if (collector === 'unassigned') return { kind: 'unassigned' };
  const found = await findOperatorByName(deps.db, collector);
  if (!found || found.role !== 'collector')
    throw Refusal.invalid(fillMessage(messages.collectionNotACollector, { name: collector }));
  return { kind: 'collector', operatorId: found.id };
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
