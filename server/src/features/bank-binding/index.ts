// Payment accounts (spec §2 "Bank binding", decision 0060): the public module.
export { bankBindingRoutes } from './bank-binding-routes.ts';
export {
  bindAccount,
  defaultPayoutAccount,
  maskedDefaultAccount,
  listPaymentAccounts,
  openPaymentAccount,
  rotateAccountKey,
  type BoundAccount,
  type NewPaymentAccount,
  type PayoutAccount,
  type ProductOpenToBorrower,
} from './payment-accounts.ts';
export {
  AccountKeyMissing,
  accountKeyId,
  createAccountKeyRing,
  loadAccountKeyRing,
  maskAccount,
  openSecret,
  sealSecret,
  type AccountKeyRing,
} from './account-cipher.ts';
export { defaultPayoutAccountId, lookalikePayoutAccountBorrowers } from './shared-accounts.ts';
