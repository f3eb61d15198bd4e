import path from 'node:path';
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
import { CicRequestError, generateCicFile } from '../features/regulatory-reports/index.ts';
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

  npm run report -- cic --month YYYY-MM [--out DIR] [--correction]
      the Credit Information Corporation's monthly submission file (decision 0106) of a month that
      has ended, <CIC_PROVIDER_CODE>_CSDF_<YYYYMMDDhhmmss>.txt in DIR (default DATA_DIR/cic), validated
      first: while an error stands no file is written and the errors are listed; --correction makes
      a correction file (submission type 1). Each file is kept in the submission history.

Exit status: 0, or 1 when a trial balance does not balance, a day does not reconcile, the portfolio's
summaries differ from their rows or a CIC file does not validate; 2 for a bad call.`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: {
      date: { type: 'string' },
      order: { type: 'string' },
      period: { type: 'string', default: 'month' },
      from: { type: 'string' },
      product: { type: 'string' },
      utm: { type: 'string' },
      month: { type: 'string' },
      out: { type: 'string' },
      correction: { type: 'boolean', default: false },
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
  } else if (report === 'cic') {
    if (values.month === undefined || !/^\d{4}-(0[1-9]|1[0-2])$/.test(values.month)) {
      console.error(`cic needs --month YYYY-MM.\n\n${USAGE}`);
      return 2;
    }
  } else {
    console.error(
      `Which report? trial-balance, statement, reconcile, portfolio, cic, ${standardReportNames.join(', ')}.\n\n${USAGE}`,
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
          : formatStandardReport(figures, format);
      process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
      return 0;
    }
    if (report === 'cic') return await cicReport(db, config, values);
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

async function cicReport(
  db: Parameters<typeof generateCicFile>[0],
  config: Awaited<ReturnType<typeof loadCliConfig>>,
  values: { month?: string; out?: string; correction: boolean },
): Promise<number> {
  if (!config.cicProviderCode) {
    console.error('Set CIC_PROVIDER_CODE to the provider code the CIC assigned before making its file.');
    return 2;
  }
  try {
    const result = await generateCicFile(db, {
      month: values.month!,
      correction: values.correction,
      providerCode: config.cicProviderCode,
      outDir: values.out ?? path.join(config.dataDir, 'cic'),
      timeZone: config.lenderTimeZone,
      now: new Date(),
      generatedBy: 'cli',
    });
    if (result.ok) {
      const { submission } = result;
      console.log(
        `${submission.filePath}\n${submission.subjects} borrowers, ${submission.contracts} contracts, ${submission.byteSize} bytes, sha256 ${submission.sha256}`,
      );
      return 0;
    }
    console.error(
      `No file written: ${result.errorCount} error(s) in ${result.subjects} borrowers and ${result.contracts} contracts.`,
    );
    for (const error of result.errors)
      console.error(
        `line ${error.line} ${error.record} ${error.field ?? ''} [${error.rule}] ${error.message}`,
      );
    if (result.errorCount > result.errors.length)
      console.error(`… and ${result.errorCount - result.errors.length} more.`);
    return 1;
  } catch (error) {
    if (!(error instanceof CicRequestError)) throw error;
    console.error(error.message);
    return 2;
  }
}

runCli(main, { usage: USAGE, failure: 2 });
