import { purgeExpiredEntries } from '../lib/ephemeral/database-store.ts';
import { purgeExpiredSessions } from '../features/sessions/index.ts';
import { purgeUnattachedImages } from '../features/complaints/index.ts';
import { advanceOrdersByDate, overdueStanding } from '../features/orders/index.ts';
import { queueDueReminders } from '../features/due-reminders/index.ts';
import { resumeStalledDisbursements } from '../features/disbursement/index.ts';
import {
  createPaymentProvider,
  reconcilePayments,
  resumeStalledRefunds,
} from '../features/payments/index.ts';
import { createCardDebitProvider, resumeStalledCardRepayments } from '../features/legacy-repayment/index.ts';
import { purgeOldSignInFailures, purgeStaleDevices } from '../features/operators/index.ts';
import { ConsoleSignInLimits } from '@kwarta/contract';
import { deliverQueuedSms } from '../features/sms/index.ts';
import { collectionContactSlots } from '../features/collections/index.ts';
import { applyRetention } from '../features/data-privacy/index.ts';
import type { Job } from './job.ts';

/**
 * Every scheduled job (docs/architecture.md "Adding a job"). Schedules are cron patterns in UTC.
 * A job's work lives in its feature; the entry here says when it runs and what it counts.
 */
export const jobRegistry: readonly Job[] = [
  {
    name: 'purge-expired-sessions',
    schedule: '0 * * * *',
    runAtStart: true,
    async run({ db, clock, config }) {
      return { purged: await purgeExpiredSessions(db, { now: clock.now(), policy: config.session }) };
    },
  },
  {
    // Uploads a borrower never attached to a complaint (D11).
    name: 'purge-unattached-images',
    schedule: '0 * * * *',
    runAtStart: true,
    async run({ db, storage, clock }) {
      return { purged: await purgeUnattachedImages({ db, storage }, clock.now()) };
    },
  },
  {
    // Rate-limit counters, captchas and codes of the database store (nothing to do with Redis).
    name: 'purge-expired-entries',
    schedule: '*/10 * * * *',
    async run({ db, clock }) {
      return { purged: await purgeExpiredEntries(db, clock.now()) };
    },
  },
  {
    // Console sign-in records (decision 0091): failed attempts kept 90 days, known devices as long
    // as their cookie could still come back.
    name: 'purge-sign-in-records',
    schedule: '30 3 * * *',
    async run({ db, clock }) {
      const daysAgo = (days: number) => new Date(clock.now().getTime() - days * 86_400_000);
      return {
        failures: await purgeOldSignInFailures(db, daysAgo(ConsoleSignInLimits.failuresKeptDays)),
        devices: await purgeStaleDevices(db, daysAgo(ConsoleSignInLimits.deviceCookieDays)),
      };
    },
  },
  {
    // 170 → 174 → 180 by the due date and the late penalty, once per order and lender's day (D2).
    // Hourly, so the first run after the lender's midnight (any LENDER_TIME_ZONE) does the day;
    // later runs that day add nothing. Running at start catches up after downtime.
    name: 'order-status-daily',
    schedule: '5 * * * *',
    runAtStart: true,
    async run({ db, config }, { scheduledAt }) {
      return { ...(await advanceOrdersByDate({ db, config }, scheduledAt)) };
    },
  },
  {
    // Pending payments: asks the provider about each (a lost postback) and expires the stale (D8).
    name: 'reconcile-payments',
    schedule: '*/15 * * * *',
    runAtStart: true,
    async run({ db, clock, config, metrics }) {
      const provider = createPaymentProvider(config);
      return { ...(await reconcilePayments({ db, clock, config, metrics, provider })) };
    },
  },
  {
    // /carpmm card repayments a crash left `paying`: debited again under their txnid (idempotent)
    // and posted, which frees the order for the next repayment (decision 0075).
    name: 'resume-card-repayments',
    schedule: '*/5 * * * *',
    runAtStart: true,
    async run(deps) {
      const cardDebit = createCardDebitProvider(deps.config);
      // Without a card provider no repayment was ever debited, so none can be left `paying`.
      return cardDebit ? { ...(await resumeStalledCardRepayments({ ...deps, cardDebit })) } : {};
    },
  },
  {
    // Disbursements a crash (or a payout call that threw) left `sending`: asked again under
    // their reference (idempotent) and recorded, which frees the order (decision 0052).
    name: 'resume-disbursements',
    schedule: '*/5 * * * *',
    runAtStart: true,
    async run(deps) {
      return { ...(await resumeStalledDisbursements(deps)) };
    },
  },
  {
    // Returns of held payments a throw or crash left `returning`: the same, for refunds (0080).
    name: 'resume-refunds',
    schedule: '*/5 * * * *',
    runAtStart: true,
    async run(deps) {
      return { ...(await resumeStalledRefunds(deps)) };
    },
  },
  {
    // Due-date reminders (decision 0097): today's are queued once per line and day, then a first
    // delivery pass. Every 15 minutes, so a day's reminders go out at the first run in the lawful
    // hours; those queued outside them wait for 06:00.
    name: 'due-reminders',
    schedule: '*/15 * * * *',
    runAtStart: true,
    async run(deps, { scheduledAt }) {
      const { queued } = await queueDueReminders(deps, scheduledAt);
      return { queued, ...(await deliverQueuedSms(deps, overdueStanding, collectionContactSlots)) };
    },
  },
  {
    // Queued messages and their retries, a minute's worth of the provider's rate each minute.
    name: 'deliver-sms',
    schedule: '* * * * *',
    async run(deps) {
      return { ...(await deliverQueuedSms(deps, overdueStanding, collectionContactSlots)) };
    },
  },
  {
    // Retention (decision 0107): anonymises borrowers whose records' period ended, erases old SMS
    // recipients and taps, finishes erasures an open loan held. Leased like every job; idempotent.
    name: 'retention',
    schedule: '40 3 * * *',
    async run({ db, storage, config }, { scheduledAt }) {
      return applyRetention(
        { db, storage, retention: config.retention, timeZone: config.lenderTimeZone },
        { now: scheduledAt },
      );
    },
  },
];
