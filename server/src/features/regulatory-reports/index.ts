// Regulatory reports (decision 0106, DESIGN D24): the CIC's monthly submission file, its layout as
// data, its validator and the history of files generated. Owns cic_submissions; reads the book
// through the orders feature's read model and borrowers' verified identities through the identity
// feature's.
export { CIC_LAYOUT_VERSION, cicCodeTables, cicLayout } from './cic-layout.ts';
export { type CicIdentity, type CicIdentitySource } from './cic-records.ts';
export { cicIdentityOf, verifiedIdentitySource } from './cic-identities.ts';
export { CicValidator, type CicError, type CicRule, type CicValidation } from './cic-validator.ts';
export {
  CicRequestError,
  generateCicFile,
  type CicGenerateOptions,
  type CicGenerateResult,
} from './cic-submission.ts';
export {
  findCicSubmission,
  listCicSubmissions,
  markCicSubmissionSent,
  type CicSubmission,
} from './cic-history.ts';
export { regulatoryReportCalls } from './regulatory-report-routes.ts';
