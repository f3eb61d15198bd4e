// The standard reports (decision 0110): aging, expected repayments, disbursement register,
// collections by collector, payments by channel; the console's CSV and `npm run report` share them.
export {
  agingBuckets,
  agingReport,
  collectionsByCollector,
  disbursementRegister,
  expectedRepaymentsReport,
  fromKeptSummaries,
  fromPlanLines,
  paymentsByChannel,
  standardReport,
  standardReportNames,
  type ReportSource,
  type StandardReport,
  type StandardReportName,
} from './standard-reports.ts';
export { formatStandardReport, standardReportCsv } from './report-text.ts';
export { consoleStandardReportCalls } from './report-routes.ts';
