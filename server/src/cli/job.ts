import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadCliConfig } from './cli-config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createBlobStorage } from '../lib/create-blob-storage.ts';
import { systemClock } from '../lib/clock.ts';
import { createEphemeralStore } from '../lib/ephemeral/create-store.ts';
import { Metrics } from '../lib/metrics.ts';
import { loadAccountKeyRing, type AccountKeyRing } from '../features/bank-binding/index.ts';
import { createPayoutGateway, type PayoutGateway } from '../features/disbursement/index.ts';
import { createSmsGateway } from '../features/sms/index.ts';
import { createJobLease } from '../jobs/job-lease.ts';
import { listRuns } from '../jobs/job-runs.ts';
import { jobRegistry } from '../jobs/registry.ts';
import {
  describeOutcome,
  exitStatusOf,
  formatRuns,
  ManualInstantRefused,
  runJobNow,
} from '../jobs/run-now.ts';
import { audited } from '../features/operators/index.ts';
import { OPERATOR_USAGE, cliActor, operatorOption } from './cli-actor.ts';
import { outputFormat } from '../lib/output-format.ts';
import { runCli } from './run-cli.ts';

const USAGE = `npm run job -- NAME                 run a scheduled job now (waits for no one: if another
                                     instance is running it, says so and exits 1; if it already
                                     ran for this instant, says so and exits 0)
npm run job -- NAME --as-of ISO      run it for that instant (e.g. 2026-12-21T00:30:00+08:00;
                                     --now ISO is the same). In production only a past instant
                                     within JOB_CATCH_UP_HOURS (catches up a day the scheduler
                                     missed; what it sends goes out now, in the contact hours);
                                     in development and sandbox any instant, the run's clock
                                     starting there (shows what the job does on a later day)
npm run job -- --runs [NAME] [--limit N]   the latest runs (default 20), most recent first
npm run job -- --list                the jobs and their schedules (cron, UTC)

A run started here is written to the operator audit (job.run, with its instant and outcome).
${OPERATOR_USAGE}
Uses the same DATA_DIR / DATABASE_URL (and REDIS_URL for the lease) as the server.`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: {
      runs: { type: 'boolean', default: false },
      list: { type: 'boolean', default: false },
      limit: { type: 'string', default: '20' },
      'as-of': { type: 'string' },
      // The same as --as-of, under the name the reminders' runbook uses.
      now: { type: 'string' },
      ...operatorOption,
      help: { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  const name = positionals[0];
  if (values.help || (!name && !values.runs && !values.list)) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  if (values.list) {
    for (const job of jobRegistry) console.log(`${job.name.padEnd(28)} ${job.schedule}`);
    return 0;
  }
  const job = name ? jobRegistry.find((candidate) => candidate.name === name) : undefined;
  if (name && !job) {
    console.error(`No job "${name}". Jobs: ${jobRegistry.map((known) => known.name).join(', ')}`);
    return 2;
  }

  const asOfText = values['as-of'] ?? values.now;
  const asOf = asOfText === undefined ? undefined : new Date(asOfText);
  if (asOf && Number.isNaN(asOf.getTime())) {
    console.error(`--as-of (--now) takes an ISO instant, not "${asOfText}".\n\n${USAGE}`);
    return 2;
  }
  const config = await loadCliConfig();
  const { db } = createDatabase(config);
  const store = createEphemeralStore(config, db, systemClock);
  const lease = createJobLease(config, db, systemClock);
  try {
    await migrateToLatest(db);
    if (values.runs) {
      const limit = Number(values.limit);
      const runs = await listRuns(db, {
        job: name,
        limit: Number.isSafeInteger(limit) && limit > 0 ? limit : 20,
      });
      console.log(runs.length ? formatRuns(runs, outputFormat(config)) : 'No job runs recorded yet.');
      return 0;
    }
    const storage = createBlobStorage(config);
    const log = pino({ level: config.logLevel });
    // Opened only when a job reads it (one that opens a payment account): in production a missing
    // ACCOUNT_KEY then stops that job alone, not every other one.
    let ring: AccountKeyRing | undefined;
    const openRing = () => (ring ??= loadAccountKeyRing(config, (message) => console.warn(message)));
    const accountKeys: AccountKeyRing = {
      get currentId() {
        return openRing().currentId;
      },
      get keys() {
        return openRing().keys;
      },
    };
    // Made only when a job pays (the resume jobs), like the key ring: in production a missing
    // PAYOUT_PROVIDER then stops those jobs alone.
    let gateway: PayoutGateway | undefined;
    const openGateway = () => (gateway ??= createPayoutGateway(config, systemClock));
    const payouts: PayoutGateway = {
      get name() {
        return openGateway().name;
      },
      send: (request) => openGateway().send(request),
    };
    const smsGateway = createSmsGateway(config, db, systemClock);
    // Counted like a server's run, though nobody scrapes a CLI run: the job's own record says what it did.
    const metrics = new Metrics();
    // The real clock: runJobNow gives a run for another instant the clock its mode allows.
    const clock = systemClock;
    const deps = { db, clock, store, storage, config, log, lease, accountKeys, payouts, smsGateway, metrics };
    const actor = await cliActor(db, values.operator);
    const outcome = await runJobNow(deps, job!, asOf);
    const described = describeOutcome(job!.name, outcome);
    // A manual run changes what the scheduler would (orders, penalties, messages): audited like
    // every other change made from the command line (decision 0102).
    await audited({ db, clock }, actor, async () => ({
      result: undefined,
      audit: {
        action: 'job.run',
        subject: `job:${job!.name}`,
        before: null,
        after: { asOf: asOf?.toISOString() ?? null, outcome: described },
      },
    }));
    console.log(described);
    return exitStatusOf(outcome);
  } finally {
    await lease.close();
    await store.close();
    await db.destroy();
  }
}

runCli(main, { usage: USAGE, refusals: [ManualInstantRefused] });
