import { sql, type Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Repayment (decision 0070): payments through a provider (D8), what each paid for, the borrower's
 * credit from overpayments, what each plan line and order has paid by component, and a
 * product's extension and allocation terms.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const productColumns = [
    ['extension_fee_bps', 'integer', 1500],
    ['extension_days', 'integer', 7],
    ['extension_max', 'integer', 1],
    ['allocation_order', 'text', 'penalty,interest,principal'],
  ] as const;
  for (const [name, type, fallback] of productColumns) {
    await db.schema
      .alterTable('products')
      .addColumn(name, type, (col) => col.notNull().defaultTo(fallback))
      .execute();
  }
  for (const name of ['penalty_paid', 'extension_count']) {
    await db.schema
      .alterTable('orders')
      .addColumn(name, 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  }
  for (const name of ['interest_paid', 'principal_paid']) {
    await db.schema
      .alterTable('order_plan_lines')
      .addColumn(name, 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  }
  // Lines paid before this migration paid their interest first (the default order).
  await sql`
    update order_plan_lines
    set interest_paid = case when paid_amount < interest then paid_amount else interest end,
        principal_paid = paid_amount - (case when paid_amount < interest then paid_amount else interest end)
  `.execute(db);

  await withId(db, db.schema.createTable('payments'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('txnid', 'text', (col) => col.notNull())
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('borrower_id', 'integer', (col) =>
      col.notNull().references('borrowers.id').onDelete('cascade'),
    )
    /** 'repayment' or 'extension'. */
    .addColumn('kind', 'text', (col) => col.notNull())
    /** The server's own figure at creation: what the borrower owed, or the extension fee. */
    .addColumn('expected_amount', 'integer', (col) => col.notNull())
    .addColumn('received_amount', 'integer')
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('pay_code', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('pay_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('ref_no', 'text', (col) => col.notNull().defaultTo(''))
    /** pending → paid | failed | expired | held (amount mismatch, for review). Paid is final. */
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('status_reason', 'text', (col) => col.notNull().defaultTo(''))
    /** An extension's days, fixed when it was offered. */
    .addColumn('extension_days', 'integer')
    /**
     * `<order>:<kind>` while pending, null after: one open payment per order and kind, so a
     * double tap on Payment Method reuses it instead of making two pay codes.
     */
    .addColumn('open_key', 'text', (col) => col.unique())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('paid_at', 'text')
    .addUniqueConstraint('payments_provider_txnid_unique', ['provider', 'txnid'])
    .execute();
  await db.schema
    .createIndex('payments_status_created')
    .on('payments')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema.createIndex('payments_order').on('payments').columns(['order_id']).execute();

  await withId(db, db.schema.createTable('payment_allocations'))
    .addColumn('payment_id', 'integer', (col) => col.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    /** penalty | interest | principal | extension_fee | credit */
    .addColumn('component', 'text', (col) => col.notNull())
    .addColumn('plan_seq', 'integer')
    .addColumn('amount', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('payment_allocations_payment')
    .on('payment_allocations')
    .columns(['payment_id'])
    .execute();

  await withId(db, db.schema.createTable('borrower_credits'))
    .addColumn('borrower_id', 'integer', (col) =>
      col.notNull().references('borrowers.id').onDelete('cascade'),
    )
    .addColumn('payment_id', 'integer', (col) =>
      col.notNull().unique().references('payments.id').onDelete('cascade'),
    )
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('borrower_credits').execute();
  await db.schema.dropTable('payment_allocations').execute();
  await db.schema.dropTable('payments').execute();
  for (const name of ['principal_paid', 'interest_paid']) {
    await db.schema.alterTable('order_plan_lines').dropColumn(name).execute();
  }
  for (const name of ['extension_count', 'penalty_paid']) {
    await db.schema.alterTable('orders').dropColumn(name).execute();
  }
  for (const name of ['allocation_order', 'extension_max', 'extension_days', 'extension_fee_bps']) {
    await db.schema.alterTable('products').dropColumn(name).execute();
  }
}
