/**
 * Operator roles (the console): what each may do is decided on the server per call
 * (`roles` on an operator endpoint); admin may make every operator call.
 * viewer: reads · agent: complaints · credit: approve, reject · finance: disburse, held payments ·
 * collector: overdue orders (contacts, promises, approved SMS; decision 0098) ·
 * compliance: identity review, sanctions hits and the AML register (decision 0108) ·
 * dpo: the data protection officer's desk (requests, access log, breaches; decision 0107) ·
 * admin: operators, products, channel templates, settings.
 */
export const operatorRoles = [
  'viewer',
  'agent',
  'credit',
  'finance',
  'collector',
  'compliance',
  'dpo',
  'admin',
] as const;
export type OperatorRole = (typeof operatorRoles)[number];

export function isOperatorRole(value: unknown): value is OperatorRole {
  return (operatorRoles as readonly unknown[]).includes(value);
}

/** The console's CSRF header: every operator write sends its session's token in it. */
export const CSRF_HEADER = 'x-csrf-token';
/**
 * What the sign-in sends in CSRF_HEADER, having no session yet. The header's presence is the
 * check: a page of another site can post a form but cannot add a header (that needs CORS, which
 * the console never grants), so it cannot sign a browser in and replace its known-device cookie.
 */
export const SIGN_IN_CSRF_TOKEN = 'sign-in';
/** The operator session cookie (HttpOnly, Secure, SameSite=Strict). */
export const OPERATOR_SESSION_COOKIE = 'kwarta_operator';
/**
 * The known-device cookie a good sign-in leaves (HttpOnly, Path=/console/api/sign-in): with it, an
 * operator's attempt is judged by its own device limit, not the account and address limits
 * someone else can exhaust (decision 0091).
 */
export const OPERATOR_DEVICE_COOKIE = 'kwarta_operator_device';

/**
 * Who may do what in the console: each console route's `roles` is one of these groups (admin is
 * implied), and the console's menu shows a section only to the roles its reading call admits, so
 * the screen never offers what the server would refuse.
 */
export const ConsoleRoles = {
  anyone: ['viewer', 'agent', 'credit', 'finance', 'collector', 'compliance', 'dpo'],
  /** The order queue and order page. */
  readOrders: ['viewer', 'agent', 'credit', 'finance', 'collector', 'compliance'],
  /** Borrower search and profile: whoever reads orders, masked by rolesSeeingWhole. */
  readBorrowers: ['viewer', 'agent', 'credit', 'finance', 'collector', 'compliance'],
  /** Add an operator note to a borrower's profile (append-only): those who deal with the borrower. */
  noteBorrowers: ['agent', 'credit', 'finance', 'collector', 'compliance'],
  decideOrders: ['credit'],
  disburseOrders: ['finance'],
  /** Accept or return a payment held for review (the amount paid differed from the one asked). */
  reviewPayments: ['finance'],
  readComplaints: ['viewer', 'agent'],
  replyComplaints: ['agent'],
  readFunnel: ['viewer'],
  /** The collections queue and an order's collections panel (the viewer read-only, decision 0098). */
  readCollections: ['viewer', 'collector'],
  /** Record a contact or a promise, take an unassigned order, send an approved SMS. */
  collect: ['collector'],
  /** CSV exports of orders, payments and the journal (decision 0099): the books are finance's. */
  exportData: ['finance'],
  /** The portfolio (at risk, flows, cohorts) and the ledger's reports. */
  readReports: ['finance'],
  /** The identity review queue, approve or reject an identity (0108), the AML register (0112). */
  reviewIdentity: ['compliance'],
  /** Borrowers' data requests, the access log of personal data, the breach register (decision 0107). */
  protectData: ['dpo'],
  /**
   * The CIC's monthly submission file (decision 0106): finance sends the books; a compliance role,
   * when the console has one, joins here.
   */
  regulatoryReports: ['finance', 'compliance'],
  /** Products, channel templates, service contacts, operators, the audit log. */
  administer: ['admin'],
  /** Decision models: read, draft, simulate, activate and roll back (decision 0109). */
  manageCreditModels: ['credit'],
} as const satisfies Record<string, readonly OperatorRole[]>;

/**
 * Who sees a borrower's detail whole; every other role sees its last four digits. One rule for
 * every masked detail, so the reason a role sees one is written next to it.
 */
