// Borrowers: registration and lookup, and the market's phone rule. The public module.
export {
  createBorrower,
  findBorrower,
  findBorrowerByPhone,
  findOrCreateBorrower,
  isRegistered,
  setBorrowerName,
} from './borrower-repository.ts';
export { lockBorrower } from './borrower-lock.ts';
export { requirePhone } from './phone.ts';
export { BORROWER_SEARCH_LIMIT, searchBorrowers, searchKind, type BorrowerHit } from './borrower-search.ts';
