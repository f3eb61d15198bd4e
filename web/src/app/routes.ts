import type { ComponentType } from 'react';
import type { WebRoutePath } from '@kwarta/contract';

/**
 * Every page of the app, each loaded on demand so a route's first load carries only its own
 * code (DESIGN §4 budget). Paths are the D15 paths from the contract; scripts/budget.mjs reads
 * the path/import pairs from this file, so keep one entry per line pair as below.
 */
export interface RouteEntry {
  path: WebRoutePath;
  load: () => Promise<ComponentType>;
}

export const routes: RouteEntry[] = [
  {
    path: '/testPreview',
    load: () => import('../features/test-preview/test-preview-page.tsx').then((m) => m.TestPreviewPage),
  },
  {
    path: '/customerService',
    load: () =>
      import('../features/customer-service/customer-service-page.tsx').then((m) => m.CustomerServicePage),
  },
  {
    path: '/complainPage',
    load: () => import('../features/complaints/complain-page.tsx').then((m) => m.ComplainPage),
  },
  {
    path: '/complainPageNext',
    load: () => import('../features/complaints/complain-page-next.tsx').then((m) => m.ComplainPageNext),
  },
  {
    path: '/complaintList',
    load: () => import('../features/complaints/complaint-list-page.tsx').then((m) => m.ComplaintListPage),
  },
  {
    path: '/complainDetails',
    load: () => import('../features/complaints/complain-details-page.tsx').then((m) => m.ComplainDetailsPage),
  },
  {
    path: '/orderDetails',
    load: () => import('../features/order-details/order-details-page.tsx').then((m) => m.OrderDetailsPage),
  },
  {
    path: '/jointLoginError',
    load: () =>
      import('../features/order-details/joint-login-error-page.tsx').then((m) => m.JointLoginErrorPage),
  },
  {
    path: '/loanConfirm',
    load: () => import('../features/loan-confirm/loan-confirm-page.tsx').then((m) => m.LoanConfirmPage),
  },
  {
    path: '/newLoanConfirm',
    load: () =>
      import('../features/loan-confirm/new-loan-confirm-page.tsx').then((m) => m.NewLoanConfirmPage),
  },
  {
    path: '/loanAgreement',
    load: () => import('../features/loan-confirm/loan-agreement-page.tsx').then((m) => m.LoanAgreementPage),
  },
  {
    path: '/carpmm',
    load: () =>
      import('../features/legacy-repayment/legacy-repayment-page.tsx').then((m) => m.LegacyRepaymentPage),
  },
  {
    path: '/bindBank',
    load: () => import('../features/bank-binding/bind-bank-page.tsx').then((m) => m.BindBankPage),
  },
  {
    path: '/repay',
    load: () => import('../features/repay/repay-page.tsx').then((m) => m.RepayPage),
  },
  {
    path: '/repayDelay',
    load: () => import('../features/repay/repay-delay-page.tsx').then((m) => m.RepayDelayPage),
  },
  {
    path: '/repaymentOfCode',
    load: () =>
      import('../features/repayment-of-code/repayment-of-code-page.tsx').then((m) => m.RepaymentOfCodePage),
  },
  {
    path: '/repaymentOfCode2',
    load: () =>
      import('../features/repayment-of-code/repayment-of-code2-page.tsx').then((m) => m.RepaymentOfCode2Page),
  },
];
