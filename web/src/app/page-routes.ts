import type { WebRoutePath } from '@kwarta/contract';

/**
 * Every page of the app: the path it answers (a D15 path from the contract), the module that
 * renders it and the module's export that is the page. Data only, no code: routes.ts loads the
 * pages from it, and the build imports it to tell the files each page needs (web/build).
 */
export interface PageRoute {
  path: WebRoutePath;
  /** From this folder, as routes.ts imports it. */
  module: string;
  page: string;
}

export const pageRoutes: readonly PageRoute[] = [
  { path: '/testPreview', module: '../features/test-preview/test-preview-page.tsx', page: 'TestPreviewPage' },
  {
    path: '/customerService',
    module: '../features/customer-service/customer-service-page.tsx',
    page: 'CustomerServicePage',
  },
  { path: '/myData', module: '../features/my-data/my-data-page.tsx', page: 'MyDataPage' },
  { path: '/complainPage', module: '../features/complaints/complain-page.tsx', page: 'ComplainPage' },
  {
    path: '/complainPageNext',
    module: '../features/complaints/complain-page-next.tsx',
    page: 'ComplainPageNext',
  },
  {
    path: '/complaintList',
    module: '../features/complaints/complaint-list-page.tsx',
    page: 'ComplaintListPage',
  },
  {
    path: '/complainDetails',
    module: '../features/complaints/complain-details-page.tsx',
    page: 'ComplainDetailsPage',
  },
  {
    path: '/orderDetails',
    module: '../features/order-details/order-details-page.tsx',
    page: 'OrderDetailsPage',
  },
  {
    path: '/jointLoginError',
    module: '../features/order-details/joint-login-error-page.tsx',
    page: 'JointLoginErrorPage',
  },
  { path: '/loanConfirm', module: '../features/loan-confirm/loan-confirm-page.tsx', page: 'LoanConfirmPage' },
  {
    path: '/newLoanConfirm',
    module: '../features/loan-confirm/new-loan-confirm-page.tsx',
    page: 'NewLoanConfirmPage',
  },
  {
    path: '/loanAgreement',
    module: '../features/loan-confirm/loan-agreement-page.tsx',
    page: 'LoanAgreementPage',
  },
  { path: '/disclosure', module: '../features/loan-confirm/disclosure-page.tsx', page: 'DisclosurePage' },
  {
    path: '/carpmm',
    module: '../features/legacy-repayment/legacy-repayment-page.tsx',
    page: 'LegacyRepaymentPage',
  },
  { path: '/newPlan', module: '../features/new-plan/new-plan-page.tsx', page: 'NewPlanPage' },
  { path: '/identity', module: '../features/identity/identity-page.tsx', page: 'IdentityPage' },
  { path: '/bindBank', module: '../features/bank-binding/bind-bank-page.tsx', page: 'BindBankPage' },
  { path: '/repay', module: '../features/repayment/repay-page.tsx', page: 'RepayPage' },
  { path: '/repayDelay', module: '../features/repayment/repay-delay-page.tsx', page: 'RepayDelayPage' },
  {
    path: '/repaymentOfCode',
    module: '../features/repayment/repayment-of-code-page.tsx',
    page: 'RepaymentOfCodePage',
  },
  {
    path: '/repaymentOfCode2',
    module: '../features/repayment/repayment-of-code2-page.tsx',
    page: 'RepaymentOfCode2Page',
  },
];
