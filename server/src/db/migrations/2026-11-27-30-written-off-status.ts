import { sql, type Kysely } from 'kysely';

/**
 * Decision 0103: a write-off is a status of its own (190). Orders written off before it kept
 * their repaying status with `written_off_at` set; they move to 190 with the history row the
 * write-off would have written now, dated when they were written off. Frozen: never edit.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    insert into order_status_history (order_id, from_status, to_status, actor, reason, created_at)
    select id, status, 190, 'migration', 'written off before 190 existed (decision 0103)', written_off_at
    from orders
    where written_off_at is not null and status in (170, 174, 180)
  `.execute(db);
  await sql`
    update orders set status = 190
    where written_off_at is not null and status in (170, 174, 180)
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The status written off from is the history row's: back to it, the row gone.
  await sql`
    update orders set status = (
      select h.from_status from order_status_history h
      where h.order_id = orders.id and h.to_status = 190 and h.actor = 'migration'
    )
    where status = 190 and exists (
      select 1 from order_status_history h
      where h.order_id = orders.id and h.to_status = 190 and h.actor = 'migration'
    )
  `.execute(db);
  await sql`delete from order_status_history where to_status = 190 and actor = 'migration'`.execute(db);
}
