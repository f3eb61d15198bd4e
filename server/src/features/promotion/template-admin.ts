import type { Kysely } from 'kysely';
import { channelTemplateConfig, type ChannelTemplateConfig } from '@kwarta/contract';
import type { ChannelTemplate, Database } from '../../db/schema.ts';
import { readPage, type PageRequest } from '../../lib/paging.ts';

/** A channel template as an admin edits it: the stored config, `{maxAmount}` left as written. */
export const templateView = (row: ChannelTemplate) => ({
  id: row.id,
  name: row.name,
  active: row.active === 1,
  createdAt: row.created_at,
  config: channelTemplateConfig.omit({ id: true }).parse(JSON.parse(row.config)),
});

export type TemplateView = ReturnType<typeof templateView>;

/** Newest first, one page (pageSize + 1 rows, as every console list). */
export function listTemplates(db: Kysely<Database>, page: PageRequest) {
  return readPage(db.selectFrom('channel_templates').selectAll().orderBy('id', 'desc'), page, templateView);
}

export interface TemplateEdit {
  /** Absent: a new template. */
  templateId?: number | undefined;
  name: string;
  active: boolean;
  config: Omit<ChannelTemplateConfig, 'id'>;
}

/**
 * Creates or changes a channel template, returning it as it was (null for a new one) and as it
 * is now. The landing page and the channel-template call read the table on every request (no
 * cache), so a saved change is what the next visitor gets. Undefined for an unknown id.
 */
export async function saveTemplate(
  db: Kysely<Database>,
  edit: TemplateEdit,
  now: Date,
): Promise<{ before: TemplateView | null; after: TemplateView } | undefined> {
  const values = { name: edit.name, active: edit.active ? 1 : 0, config: JSON.stringify(edit.config) };
  if (edit.templateId === undefined) {
    const created = await db
      .insertInto('channel_templates')
      .values({ ...values, created_at: now.toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { before: null, after: templateView(created) };
  }
  const before = await db
    .selectFrom('channel_templates')
    .selectAll()
    .where('id', '=', edit.templateId)
    .executeTakeFirst();
  if (!before) return undefined;
  const after = await db
    .updateTable('channel_templates')
    .set(values)
    .where('id', '=', edit.templateId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { before: templateView(before), after: templateView(after) };
}
