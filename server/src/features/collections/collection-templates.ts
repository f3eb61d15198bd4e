import type { Kysely, Selectable } from 'kysely';
import { collectionTemplatePlaceholders, fillMessage, messages } from '@kwarta/contract';
import type { CollectionTemplateTable, Database } from '../../db/schema.ts';
import { Refusal } from '../../lib/refusal.ts';

/**
 * Collection SMS templates (decision 0098): an admin writes and approves them; a collector can
 * send only an approved one, so every text a borrower gets from collections was read by an admin.
 * An edit clears the approval.
 */
type TemplateRow = Selectable<CollectionTemplateTable>;

export const templateView = (row: TemplateRow) => ({
  id: row.id,
  name: row.name,
  text: row.text,
  approved: row.approved_by !== null,
  approvedBy: row.approved_by,
  updatedAt: row.updated_at,
});

export function listCollectionTemplates(db: Kysely<Database>) {
  return db.selectFrom('collection_templates').selectAll().orderBy('id').execute();
}

export function approvedCollectionTemplates(db: Kysely<Database>) {
  return db
    .selectFrom('collection_templates')
    .select(['id', 'name', 'text'])
    .where('approved_by', 'is not', null)
    .orderBy('name')
    .execute();
}

export function findCollectionTemplate(db: Kysely<Database>, id: number) {
  return db.selectFrom('collection_templates').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Refuses a placeholder the sender cannot fill: it would reach the borrower as "{typo}". */
function checkPlaceholders(text: string) {
  for (const [, name] of text.matchAll(/\{(\w*)\}/g)) {
    if (!(collectionTemplatePlaceholders as readonly string[]).includes(name!))
      throw Refusal.invalid(
        fillMessage(messages.collectionTemplateUnknownPlaceholder, { placeholder: `{${name}}` }),
      );
  }
}

/** Creates (no id) or edits a template; either way it awaits approval. Answers before and after. */
export async function saveCollectionTemplate(
  db: Kysely<Database>,
  input: { templateId?: number | undefined; name: string; text: string; by: string; now: Date },
): Promise<{ before: TemplateRow | undefined; saved: TemplateRow }> {
  checkPlaceholders(input.text);
  const at = input.now.toISOString();
  const values = {
    name: input.name,
    text: input.text,
    approved_by: null,
    approved_at: null,
    updated_by: input.by,
    updated_at: at,
  };
  if (input.templateId === undefined) {
    const saved = await db
      .insertInto('collection_templates')
      .values({ ...values, created_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { before: undefined, saved };
  }
  const before = await findCollectionTemplate(db, input.templateId);
  if (!before) throw Refusal.notFound();
  const saved = await db
    .updateTable('collection_templates')
    .set(values)
    .where('id', '=', input.templateId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { before, saved };
}

export async function approveCollectionTemplate(
  db: Kysely<Database>,
  input: { templateId: number; by: string; now: Date },
): Promise<{ before: TemplateRow; saved: TemplateRow }> {
  const before = await findCollectionTemplate(db, input.templateId);
  if (!before) throw Refusal.notFound();
  // Maker-checker (decision 0110): whoever wrote the text as it stands never approves it.
  if (before.updated_by === input.by) throw new Refusal('refused', messages.approvalOwnProposal);
  const saved = await db
    .updateTable('collection_templates')
    .set({ approved_by: input.by, approved_at: input.now.toISOString() })
    .where('id', '=', input.templateId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { before, saved };
}
