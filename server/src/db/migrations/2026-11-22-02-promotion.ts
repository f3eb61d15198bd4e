import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

// Frozen: a migration that has run is never edited; changes go into a new file.
// The promotion funnel (spec §2, §7 "Promotion"), SMS (D9) and the short-lived store for limits,
// captchas and codes when no Redis is configured.

/** The first channel template: configuration data an operator edits, seeded with the schema. */
const DEFAULT_TEMPLATE = {
  appName: 'Kwarta',
  headline: 'Cash loans up to ₱20,000',
  subline: 'Sign up with your mobile number in one minute, then get the app to apply.',
  agreementTitle: 'Registration Agreement',
  agreementText: [
    'By registering you agree that Kwarta may use your mobile number to create your account, send you verification codes and contact you about your application.',
    'You confirm that you are at least 18 years old and that the number is yours.',
    'Your data is processed under our Privacy Policy; you may ask us to delete your account at any time through customer service.',
    'A loan is offered only after you apply in the app and your application is approved; registering does not oblige you to borrow.',
  ].join('\n\n'),
  androidUrl: 'https://play.google.com/store/apps/details?id=example.kwarta',
  iosUrl: 'https://apps.apple.com/app/id0000000000',
  appScheme: 'kwarta://open',
};

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('channel_templates'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('config', 'text', (col) => col.notNull())
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db
    .insertInto('channel_templates')
    .values({
      name: 'Default',
      config: JSON.stringify(DEFAULT_TEMPLATE),
      active: 1,
      created_at: '2026-11-22T00:00:00.000Z',
    })
    .execute();

  // Visits and clicks of the landing page, with the campaign fields of the link.
  await withId(db, db.schema.createTable('promotion_events'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('page_id', 'text')
    .addColumn('utm_tag', 'text')
    .addColumn('app_from', 'text')
    .addColumn('user_from', 'text')
    .addColumn('client_type', 'text')
    .addColumn('page_type', 'integer')
    .addColumn('phone', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('promotion_events_campaign_idx')
    .on('promotion_events')
    .columns(['utm_tag', 'kind'])
    .execute();

  // Every SMS code sent (registration or login), whichever gateway delivered it. No code stored.
  await withId(db, db.schema.createTable('sms_sends'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('utm_tag', 'text')
    .addColumn('app_from', 'text')
    .addColumn('user_from', 'text')
    .addColumn('device_id', 'text')
    .addColumn('ip', 'text')
    .addColumn('gateway', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('sms_sends_campaign_idx')
    .on('sms_sends')
    .columns(['utm_tag', 'purpose'])
    .execute();

  // The outbox gateway's messages (development and sandbox; D9).
  await withId(db, db.schema.createTable('sms_outbox'))
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sms_outbox_phone_idx').on('sms_outbox').columns(['phone', 'id']).execute();

  // How each borrower registered through the landing: campaign attribution.
  await withId(db, db.schema.createTable('registrations'))
    .addColumn('borrower_id', 'integer', (col) =>
      col.notNull().unique().references('borrowers.id').onDelete('cascade'),
    )
    .addColumn('template_id', 'text')
    .addColumn('utm_tag', 'text')
    .addColumn('app_from', 'text')
    .addColumn('user_from', 'text')
    .addColumn('invite_code', 'text')
    .addColumn('user_name', 'text', (col) => col.notNull())
    .addColumn('merchant_number', 'integer', (col) => col.notNull())
    .addColumn('app_name', 'text')
    .addColumn('device_id', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('registrations_campaign_idx').on('registrations').column('utm_tag').execute();

  // Counters and short-lived values (rate limits, captchas, SMS codes) when REDIS_URL is unset.
  await db.schema
    .createTable('ephemeral_entries')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('expires_at_ms', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('ephemeral_entries_expiry_idx')
    .on('ephemeral_entries')
    .column('expires_at_ms')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'ephemeral_entries',
    'registrations',
    'sms_outbox',
    'sms_sends',
    'promotion_events',
    'channel_templates',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
