import type { OperatorRole } from './operators.ts';
import { loanConfirmWireKeys, type WireKeys } from './wire-map.ts';

/**
 * Where each call of spec §7 lives: name, method, path, who may call it. Kept free of schema
 * code so the web app can import it without shipping zod to phones; the shapes are in
 * endpoints/, which pairs each route here with its request and response schemas.
 * Paths are the wire paths (disguised ones spelled as served, D6).
 */
export interface EndpointRoute {
  /** The call's key in its route table (see nameRoutes). */
  name: string;
  summary: string;
  tag: string;
  method: 'GET' | 'POST';
  path: string;
  /**
   * Who may call (the server's caller registry): 'public' anyone; 'borrower' the common session
   * query names a live session (D1); 'operator' a console session whose role is in `roles`.
   */
  auth: 'borrower' | 'public' | 'operator';
  /** Operator calls only: the roles that may make it (admin always may). */
  roles?: readonly OperatorRole[];
  /** 'multipart' for uploads; otherwise form-encoded (POST) or query (GET). */
  encoding?: 'form' | 'multipart';
  /**
   * Set when the call answers something other than the JSON envelope (e.g. the captcha image);
   * 'image/*' when the handler sends the stored image with its own type.
   */
  produces?: 'image/png' | 'image/*' | 'text/csv' | 'text/plain' | 'text/html' | 'application/json';
  /** Disguised response keys of `data` (D6, wire-map.ts), applied by the server and read back by the client. */
  wireKeys?: WireKeys;
  /**
   * The success code on the wire when the spec gives this call another one than '00' (get-sid:
   * integer 0). Readers take both as success (isSuccessCode).
   */
  successCode?: 0;
}

/** A route as its table writes it: the table's key is its name. */
export type RouteEntry = Omit<EndpointRoute, 'name'>;

type NamedRoutes<Table> = { readonly [Name in keyof Table & string]: Table[Name] & { readonly name: Name } };

/** Gives each route of a table its key as `name`, so a call is named once, where it is filed. */
export function nameRoutes<Table extends Record<string, RouteEntry>>(table: Table): NamedRoutes<Table> {
  const named = Object.entries(table).map(([name, route]) => [name, { name, ...route }]);
  return Object.fromEntries(named) as NamedRoutes<Table>;
}

