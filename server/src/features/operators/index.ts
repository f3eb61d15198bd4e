// Operators (the console's staff), their sign-in, sessions and the audit log: the public module.
export { operatorCaller } from './operator-caller.ts';
export { operatorDeviceToken, operatorSessionToken } from './operator-cookie.ts';
export {
  createOperator,
  createOperatorSession,
  csrfTokenFor,
  deleteOperatorSession,
  findLiveOperatorSession,
  OPERATOR_SESSION_POLICY,
  type LiveOperatorSession,
  type OperatorSessionTokens,
} from './operator-repository.ts';
export { hashPassword, verifyPassword, PASSWORD_HASH_PARAMS } from './password-hash.ts';
export { findOperatorByName, signInOperator } from './operator-sign-in.ts';
export { matchTotp, newTotpSecret, totpCode, totpStep, totpUri } from './totp.ts';
export { openTotpSecret, rotateTotpSecrets, sealTotpSecret } from './totp-secrets.ts';
export { audited, listAudit, type AuditEntry } from './operator-audit.ts';
export {
  activeCollectorNames,
  changeOperator,
  createOperatorAccount,
  endOperatorSessions,
  listOperators,
  newPasswordHash,
  OperatorChangeRefused,
  operatorSummary,
  removeTotp,
  resetOperatorPassword,
  setUpTotp,
  type OperatorSummary,
} from './operator-accounts.ts';
export {
  changeOperatorAudited,
  createOperatorAudited,
  removeTotpAudited,
  resetOperatorPasswordAudited,
  setUpTotpAudited,
} from './operator-admin.ts';
export { disableDemoOperators, seedDemoOperators, DEMO_OPERATOR_PASSWORD } from './demo-operators.ts';
export { purgeStaleDevices } from './known-devices.ts';
export { failureSummaries, purgeOldSignInFailures, type FailureSummary } from './sign-in-failures.ts';
