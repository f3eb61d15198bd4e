// Borrowers' rights under the Data Privacy Act (decision 0107): the public module.
export { privacyRoutes } from './privacy-routes.ts';
export { declaredPersonalDataReads, registerPersonalDataRead } from './personal-data-reads.ts';
export { applyRetention, type RetentionCounts } from './retention-job.ts';
export { tableRegistry, borrowerDataTables, pseudonymOf } from './borrower-data-registry.ts';
export { buildDataExport } from './data-export.ts';
export {
  acknowledgeCurrentPolicy,
  acknowledgeNotice,
  acknowledgePolicyAtRegistration,
  currentPolicyVersion,
  recordJustInTimeNotice,
} from './privacy-policy.ts';
export { philippineHolidays } from './ph-holidays.ts';