export const rolesSeeingWhole = {
  /** They call borrowers. */
  phone: ['agent', 'credit', 'collector', 'admin'],
  /** They pay it: disbursements and returns of held payments go to it. */
  accountNumber: ['finance', 'admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type MaskedDetail = keyof typeof rolesSeeingWhole;

export function seesWhole(role: OperatorRole, detail: MaskedDetail): boolean {
  return (rolesSeeingWhole[detail] as readonly OperatorRole[]).includes(role);
}

export function mayAct(role: OperatorRole, allowed: readonly OperatorRole[]): boolean {
  return role === 'admin' || allowed.includes(role);
}

export const consoleSections = [
  { key: 'dashboard', label: 'Dashboard', roles: ConsoleRoles.anyone },
  { key: 'orders', label: 'Orders', roles: ConsoleRoles.readOrders },
  { key: 'borrowers', label: 'Borrowers', roles: ConsoleRoles.readBorrowers },
  { key: 'payments', label: 'Payments', roles: ConsoleRoles.readOrders },
  { key: 'complaints', label: 'Complaints', roles: ConsoleRoles.readComplaints },
  { key: 'funnel', label: 'Funnel', roles: ConsoleRoles.readFunnel },
  { key: 'collections', label: 'Collections', roles: ConsoleRoles.readCollections },
  { key: 'portfolio', label: 'Portfolio', roles: ConsoleRoles.readReports },
  { key: 'ledger', label: 'Ledger', roles: ConsoleRoles.readReports },
  { key: 'reports', label: 'Standard reports', roles: ConsoleRoles.readReports },
  { key: 'approvals', label: 'Approvals', roles: ConsoleRoles.reviewPayments },
  { key: 'decision-models', label: 'Decision models', roles: ConsoleRoles.manageCreditModels },
  { key: 'privacy', label: 'Data privacy', roles: ConsoleRoles.protectData },
  { key: 'identity', label: 'Identity review', roles: ConsoleRoles.reviewIdentity },
  { key: 'aml', label: 'AML register', roles: ConsoleRoles.reviewIdentity },
  { key: 'regulatory', label: 'Regulatory reports', roles: ConsoleRoles.regulatoryReports },
  { key: 'products', label: 'Products', roles: ConsoleRoles.administer },
  { key: 'templates', label: 'Channel templates', roles: ConsoleRoles.administer },
  { key: 'collection-templates', label: 'Collection SMS', roles: ConsoleRoles.administer },
  { key: 'service', label: 'Service contacts', roles: ConsoleRoles.administer },
  { key: 'brand', label: 'Brand', roles: ConsoleRoles.administer },
  { key: 'operators', label: 'Operators', roles: ConsoleRoles.administer },
  { key: 'audit', label: 'Audit log', roles: ConsoleRoles.administer },
] as const;

export type ConsoleSection = (typeof consoleSections)[number]['key'];

/** The menu a role sees, in order. */
export function consoleMenu(role: OperatorRole): ConsoleSection[] {
  return consoleSections.filter((section) => mayAct(role, section.roles)).map((section) => section.key);
}

/**
 * An operator password's least length, checked by the one use case the console and
 * `npm run operator` share (features/operators/operator-accounts.ts) and by the console's form.
 */
export const OPERATOR_PASSWORD_MIN_LENGTH = 12;

/** Operator names: what a person types at sign-in and the audit log shows; no spaces. */
export const OPERATOR_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{1,63}$/;

/**
 * Console sign-in throttling (decision 0091). Attempts without the operator's known-device cookie:
 * per account and per address, one-minute windows. With it: only the device's own count, so
 * strangers exhausting the account or the address cannot lock its owner out, while a stolen
 * cookie guesses slower (40 an hour) than the account limit allows anyone (300 an hour).
 */
export const ConsoleSignInLimits = {
  windowMs: 60_000,
  /** The sixth attempt on one account within a minute is refused unread. */
  attemptsPerAccount: 5,
  attemptsPerAddress: 30,
  deviceWindowMs: 15 * 60_000,
  /** The eleventh attempt from one known device within 15 minutes is refused unread. */
  attemptsPerDevice: 10,
  /** The known-device cookie lasts this long after the last good sign-in from it. */
  deviceCookieDays: 180,
  /** Failed attempts are kept this long (the purge-sign-in-records job). */
  failuresKeptDays: 90,
  /** The operators screen counts each operator's failed attempts over this many days. */
  failuresShownDays: 7,
} as const;

/** Why a sign-in attempt failed, as `operator_sign_in_failures` records it. */
export const signInFailureReasons = ['password', 'totp', 'throttled', 'disabled'] as const;
export type SignInFailureReason = (typeof signInFailureReasons)[number];
