// The AML register (decision 0112): suspicious flags, covered transactions, the AMLC export.
export { amlConsoleRoutes } from './aml-console-routes.ts';
export {
  flagSuspicious,
  listAmlRecords,
  markReported,
  recordCoveredTransaction,
  REPORT_WITHIN_WORKING_DAYS,
  type AmlRecordView,
} from './aml-register.ts';
