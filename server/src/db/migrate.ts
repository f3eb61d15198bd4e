import { Migrator, type Kysely, type Migration } from 'kysely';
import { DatabaseSetupError } from './errors.ts';
import * as foundation from './migrations/2026-11-22-01-foundation.ts';
import * as promotion from './migrations/2026-11-22-02-promotion.ts';
import * as complaints from './migrations/2026-11-22-03-complaints.ts';
import * as callers from './migrations/2026-11-23-10-callers.ts';
import * as jobs from './migrations/2026-11-23-20-jobs.ts';
import * as templateAmounts from './migrations/2026-11-23-25-template-amounts.ts';
import * as borrow from './migrations/2026-11-23-30-borrow.ts';
import * as orderDetails from './migrations/2026-11-23-40-order-details.ts';
import * as paymentAccounts from './migrations/2026-11-23-50-payment-accounts.ts';
import * as disbursements from './migrations/2026-11-23-55-disbursements.ts';
import * as payments from './migrations/2026-11-23-60-payments.ts';
import * as legacyRepayments from './migrations/2026-11-23-65-legacy-repayments.ts';
import * as console_ from './migrations/2026-11-23-70-console.ts';
import * as paymentReview from './migrations/2026-11-23-75-payment-review.ts';
import * as operatorSignIn from './migrations/2026-11-23-80-operator-sign-in.ts';
import * as compliance from './migrations/2026-11-25-10-compliance.ts';
import * as brand from './migrations/2026-11-25-20-brand.ts';
import * as smsMessages from './migrations/2026-11-25-30-sms-messages.ts';
import * as collections from './migrations/2026-11-25-40-collections.ts';
import * as ledger from './migrations/2026-11-26-10-ledger.ts';
import * as paymentReceivedAt from './migrations/2026-11-26-35-payment-received-at.ts';
import * as journalAppendOnly from './migrations/2026-11-27-20-journal-append-only.ts';
import * as whiteLabel from './migrations/2026-11-27-60-white-label.ts';
import * as appRatingDeclines from './migrations/2026-11-27-70-app-rating-declines.ts';
import * as writtenOffStatus from './migrations/2026-11-27-30-written-off-status.ts';
import * as creditDecisions from './migrations/2026-11-28-40-credit-decisions.ts';
import * as identity from './migrations/2026-11-28-30-identity.ts';
import * as dataPrivacy from './migrations/2026-11-28-20-data-privacy.ts';
import * as moneyActions from './migrations/2026-11-28-50-money-actions.ts';
import * as portfolioSummaries from './migrations/2026-11-28-60-portfolio-summaries.ts';
import * as cicSubmissions from './migrations/2026-11-28-10-cic-submissions.ts';
import * as identitySex from './migrations/2026-11-29-40-identity-sex.ts';
import * as amlRegister from './migrations/2026-11-29-50-aml-register.ts';
import * as cicDownloadLog from './migrations/2026-11-29-60-cic-download-log.ts';
import * as collectionContactCounts from './migrations/2026-11-29-70-collection-contact-counts.ts';
import * as openOrdersByOrder from './migrations/2026-11-29-80-open-orders-by-order.ts';
import * as borrowerNotes from './migrations/2026-11-29-90-borrower-notes.ts';
import * as productRetired from './migrations/2026-11-30-30-product-retired.ts';
import * as keptReportSummaries from './migrations/2026-11-30-40-kept-report-summaries.ts';

/**
 * Migrations are listed here rather than read from a folder, so they work the same from source
 * (tsx) and from a bundle. Names are ISO-date-prefixed and sort in the order they run.
 */
const migrations: Record<string, Migration> = {
  '2026-11-22-01-foundation': foundation,
  '2026-11-22-02-promotion': promotion,
  '2026-11-22-03-complaints': complaints,
  '2026-11-23-10-callers': callers,
  '2026-11-23-20-jobs': jobs,
  '2026-11-23-25-template-amounts': templateAmounts,
  '2026-11-23-30-borrow': borrow,
  '2026-11-23-40-order-details': orderDetails,
  '2026-11-23-50-payment-accounts': paymentAccounts,
  '2026-11-23-55-disbursements': disbursements,
  '2026-11-23-60-payments': payments,
  '2026-11-23-65-legacy-repayments': legacyRepayments,
  '2026-11-23-70-console': console_,
  '2026-11-23-75-payment-review': paymentReview,
  '2026-11-23-80-operator-sign-in': operatorSignIn,
  '2026-11-25-10-compliance': compliance,
  '2026-11-25-20-brand': brand,
  '2026-11-25-30-sms-messages': smsMessages,
  '2026-11-25-40-collections': collections,
  '2026-11-26-10-ledger': ledger,
  '2026-11-26-35-payment-received-at': paymentReceivedAt,
  '2026-11-27-20-journal-append-only': journalAppendOnly,
  '2026-11-27-60-white-label': whiteLabel,
  '2026-11-27-70-app-rating-declines': appRatingDeclines,
  '2026-11-27-30-written-off-status': writtenOffStatus,
  '2026-11-28-40-credit-decisions': creditDecisions,
  '2026-11-28-30-identity': identity,
  '2026-11-28-20-data-privacy': dataPrivacy,
  '2026-11-28-50-money-actions': moneyActions,
  '2026-11-28-60-portfolio-summaries': portfolioSummaries,
  '2026-11-28-10-cic-submissions': cicSubmissions,
  '2026-11-29-40-identity-sex': identitySex,
  '2026-11-29-50-aml-register': amlRegister,
  '2026-11-29-60-cic-download-log': cicDownloadLog,
  '2026-11-29-70-collection-contact-counts': collectionContactCounts,
  '2026-11-29-80-open-orders-by-order': openOrdersByOrder,
  '2026-11-29-90-borrower-notes': borrowerNotes,
  '2026-11-30-30-product-retired': productRetired,
  '2026-11-30-40-kept-report-summaries': keptReportSummaries,
};

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (!error) return;
  // Kysely reports the migration that failed, or those it did not get to; neither when the
  // database never answered (then no migration ran, and the message says why).
  const failed = results?.find((result) => result.status === 'Error')?.migrationName;
  const next = results?.find((result) => result.status === 'NotExecuted')?.migrationName;
  const what = failed
    ? `Migration ${failed} failed`
    : next
      ? `Migrating the database failed before ${next}`
      : 'Migrating the database failed before any migration ran';
  throw new DatabaseSetupError(`${what}: ${error instanceof Error ? error.message : String(error)}`, {
    cause: error,
  });
}
