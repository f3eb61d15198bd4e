// Loan confirmation (spec §2 "Loan confirmation page", §7): both variants' calls and the agreements.
export { loanConfirmRoutes } from './loan-confirm-routes.ts';
export { agreementUrl, confirmationData, type ConfirmationData } from './confirmation.ts';
