/**
 * Operator roles (the console): what each may do is decided on the server per call
 * (`roles` on an operator endpoint); admin may make every operator call.
 * viewer: reads · agent: complaints · credit: approve, reject · finance: disburse, held payments ·
 * admin: operators, products, channel templates, settings.
 */
export const operatorRoles = ['viewer', 'agent', 'credit', 'finance', 'admin'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

export function isOperatorRole(value: unknown): value is OperatorRole {
  return (operatorRoles as readonly unknown[]).includes(value);
}

/** The console's CSRF header: every operator write sends its session's token in it. */
export const CSRF_HEADER = 'x-csrf-token';
/** The operator session cookie (HttpOnly, Secure, SameSite=Strict). */
export const OPERATOR_SESSION_COOKIE = 'kwarta_operator';

/**
 * Who may do what in the console: each console route's `roles` is one of these groups (admin is
 * implied), and the console's menu shows a section only to the roles its reading call admits, so
 * the screen never offers what the server would refuse.
 */
export const ConsoleRoles = {
  anyone: ['viewer', 'agent', 'credit', 'finance'],
  /** The order queue and order page. */
  readOrders: ['viewer', 'agent', 'credit', 'finance'],
  decideOrders: ['credit'],
  disburseOrders: ['finance'],
  readComplaints: ['viewer', 'agent'],
  replyComplaints: ['agent'],
  readFunnel: ['viewer'],
  /** Products, channel templates, service contacts, operators, the audit log. */
  administer: ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;

/** Roles that see a borrower's full phone (they call borrowers); others see the last four digits. */
export const rolesSeeingPhones: readonly OperatorRole[] = ['agent', 'credit', 'admin'];

export function mayAct(role: OperatorRole, allowed: readonly OperatorRole[]): boolean {
  return role === 'admin' || allowed.includes(role);
}

export const consoleSections = [
  { key: 'dashboard', label: 'Dashboard', roles: ConsoleRoles.anyone },
  { key: 'orders', label: 'Orders', roles: ConsoleRoles.readOrders },
  // Payments (held for review, accept or return) arrive with the repayment issue.
  { key: 'complaints', label: 'Complaints', roles: ConsoleRoles.readComplaints },
  { key: 'funnel', label: 'Funnel', roles: ConsoleRoles.readFunnel },
  { key: 'products', label: 'Products', roles: ConsoleRoles.administer },
  // Channel templates, service contacts and operators are still to come (npm run operator meanwhile).
  { key: 'audit', label: 'Audit log', roles: ConsoleRoles.administer },
] as const;

export type ConsoleSection = (typeof consoleSections)[number]['key'];

/** The menu a role sees, in order. */
export function consoleMenu(role: OperatorRole): ConsoleSection[] {
  return consoleSections.filter((section) => mayAct(role, section.roles)).map((section) => section.key);
}

/** Console sign-in throttling (per account and per address, one-minute windows). */
export const ConsoleSignInLimits = {
  windowMs: 60_000,
  /** The sixth attempt on one account within a minute is refused unread. */
  attemptsPerAccount: 5,
  attemptsPerAddress: 30,
} as const;

/** A complaint unanswered this many weekdays after filing is past the service line. */
export const COMPLAINT_REPLY_WEEKDAYS = 3;
