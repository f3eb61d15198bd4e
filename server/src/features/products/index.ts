// Loan products (spec §2 "Loan confirmation", D16): the catalogue, its quotes and the compliance caps they keep.
export {
  assertProductsComply,
  CapBreachRefusal,
  complianceProfileById,
  profileView,
  recordedProfileView,
} from './compliance.ts';
export { findLoanProduct, loanProductOf, type LoanProduct, requireOpenOffer } from './loan-products.ts';
export { type LoanAsk, type LoanQuote, quoteLoan, quoteTerms } from './loan-quote.ts';
export {
  applyProductChange,
  describeProductChange,
  listProducts,
  previewProduct,
  productView,
  termsFromText,
} from './product-admin.ts';
export { findProductSummary, listProductsExcept, productNames } from './product-reads.ts';
