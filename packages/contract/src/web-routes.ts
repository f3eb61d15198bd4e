/**
 * Page paths of the web app (D15), shared by the web router and the server, which answers these
 * with the app's HTML and everything else unknown with a 404.
 */
export const webRoutes = {
  officialSite: '/',
  about: '/About',
  policy: '/Policy',
  loanTerms: '/Loan',
  testPreview: '/testPreview',
  promotion: '/promotion',
  customerService: '/customerService',
  complainPage: '/complainPage',
  complainPageNext: '/complainPageNext',
  complaintList: '/complaintList',
  complainDetails: '/complainDetails',
  orderDetails: '/orderDetails',
  loanConfirm: '/loanConfirm',
  newLoanConfirm: '/newLoanConfirm',
  repay: '/repay',
  repayDelay: '/repayDelay',
  repaymentOfCode: '/repaymentOfCode',
  repaymentOfCode2: '/repaymentOfCode2',
  bindBank: '/bindBank',
  loanAgreement: '/loanAgreement',
  /** The Truth in Lending disclosure statement of an offer or an order, printable (D16). */
  disclosure: '/disclosure',
  jointLoginError: '/jointLoginError',
  dragonpayGuide: '/dragonpayGuide',
  carpmm: '/carpmm',
} as const;

export type WebRouteKey = keyof typeof webRoutes;
export type WebRoutePath = (typeof webRoutes)[WebRouteKey];
