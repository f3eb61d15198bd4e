// A back-office journey on a server of the test file's own (its own thresholds or market): the
// server started and stopped with the file, its database for the lender's side of a journey,
// operators signed in at a desk, and a repaying order to act on.
import { afterAll, beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { OPERATOR_SESSION_COOKIE, type OperatorRole } from '@kwarta/contract';
import { loadConfig } from '../../server/src/config.ts';
import { createDatabase } from '../../server/src/db/database.ts';
import {
  createOperator,
  createOperatorSession,
} from '../../server/src/features/operators/operator-repository.ts';
import { repayableOrder } from '../../server/test/support/repayment.ts';
import { addDays } from '@kwarta/domain';
import type { BrowserHandle } from './browser.ts';
import { runScript } from './server-store.ts';
import { E2E_SERVER_MODE, startTestServer, type TestServer } from './test-server.ts';

type Database = ReturnType<typeof createDatabase>['db'];
type Config = ReturnType<typeof loadConfig>;

/** A desk, as the console is used (decision 0080): no touch, room for its tables. */
export const DESK = {
  viewport: { width: 1440, height: 900 },
  screen: { width: 1440, height: 900 },
  deviceScaleFactor: 1,
  isMobile: false,
  hasTouch: false,
} as const;

/**
 * Registers beforeAll/afterAll hooks that start a server with `env` over the e2e mode and stop it
 * when the file is done; use what it returns inside tests.
 */
export function useDeskServer(browser: BrowserHandle, env: Record<string, string>) {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer({ env, verbose: process.env.E2E_VERBOSE === '1' });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });
  const running = () => {
    if (!server) throw new Error('e2e: the desk server is not running (use it inside tests)');
    return server;
  };

  /** Runs `work` on the server's own database, with the configuration the server reads. */
  async function onDatabase<T>(work: (db: Database, config: Config) => Promise<T>): Promise<T> {
    const config = loadConfig({
      ...E2E_SERVER_MODE,
      ...env,
      DATA_DIR: running().dataDir,
      LOG_LEVEL: 'silent',
    });
    const { db } = createDatabase(config);
    try {
      return await work(db, config);
    } finally {
      await db.destroy();
    }
  }

  return {
    get baseUrl() {
      return running().baseUrl;
    },
    onDatabase,
    /**
     * A new operator of this name and role, signed in at a desk in a context of its own; the
     * page's uncaught errors are kept for pageErrors.
     */
    async signIn(name: string, role: OperatorRole): Promise<Page> {
      const token = await onDatabase(async (db) => {
        const now = new Date();
        const operatorId = await createOperator(db, { name, role, now });
        return (await createOperatorSession(db, { operatorId, now })).token;
      });
      const page = await browser.newPage({ ...DESK, userAgent: undefined, acceptDownloads: true });
      await page.context().addCookies([
        {
          name: OPERATOR_SESSION_COOKIE,
          value: token,
          domain: new URL(running().baseUrl).hostname,
          path: '/console',
        },
      ]);
      return page;
    },
    /** A new borrower's disbursed order: one instalment of ₱100,000.00 principal and ₱5,000.00 interest. */
    repayingOrder() {
      return onDatabase((db, config) =>
        repayableOrder({ db, config, clock: { now: () => new Date() } }, { status: 170 }),
      );
    },
    /**
     * A new borrower's order three days past its one instalment (₱100,000.00 principal and
     * ₱5,000.00 interest), overdue with the penalty the daily job accrued for it; `penalty` is
     * what it owes of that.
     */
    async overdueOrder() {
      const order = await onDatabase((db, config) => {
        const now = new Date();
        const firstDue = addDays(now.toISOString().slice(0, 10), -3);
        return repayableOrder({ db, config, clock: { now: () => now } }, { status: 180, firstDue });
      });
      // The daily job as a lender runs it, on this server's store: it accrues the penalty.
      const job = await runScript('server/src/cli/job.ts', ['order-status-daily'], {
        ...E2E_SERVER_MODE,
        ...env,
        DATA_DIR: running().dataDir,
      });
      if (job.code !== 0) throw new Error(`e2e: the daily job failed: ${job.output}`);
      return onDatabase(async (db, config) => {
        const { penalty_amount } = await db
          .selectFrom('orders')
          .select('penalty_amount')
          .where('id', '=', order.orderId)
          .executeTakeFirstOrThrow();
        return { ...order, penalty: penalty_amount, config };
      });
    },
  };
}
