// Seeds a large order book for the console benchmark: `count` orders over count/5 borrowers,
// in every status, spread over a year, inserted in batches (one transaction per batch).
import type { Kysely } from 'kysely';
import { OrderStatus } from '@kwarta/domain';
import type { Database } from '../../server/src/db/schema.ts';

const STATUSES = Object.values(OrderStatus);

export async function seedBenchOrders(
  db: Kysely<Database>,
  count: number,
  now = new Date('2026-11-23T00:00:00Z'),
): Promise<{ phones: string[]; orderNos: string[] }> {
  const products = await db.selectFrom('products').select(['id', 'term_days', 'periods']).execute();
  if (products.length === 0) throw new Error('seed the demo products first (SEED_DEMO)');
  const borrowerCount = Math.ceil(count / 5);
  const phones: string[] = [];
  const batch = 1000;
  for (let start = 0; start < borrowerCount; start += batch) {
    const rows = [];
    for (let index = start; index < Math.min(borrowerCount, start + batch); index += 1) {
      const phone = `137${String(index).padStart(8, '0')}`;
      phones.push(phone);
      rows.push({
        phone,
        full_name: `Bench Borrower ${index}`,
        is_repeat_client: index % 3 === 0 ? 1 : 0,
        created_at: now.toISOString(),
      });
    }
    await db.insertInto('borrowers').values(rows).execute();
  }
  const firstBorrower = await db
    .selectFrom('borrowers')
    .select('id')
    .where('phone', '=', phones[0]!)
    .executeTakeFirstOrThrow();
  const orderNos: string[] = [];
  for (let start = 0; start < count; start += batch) {
    const rows = [];
    for (let index = start; index < Math.min(count, start + batch); index += 1) {
      const product = products[index % products.length]!;
      const status = STATUSES[index % STATUSES.length]!;
      const applied = new Date(now.getTime() - (count - index) * 300_000).toISOString();
      const orderNo = `BENCH${String(index).padStart(9, '0')}`;
      orderNos.push(orderNo);
      rows.push({
        order_no: orderNo,
        borrower_id: firstBorrower.id + (index % borrowerCount),
        product_id: product.id,
        status,
        principal: 500_000 + (index % 20) * 50_000,
        total_due: 600_000 + (index % 20) * 60_000,
        paid_amount: 0,
        term_days: product.term_days,
        periods: product.periods,
        collection_complaints_allowed: 0,
        applied_at: applied,
        disbursed_on: null,
        due_date: status >= OrderStatus.Repaying ? applied.slice(0, 10) : null,
        settled_at: null,
        created_at: applied,
        updated_at: applied,
        request_id: null,
        withdraw_confirmed_at: null,
      });
    }
    await db.insertInto('orders').values(rows).execute();
  }
  return { phones, orderNos };
}
