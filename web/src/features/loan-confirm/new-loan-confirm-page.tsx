import { LoanConfirmView } from './loan-confirm-view.tsx';

/** /newLoanConfirm?productId=… (variant 2: /gopia/goya calls, the promo popup, failures toasted). */
export function NewLoanConfirmPage() {
  return <LoanConfirmView variant="goya" />;
}