export const routes = nameRoutes({
  contactKfInfo: {
    summary: 'Customer service contact: email and telephone/WhatsApp',
    tag: 'Customer service',
    method: 'POST',
    path: '/v3/personal-center/contact-kf-info',
    auth: 'borrower',
  },
  // Payment accounts (spec §7 "Bank binding")
  cardInit: {
    summary: "The payment-account form of the borrower's market, with the current default account masked",
    tag: 'Bank binding',
    method: 'POST',
    path: '/v3/bind-card/card-init',
    auth: 'borrower',
  },
  bindCardNew: {
    summary: 'Binds a payment account (the filled fields by code); it becomes the default for payouts',
    tag: 'Bank binding',
    method: 'POST',
    path: '/v3/bind-card/bind-card-new',
    auth: 'borrower',
  },
  // Legacy bank-card repayment (spec §7 "Legacy", /carpmm): decision 0075.
  repaymentWay: {
    summary:
      "Legacy repayment: the borrower's bound payment accounts (masked), the amount the server will charge and a repayToken",
    tag: 'Legacy repayment',
    method: 'POST',
    path: '/api/v1/youmi/youmi-api/service/loan/repayment-way',
    auth: 'borrower',
  },
  repaymentCommit: {
    summary:
      'Legacy repayment: commits one repayment per repayToken (a repeat answers 800005) and sends its SMS code; sendMsg=1 resends it',
    tag: 'Legacy repayment',
    method: 'POST',
    path: '/api/v1/youmi/youmi-api/service/loan/repayment-commit',
    auth: 'borrower',
  },
  repaymentConfirm: {
    summary:
      'Legacy repayment: checks the SMS code (800006 when wrong), debits the card and posts the payment once',
    tag: 'Legacy repayment',
    method: 'POST',
    path: '/api/v1/youmi/youmi-api/service/loan/repayment-confirm',
    auth: 'borrower',
  },
  repaymentHuichao: {
    summary: "Legacy repayment: where the borrower repays online instead (the order's repayment page)",
    tag: 'Legacy repayment',
    method: 'POST',
    path: '/api/v1/youmi/youmi-api/service/loan/repayment-huichao',
    auth: 'borrower',
  },
  // Complaints (spec §7 "Complaints and service")
  problemInit: {
    summary: "Complaint home: question types, the chosen order and the borrower's orders",
    tag: 'Complaints',
    method: 'POST',
    path: '/user-problem/problem-init',
    auth: 'borrower',
  },
  uploadProblemImg: {
    summary: 'Upload one evidence image (JPEG, PNG or WebP; re-encoded, metadata stripped)',
    tag: 'Complaints',
    method: 'POST',
    path: '/user-problem/upload-problem-img',
    auth: 'borrower',
    encoding: 'multipart',
  },
  problemSave: {
    summary: 'File a complaint (idempotent per requestId)',
    tag: 'Complaints',
    method: 'POST',
    path: '/user-problem/problem-save',
    auth: 'borrower',
  },
  problemList: {
    summary: "The borrower's complaints in tabs",
    tag: 'Complaints',
    method: 'POST',
    path: '/user-problem/problem-list',
    auth: 'borrower',
  },
  problemDetail: {
    summary: "One complaint with the service agent's reply",
    tag: 'Complaints',
    method: 'POST',
    path: '/user-problem/problem-detail',
    auth: 'borrower',
  },
  saveScore: {
    summary: 'Rate the service that answered a complaint (once, 1-5)',
    tag: 'Complaints',
    method: 'POST',
    path: '/user-problem/save-score',
    auth: 'borrower',
  },
  // Order page (spec §7 "Order page") and the joint-login failure page (spec §7 "Repayment and loan").
  // Repayment (spec §7 "Repayment and loan")
  loanPlayDetail: {
    summary: 'The instalment repayment page: amount and date, detail lines, channels, the open pay code',
    tag: 'Repayment',
    method: 'POST',
    path: '/v3/installment/loan-play-detail',
    auth: 'borrower',
  },
  emphasisMiles: {
    summary: 'The extension (delay) page: fee, next payment date after it, plan, channels, the open pay code',
    tag: 'Repayment',
    method: 'POST',
    path: '/emphasis/miles',
    auth: 'borrower',
  },
  generateVcode: {
    summary:
      "A pay code for the order through the payment provider (the server's own amount; isDelay=1 for an extension); data.payUrl",
    tag: 'Repayment',
    method: 'POST',
    path: '/v3/loan-details/generate-vcode',
    auth: 'borrower',
  },
  loanDetails: {
    summary: "One of the borrower's orders as the order page shows it (status, card, buttons, dialogs)",
    tag: 'Orders',
    method: 'POST',
    path: '/v3/loan-details/loan-details',
    auth: 'borrower',
  },
  eventSave: {
    summary: 'Records a tap on the order page (moduleId 30 Borrow Again, 31 a recommended product)',
    tag: 'Orders',
    method: 'POST',
    path: '/service/event/save',
    auth: 'borrower',
  },
  googleScore: {
    summary: "Records the borrower's app rating (the page always sends 5), once per borrower",
    tag: 'Orders',
    method: 'POST',
    path: '/v3/loan-details/google-score',
    auth: 'borrower',
  },
  googleScoreLater: {
    summary:
      'Records the borrower\'s "Not now" to the app rating: the order page does not ask again for Limits.ratingAskAgainDays (ours)',
    tag: 'Orders',
    method: 'POST',
    path: '/v3/loan-details/google-score-later',
    auth: 'borrower',
  },
  creditReviewRequest: {
    summary:
      'A declined borrower asks a person to review the automatic credit decision on their order (NPC Circular 2022-04, decision 0109); asking again answers the first request (ours)',
    tag: 'Orders',
    method: 'POST',
    path: '/v3/loan-details/credit-review',
    auth: 'borrower',
  },
  productDefine: {
    summary: "A recommended product's link (disguised fields: module, position, product)",
    tag: 'Orders',
    method: 'POST',
    path: '/v3/product/product-define',
    auth: 'borrower',
  },
  unionErrorInfo: {
    summary: 'Joint-login failure page: notice, error message and recommended products',
    tag: 'Orders',
    method: 'POST',
    path: '/service/new/union-error-info',
    auth: 'borrower',
  },
  unionProductTrack: {
    summary: 'Joint-login failure page: records a tap on a recommended product',
    tag: 'Orders',
    method: 'POST',
    path: '/service/new/union-product-track',
    auth: 'borrower',
  },
  unionProductLink: {
    summary: "Joint-login failure page: the tapped product's link",
    tag: 'Orders',
    method: 'POST',
    path: '/service/new/union-product-link',
    auth: 'borrower',
  },
  // Loan confirmation (spec §7 "Repayment and loan"), variant 1 and variant 2 (/gopia/goya, D6).
  loanDetailConfirm: {
    summary: 'Loan confirmation: amount, term, detail lines and the repayment plan of a product',
    tag: 'Loan confirmation',
    method: 'POST',
    path: '/v3/loan-confirm/loan-detail-confirm',
    auth: 'borrower',
  },
  contractList: {
    summary: 'The agreements the borrower accepts on confirmation (scene 3)',
    tag: 'Loan confirmation',
    method: 'POST',
    path: '/v3/contract/contract',
    auth: 'borrower',
  },
  contractJump: {
    summary: 'Where one agreement is read (contract_url)',
    tag: 'Loan confirmation',
    method: 'POST',
    path: '/v3/contract/contract-jump',
    auth: 'borrower',
  },
  loanDetailPush: {
    summary: 'Apply: creates the order in 21 (idempotent per requestId), answers lendDetailsUrl',
    tag: 'Loan confirmation',
    method: 'POST',
    path: '/v3/loan-confirm/loan-detail-push',
    auth: 'borrower',
  },
  goyaConfirm: {
    summary: 'Variant 2 of loan-detail-confirm (disguised keys) plus NewButtonMsg and NewPopMsg',
    tag: 'Loan confirmation',
    method: 'POST',
    path: '/gopia/goya/zumi',
    auth: 'borrower',
    wireKeys: loanConfirmWireKeys,
  },
  goyaContractList: {
    summary: 'Variant 2 of contract (disguised keys; items carry an id)',
    tag: 'Loan confirmation',
    method: 'POST',
    path: '/gopia/goya/lato',
    auth: 'borrower',
    wireKeys: loanConfirmWireKeys,
  },
  goyaContractJump: {
    summary: 'Variant 2 of contract-jump (disguised keys)',
    tag: 'Loan confirmation',
    method: 'POST',
    path: '/gopia/goya/pera',
    auth: 'borrower',
    wireKeys: loanConfirmWireKeys,
  },
  goyaPush: {
    summary: 'Variant 2 of loan-detail-push (disguised keys)',
    tag: 'Loan confirmation',
    method: 'POST',
    path: '/gopia/goya/dala',
    auth: 'borrower',
    wireKeys: loanConfirmWireKeys,
  },
  agreementDocument: {
    summary: 'One agreement rendered from the real terms (the loan agreement or the disclosure statement)',
    tag: 'Loan confirmation',
    method: 'POST',
    path: '/v3/contract/agreement-document',
    auth: 'borrower',
  },
  // Promotion sign-up funnel (spec §7 "Promotion") and the native shell's SMS login (D1).
  channelTemplate: {
    summary: 'Landing configuration of a channel template',
    tag: 'Promotion',
    method: 'GET',
    path: '/api/v2/youmi/service/channel/channel-template',
    auth: 'public',
  },
  trackVisit: {
    summary: 'Records a landing-page visit with its campaign fields',
    tag: 'Promotion',
    method: 'GET',
    path: '/api/v2/youmi/promotion/track-visit',
    auth: 'public',
  },
  getSid: {
    summary: 'Issues a captcha session id (sid)',
    tag: 'Promotion',
    method: 'GET',
    path: '/api/v2/youmi/promotion/get-sid',
    auth: 'public',
    // Spec §7: "code (0 success)".
    successCode: 0,
  },
  getCaptcha: {
    summary: 'A new captcha image (PNG) for the sid; replaces the previous one',
    tag: 'Promotion',
    method: 'GET',
    path: '/api/v2/youmi/promotion/get-captcha',
    auth: 'public',
    produces: 'image/png',
  },
  getSms: {
    summary: 'Checks the captcha and sends a registration SMS code',
    tag: 'Promotion',
    method: 'POST',
    path: '/api/v2/youmi/promotion/get-sms',
    auth: 'public',
  },
  trackClick: {
    summary: 'Records a tap on Apply with its campaign fields',
    tag: 'Promotion',
    method: 'GET',
    path: '/api/v2/youmi/promotion/track-click',
    auth: 'public',
  },
  register: {
    summary: 'Registers a phone (code 11 when already registered)',
    tag: 'Promotion',
    method: 'POST',
    path: '/api/v2/youmi/promotion/register',
    auth: 'public',
  },
  sendLoginCode: {
    summary: 'Native shell login: checks the captcha and sends a login SMS code',
    tag: 'Login',
    method: 'POST',
    path: '/api/v2/youmi/auth/send-login-code',
    auth: 'public',
  },
  smsLogin: {
    summary: 'Native shell login: phone + SMS code → sessionId for the common session query',
    tag: 'Login',
    method: 'POST',
    path: '/api/v2/youmi/auth/sms-login',
    auth: 'public',
  },
} as const satisfies Record<string, RouteEntry>);
