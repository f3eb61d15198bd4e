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
  /** Who the borrower is and one ID, verified before a loan is sent (decision 0108). */
  identity: '/identity',
  /** The borrower's data rights: download, correct, erase or block, and each request's status (decision 0107). */
  myData: '/myData',
  /** A new plan (restructuring) on offer, as a disclosure the borrower accepts (decision 0110). */
  newPlan: '/newPlan',
} as const;

export type WebRouteKey = keyof typeof webRoutes;
export type WebRoutePath = (typeof webRoutes)[WebRouteKey];

const SAME_ORIGIN = 'http://same-origin.invalid';

/**
 * `value` if it is a path on our own origin, else null: what a link or redirect built from a
 * query may point to. A browser drops tabs and line breaks from a URL and reads `\` as `/`, so
 * `/\t/evil` and `/\evil` are `//evil`, another host; any such character is refused, and what is
 * left must resolve to this origin the way a browser would resolve it.
 */
export function sameOriginPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (/[\u0000-\u0020\u007f\\]/.test(value)) return null;
  try {
    return new URL(value, SAME_ORIGIN).origin === SAME_ORIGIN ? value : null;
  } catch {
    return null;
  }
}
