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
