import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SiteInfo } from '@kwarta/contract';
import { privacyPolicyDocument } from '@kwarta/contract/site/privacy-policy';
import { calendarDateAt } from '@kwarta/domain';
import type { Database } from '../../db/schema.ts';

/** The notices a borrower acknowledges: the policy, and the just-in-time notice before the camera. */
export const privacyNotices = ['policy', 'identity-camera'] as const;
export type PrivacyNotice = (typeof privacyNotices)[number];
export const acknowledgementChannels = ['registration', 'app', 'web'] as const;
export type AcknowledgementChannel = (typeof acknowledgementChannels)[number];

export interface PolicyVersion {
  version: string;
  sha256: string;
  effectiveOn: string;
  summary: string;
}

/**
 * The policy the site shows, as a version: its SHA-256 names it, so any change to its text is a new
 * version that every borrower acknowledges again (decision 0107). Recorded the first time it is
 * seen, with that day as its effective date; idempotent (the version is unique).
 */
export async function currentPolicyVersion(
  db: Kysely<Database>,
  input: { site: SiteInfo; now: Date; timeZone: string },
): Promise<PolicyVersion> {
  const document = privacyPolicyDocument(input.site);
  const sha256 = createHash('sha256').update(JSON.stringify(document)).digest('hex');
  const version = sha256.slice(0, 12);
  await db
    .insertInto('privacy_policy_versions')
    .values({
      version,
      sha256,
      effective_on: calendarDateAt(input.now, input.timeZone),
      summary: document.summary,
      created_at: input.now.toISOString(),
    })
    .onConflict((conflict) => conflict.column('version').doNothing())
    .execute();
  const row = await db
    .selectFrom('privacy_policy_versions')
    .selectAll()
    .where('version', '=', version)
    .executeTakeFirstOrThrow();
  return { version, sha256, effectiveOn: row.effective_on, summary: row.summary };
}

/** Records the acknowledgement once per borrower, notice and version (a second tap changes nothing). */
export async function acknowledgeNotice(
  db: Kysely<Database>,
  input: {
    borrowerId: number;
    notice: PrivacyNotice;
    version: PolicyVersion;
    channel: AcknowledgementChannel;
    now: Date;
  },
): Promise<void> {
  await db
    .insertInto('privacy_acknowledgements')
    .values({
      borrower_id: input.borrowerId,
      notice: input.notice,
      version: input.version.version,
      sha256: input.version.sha256,
      channel: input.channel,
      acknowledged_at: input.now.toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['borrower_id', 'notice', 'version']).doNothing())
    .execute();
}

/** Whether the borrower acknowledged this version of the notice. */
export async function hasAcknowledged(
  db: Kysely<Database>,
  input: { borrowerId: number; notice: PrivacyNotice; version: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('privacy_acknowledgements')
    .select('id')
    .where('borrower_id', '=', input.borrowerId)
    .where('notice', '=', input.notice)
    .where('version', '=', input.version)
    .executeTakeFirst();
  return row !== undefined;
}

interface NoticeDeps {
  db: Kysely<Database>;
  site: SiteInfo;
  timeZone: string;
}

/** Records a notice against the policy version current now (the notices are part of that policy). */
async function recordCurrentNotice(
  deps: NoticeDeps,
  input: { borrowerId: number; notice: PrivacyNotice; channel: AcknowledgementChannel; now: Date },
): Promise<PolicyVersion> {
  const version = await currentPolicyVersion(deps.db, {
    site: deps.site,
    now: input.now,
    timeZone: deps.timeZone,
  });
  await acknowledgeNotice(deps.db, { ...input, version });
  return version;
}

/**
 * The sign-up's acknowledgement: the landing page shows the policy beside the form (its agreement
 * link), so registering acknowledges the version current then, on the 'registration' channel.
 */
export async function acknowledgePolicyAtRegistration(
  deps: NoticeDeps,
  input: { borrowerId: number; now: Date },
): Promise<void> {
  await acknowledgeCurrentPolicy(deps, { ...input, channel: 'registration' });
}

/** Records the policy version current now as acknowledged by the borrower on this channel. */
export async function acknowledgeCurrentPolicy(
  deps: NoticeDeps,
  input: { borrowerId: number; channel: AcknowledgementChannel; now: Date },
): Promise<void> {
  await recordCurrentNotice(deps, { ...input, notice: 'policy' });
}

/**
 * A just-in-time notice shown before data is collected (NPC Circular 2022-02: the identity camera
 * says why it needs the photos before it opens): recorded once per borrower, notice and policy
 * version, so the camera page may call it each time it opens.
 */
export async function recordJustInTimeNotice(
  deps: NoticeDeps,
  input: {
    borrowerId: number;
    notice: Exclude<PrivacyNotice, 'policy'>;
    channel: Exclude<AcknowledgementChannel, 'registration'>;
    now: Date;
  },
): Promise<PolicyVersion> {
  return recordCurrentNotice(deps, input);
}
