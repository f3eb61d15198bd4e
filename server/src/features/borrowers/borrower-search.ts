import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Borrower search for the console (decision 0113). What the operator typed says what it is, and
 * each kind is one query on one index, so a search costs the same at 1,000,000 borrowers as at 10:
 * - a whole phone (6+ digits): `borrowers.phone`'s unique index;
 * - 4 digits: a phone's last four (`borrowers_phone_last4`, an index on the expression) or a payout
 *   account's last four (`payment_accounts_lookalike`, account_last4 first), one UNION;
 * - an order number (letters then digits, e.g. KW2026…): `orders.order_no`'s unique index, joined
 *   to its borrower;
 * - anything else, a name: a prefix of the lower-cased full name (`borrowers_name_search`, an
 *   expression index compared bytewise, see nameKey), in name order.
 * Phones are whole: the console masks them for the operator's role.
 */
export const BORROWER_SEARCH_LIMIT = 50;

export type SearchMatch = 'phone' | 'phone-last4' | 'account-last4' | 'order' | 'name';

export interface BorrowerHit {
  borrowerId: number;
  name: string | null;
  phone: string;
  matched: SearchMatch;
  registeredAt: string;
}

/** The same expression the index `borrowers_phone_last4` is built on (both dialects). */
const phoneLast4 = sql<string>`substr(borrowers.phone, length(borrowers.phone) - 3)`;

/** What a query is, or null when it is too short to search by (one letter would list everyone). */
export function searchKind(q: string): Exclude<SearchMatch, 'account-last4'> | null {
  const digits = q.replace(/[\s-]/g, '');
  if (/^\d{4}$/.test(digits)) return 'phone-last4';
  if (/^\+?\d{6,15}$/.test(digits)) return 'phone';
  if (/^[A-Za-z]+\d+$/.test(q.trim())) return 'order';
  return q.trim().length >= 2 ? 'name' : null;
}

/**
 * The name as the index `borrowers_name_search` holds it. Compared bytewise in both dialects
 * (SQLite's default; PostgreSQL's "C" collation, which the index is built with), so a prefix is a
 * range the index answers in order, LIMIT stopping the walk, and no LIKE wildcard needs escaping.
 */
function nameKey(db: Kysely<Database>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<string>`lower(borrowers.full_name) collate "C"`
    : sql<string>`lower(borrowers.full_name)`;
}

/** Greater, bytewise, than any character a name holds: every name starting with the prefix sorts below prefix + this. */
const LAST_CHARACTER = '\u{10FFFF}';

export async function searchBorrowers(db: Kysely<Database>, q: string): Promise<BorrowerHit[]> {
  const kind = searchKind(q);
  if (kind === null) return [];
  const base = db.selectFrom('borrowers');
  const columns = ['borrowers.id', 'borrowers.full_name', 'borrowers.phone', 'borrowers.created_at'] as const;
  const tag = (match: SearchMatch) => sql<SearchMatch>`${sql.lit(match)}`.as('matched');
  const digits = q.replace(/[\s-]/g, '');
  let rows;
  if (kind === 'phone') {
    rows = await base
      .select([...columns, tag('phone')])
      .where('borrowers.phone', '=', digits)
      .execute();
  } else if (kind === 'phone-last4') {
    rows = await base
      .select([...columns, tag('phone-last4')])
      .where(phoneLast4, '=', digits)
      .union(
        db
          .selectFrom('borrowers')
          .innerJoin('payment_accounts', 'payment_accounts.borrower_id', 'borrowers.id')
          .select([...columns, tag('account-last4')])
          .where('payment_accounts.account_last4', '=', digits),
      )
      .orderBy('id', 'desc')
      .limit(BORROWER_SEARCH_LIMIT * 2)
      .execute();
  } else if (kind === 'order') {
    rows = await base
      .innerJoin('orders', 'orders.borrower_id', 'borrowers.id')
      .select([...columns, tag('order')])
      .where('orders.order_no', '=', q.trim().toUpperCase())
      .execute();
  } else {
    // The database lowers the prefix as it lowered the names (SQLite's lower() knows ASCII only).
    const prefix = sql<string>`lower(cast(${q.trim()} as text))`;
    const key = nameKey(db);
    rows = await base
      .select([...columns, tag('name')])
      .where(key, '>=', prefix)
      .where(key, '<', sql<string>`${prefix} || ${LAST_CHARACTER}`)
      .orderBy(key)
      .orderBy('borrowers.id')
      .limit(BORROWER_SEARCH_LIMIT)
      .execute();
  }
  const seen = new Set<number>();
  const hits: BorrowerHit[] = [];
  for (const row of rows) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    hits.push({
      borrowerId: row.id,
      name: row.full_name,
      phone: row.phone,
      matched: row.matched,
      registeredAt: row.created_at,
    });
  }
  return hits.slice(0, BORROWER_SEARCH_LIMIT);
}
