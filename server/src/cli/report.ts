import { parseArgs } from 'node:util';
import { addDays, calendarDateAt, isCalendarDate, periods, type Period } from '@kwarta/domain';
import { loadCliConfig } from './cli-config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import {
  formatStatement,
  formatTrialBalance,
  orderStatement,
  trialBalance,
} from '../features/ledger/index.ts';
import {
  formatPortfolio,
  rebuildPortfolioSummaries,
  summarizedPortfolio,
} from '../features/portfolio/index.ts';
import { ordersWithMoney } from '../features/orders/index.ts';
import { dailyReconciliation, formatReconciliation } from '../features/reconciliation/index.ts';
import { outputFormat } from '../lib/output-format.ts';
import {
  formatStandardReport,
  standardReport,
  standardReportCsv,
  standardReportNames,
  type StandardReportName,
} from '../features/standard-reports/index.ts';
import { runCli } from './run-cli.ts';

const USAGE = `Ledger and portfolio reports (decision 0099), from the database the server uses (DATA_DIR or DATABASE_URL).

  npm run report -- trial-balance [--date YYYY-MM-DD] [--json]
      each account's balance from the entries dated up to the date (the lender's calendar; default
      every entry), in the lender's codes (LEDGER_ACCOUNTS_FILE), with total debits and total credits
  npm run report -- statement --order <id> [--json]
      every journal line of the order's entries, with what the loan owes after each
  npm run report -- reconcile [--date YYYY-MM-DD] [--json]
      each payment provider's paid payments of the lender's day (default yesterday) against the cash
      the journal booked for them: totals per provider, and every payment with no entry, another
      amount, another day, or cash booked with no paid payment
  npm run report -- portfolio [--period day|week|month] [--from YYYY-MM-DD] [--product <id>] [--utm <tag>] [--json]
      outstanding principal, PAR1/7/30/90, collection rate, first-payment default, disbursed and
      collected per period from --from (default a year ago), repayment curves by disbursement month,
      read from the summaries the money events keep (decision 0111)
  npm run report -- portfolio --rebuild [--check]
      recomputes those summaries from every order's rows; --check changes nothing and lists where the
      kept summaries differ from that recomputation
  npm run report -- aging | expected-repayments | disbursements | collections-by-collector |
                    payments-by-channel [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--csv | --json]
      the standard reports (decision 0110): receivables by days past due, what falls due each day of
      the next four weeks, payouts paid, money received on collectors' loans, money received by
      provider and channel (ranged ones default to the last 30 days); each states the lender's time
      zone and when it was computed

Exit status: 0, or 1 when a trial balance does not balance, a day does not reconcile or the portfolio's
summaries differ from their rows; 2 for a bad call.`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: {
      date: { type: 'string' },
      order: { type: 'string' },
      period: { type: 'string', default: 'month' },
      from: { type: 'string' },
      product: { type: 'string' },
      utm: { type: 'string' },
      json: { type: 'boolean', default: false },
      csv: { type: 'boolean', default: false },
      to: { type: 'string' },
      rebuild: { type: 'boolean', default: false },
      check: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const report = positionals[0];
  const orderId = Number(values.order);
  if (report === 'trial-balance' || report === 'reconcile') {
    if (values.date !== undefined && !isCalendarDate(values.date)) {
      console.error(`--date must be a calendar date YYYY-MM-DD, got "${values.date}".\n\n${USAGE}`);
      return 2;
    }
  } else if (report === 'statement') {
    if (!Number.isSafeInteger(orderId) || orderId <= 0) {
      console.error(`statement needs --order <id>.\n\n${USAGE}`);
      return 2;
    }
  } else if (report === 'portfolio') {
    const product = values.product === undefined ? undefined : Number(values.product);
    if (
      !(periods as readonly string[]).includes(values.period) ||
      (values.from !== undefined && !isCalendarDate(values.from)) ||
      (product !== undefined && !(Number.isSafeInteger(product) && product > 0))
    ) {
      console.error(`portfolio: --period day|week|month, --from YYYY-MM-DD, --product <id>.\n\n${USAGE}`);
      return 2;
    }
    if (values.check && !values.rebuild) {
      console.error(`portfolio: --check goes with --rebuild.\n\n${USAGE}`);
      return 2;
    }
  } else if ((standardReportNames as readonly string[]).includes(report ?? '')) {
    if ([values.from, values.to].some((date) => date !== undefined && !isCalendarDate(date))) {
      console.error(`--from and --to must be calendar dates YYYY-MM-DD.\n\n${USAGE}`);
      return 2;
    }
  } else {
    console.error(
      `Which report? trial-balance, statement, reconcile, portfolio, ${standardReportNames.join(', ')}.\n\n${USAGE}`,
    );
    return 2;
  }

  const config = await loadCliConfig();
  const { db } = createDatabase(config);
  try {
    await migrateToLatest(db);
    const format = outputFormat(config);
    if (report === 'portfolio' && values.rebuild) {
      const started = performance.now();
      const rebuilt = await rebuildPortfolioSummaries(db, {
        orderIds: await ordersWithMoney(db),
        timeZone: config.lenderTimeZone,
        check: values.check,
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        values.check
          ? `Checked the portfolio's summaries against ${rebuilt.orders} orders' rows in ${seconds} s: nothing changed.`
          : `Rebuilt the portfolio's summaries from ${rebuilt.orders} orders' rows in ${seconds} s.`,
      );
      if (rebuilt.differences.length === 0) {
        if (values.check) console.log('The summaries equal their rows.');
        return 0;
      }
      console.log(`${rebuilt.differences.length} differences:`);
      for (const difference of rebuilt.differences) console.log(`  ${difference}`);
      return 1;
    }
    if ((standardReportNames as readonly string[]).includes(report!)) {
      const figures = await standardReport(
        db,
        { timeZone: config.lenderTimeZone, now: new Date() },
        report as StandardReportName,
        { from: values.from, to: values.to },
      );
      const text = values.json
        ? JSON.stringify(figures, null, 2)
        : values.csv
          ? standardReportCsv(figures)
          : formatStandardReport(figures);
      process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
      return 0;
    }
    if (report === 'portfolio') {
      const today = calendarDateAt(new Date(), config.lenderTimeZone);
      const portfolio = await summarizedPortfolio(db, {
        today,
        period: values.period as Period,
        from: values.from ?? addDays(today, -365),
        filter: {
          productId: values.product === undefined ? undefined : Number(values.product),
          utmTag: values.utm,
        },
      });
      console.log(
        values.json ? JSON.stringify(portfolio, null, 2) : formatPortfolio(portfolio, format.money),
      );
      return 0;
    }
    if (report === 'reconcile') {
      const yesterday = addDays(calendarDateAt(new Date(), config.lenderTimeZone), -1);
      const reconciliation = await dailyReconciliation(db, {
        date: values.date ?? yesterday,
        timeZone: config.lenderTimeZone,
      });
      console.log(
        values.json ? JSON.stringify(reconciliation, null, 2) : formatReconciliation(reconciliation, format),
      );
      return reconciliation.mismatches.length === 0 ? 0 : 1;
    }
    if (report === 'statement') {
      const lines = await orderStatement(db, orderId);
      console.log(values.json ? JSON.stringify(lines, null, 2) : formatStatement(orderId, lines, format));
      return 0;
    }
    const balance = await trialBalance(db, { date: values.date ?? null, chart: config.ledgerAccounts });
    console.log(values.json ? JSON.stringify(balance, null, 2) : formatTrialBalance(balance, format));
    return balance.totalDebits === balance.totalCredits ? 0 : 1;
  } finally {
    await db.destroy();
  }
}

runCli(main, { usage: USAGE, failure: 2 });
