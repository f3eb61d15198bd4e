import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Complaints (spec §2-§5): question types as configuration, the complaints themselves, and their
 * images (the borrower's evidence and the agent's reply images, D11).
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // parent_value 0: a question type; otherwise a sub-type of the type with that value.
  await withId(db, db.schema.createTable('problem_types'))
    .addColumn('parent_value', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('value', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('icon_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .addUniqueConstraint('problem_types_parent_value_unique', ['parent_value', 'value'])
    .execute();

  // The defaults an operator starts from (configuration, not demo data: production needs them too).
  const types = [
    [0, 1, 'Collection complaint', '/icons/complaint-collection.svg'],
    [0, 2, 'Repayment problem', '/icons/complaint-repayment.svg'],
    [0, 3, 'Loan and disbursement', '/icons/complaint-loan.svg'],
    [0, 4, 'Account and app', ''],
    [0, 5, 'Suggestion', ''],
    [0, 6, 'Other', ''],
    [1, 1, 'Rude or abusive language', ''],
    [1, 2, 'Contacted my family or friends', ''],
    [1, 3, 'Calls at unreasonable hours', ''],
    [1, 4, 'Threats or harassment', ''],
    [1, 5, 'Other collection issue', ''],
  ] as const;
  await db
    .insertInto('problem_types')
    .values(
      types.map(([parent, value, title, icon], index) => ({
        parent_value: parent,
        value,
        title,
        icon_url: icon,
        sort_order: index + 1,
        active: 1,
      })),
    )
    .execute();

  await withId(db, db.schema.createTable('problems'))
    .addColumn('borrower_id', 'integer', (col) => col.notNull().references('borrowers.id'))
    .addColumn('order_id', 'integer', (col) => col.references('orders.id'))
    .addColumn('problem_type', 'integer', (col) => col.notNull())
    .addColumn('problem_son_type', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('content', 'text', (col) => col.notNull())
    // Client-generated per composed complaint: a double tap or retry files it once.
    .addColumn('request_id', 'text')
    .addColumn('reply_text', 'text')
    .addColumn('replied_by', 'text')
    .addColumn('replied_at', 'text')
    .addColumn('score_requested', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('score', 'integer')
    .addColumn('scored_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('problems_borrower_request_unique', ['borrower_id', 'request_id'])
    .execute();
  await db.schema
    .createIndex('problems_borrower_idx')
    .on('problems')
    .columns(['borrower_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('problem_images'))
    // Unguessable public id (128 bits) used in URLs; the row id never leaves the server.
    .addColumn('public_id', 'text', (col) => col.notNull().unique())
    // The owner: only this borrower (and operators) may read it.
    .addColumn('borrower_id', 'integer', (col) => col.notNull().references('borrowers.id'))
    .addColumn('problem_id', 'integer', (col) => col.references('problems.id'))
    // 'evidence' (uploaded by the borrower) or 'reply' (attached by an agent).
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('byte_size', 'integer', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('problem_images_problem_idx')
    .on('problem_images')
    .column('problem_id')
    .execute();
  await db.schema
    .createIndex('problem_images_borrower_idx')
    .on('problem_images')
    .columns(['borrower_id', 'problem_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['problem_images', 'problems', 'problem_types'])
    await db.schema.dropTable(table).execute();
}
