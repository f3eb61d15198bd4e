import { LoanConfirmView } from './loan-confirm-view.tsx';

/** /loanConfirm?productId=… (variant 1, the plain calls). */
export function LoanConfirmPage() {
  return <LoanConfirmView variant="plain" />;
}
