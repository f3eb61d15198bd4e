import type { Kysely } from 'kysely';
import type { OperatorRole } from '@kwarta/contract';
import type { Database } from '../../db/schema.ts';
import type { PageRequest } from '../../lib/paging.ts';
import { complaintInbox } from '../complaints/index.ts';
import { phoneFor } from './console-orders.ts';

/** The complaints inbox (complaints' read model), each borrower's phone as this role may see it. */
export async function complaintInboxFor(
  deps: { db: Kysely<Database>; now: Date; timeZone: string },
  role: OperatorRole,
  input: PageRequest & { answered: '0' | '1' },
) {
  const page = await complaintInbox(deps, input);
  return { ...page, items: page.items.map((item) => ({ ...item, phone: phoneFor(role, item.phone) })) };
}
