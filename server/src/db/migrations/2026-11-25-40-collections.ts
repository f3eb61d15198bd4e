import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Collections (decision 0098): who works an overdue order, what collectors recorded (calls,
 * messages, the SMS they sent), the promises to pay they took, and the SMS templates an admin
 * approved for them. Every write is also audited (operator_audit); these tables are what the
 * console reads, the audit is what an examiner reads.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One collector per order at a time; a reassignment replaces the row (the audit keeps the past).
  await db.schema
    .createTable('collection_assignments')
    .addColumn('order_id', 'integer', (col) => col.primaryKey().references('orders.id'))
    .addColumn('operator_id', 'integer', (col) => col.notNull().references('operators.id'))
    .addColumn('assigned_by', 'text', (col) => col.notNull())
    .addColumn('assigned_at', 'text', (col) => col.notNull())
    .execute();
  await withId(db, db.schema.createTable('collection_contacts'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id'))
    .addColumn('operator_id', 'integer', (col) => col.notNull().references('operators.id'))
    // call | message (recorded by hand) | sms (an approved template sent through sms_messages).
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('collection_contacts_order')
    .on('collection_contacts')
    .columns(['order_id', 'id'])
    .execute();
  await withId(db, db.schema.createTable('collection_promises'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id'))
    .addColumn('contact_id', 'integer', (col) => col.notNull().references('collection_contacts.id'))
    .addColumn('amount', 'integer', (col) => col.notNull())
    // The lender's calendar date the borrower promised to pay by.
    .addColumn('promised_on', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('collection_promises_order')
    .on('collection_promises')
    .columns(['order_id', 'id'])
    .execute();
  await withId(db, db.schema.createTable('collection_templates'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    // An edit clears the approval: what a collector sends is always what an admin approved.
    .addColumn('approved_by', 'text')
    .addColumn('approved_at', 'text')
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('collection_templates').execute();
  await db.schema.dropTable('collection_promises').execute();
  await db.schema.dropTable('collection_contacts').execute();
  await db.schema.dropTable('collection_assignments').execute();
}
