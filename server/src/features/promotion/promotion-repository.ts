import type { Kysely } from 'kysely';
import { channelTemplateConfig, type BrandLook, type ChannelTemplateConfig } from '@kwarta/contract';
import type { MoneyStyle } from '@kwarta/domain';
import type { Database, PromotionEventTable } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { createBorrower } from '../borrowers/index.ts';
import { withTemplateAmounts, withTemplateBrand } from './template-texts.ts';

/**
 * An active channel template's landing configuration with its amounts printed for the market and
 * the brand shown named, or null (missing and inactive alike).
 */
export async function findChannelTemplate(
  db: Kysely<Database>,
  id: number,
  money: MoneyStyle,
  brand: Pick<BrandLook, 'name' | 'urlScheme'>,
): Promise<ChannelTemplateConfig | null> {
  const row = await db
    .selectFrom('channel_templates')
    .select(['id', 'config'])
    .where('id', '=', id)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (!row) return null;
  const stored = channelTemplateConfig.parse({ ...JSON.parse(row.config), id: row.id });
  return withTemplateBrand(withTemplateAmounts(stored, money), brand);
}

export type PromotionEvent = Omit<PromotionEventTable, 'id'>;

export async function recordPromotionEvent(db: Kysely<Database>, event: PromotionEvent): Promise<void> {
  await db.insertInto('promotion_events').values(event).execute();
}

export interface Registration {
  phone: string;
  userName: string;
  merchantNumber: number;
  templateId: string | null;
  utmTag: string | null;
  appFrom: string | null;
  userFrom: string | null;
  inviteCode: string | null;
  appName: string | null;
  deviceId: string | null;
  ip: string | null;
}

/**
 * Creates the borrower and its campaign attribution in one transaction (the caller's, when it
 * runs in one: seed:history's day). 'already-registered' when the phone has an account,
 * including when another request registered it a moment ago.
 */
export async function registerBorrower(
  db: Kysely<Database>,
  input: Registration,
  now: Date,
): Promise<{ status: 'registered'; borrowerId: number } | { status: 'already-registered' }> {
  const at = now.toISOString();
  try {
    return await inTransaction(db, async (trx) => {
      const borrowerId = await createBorrower(trx, input.phone, now);
      await trx
        .insertInto('registrations')
        .values({
          borrower_id: borrowerId,
          template_id: input.templateId,
          utm_tag: input.utmTag,
          app_from: input.appFrom,
          user_from: input.userFrom,
          invite_code: input.inviteCode,
          user_name: input.userName,
          merchant_number: input.merchantNumber,
          app_name: input.appName,
          device_id: input.deviceId,
          ip: input.ip,
          created_at: at,
        })
        .execute();
      return { status: 'registered' as const, borrowerId };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { status: 'already-registered' };
    throw error;
  }
}
