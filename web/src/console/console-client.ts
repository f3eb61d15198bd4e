import { CSRF_HEADER, SIGN_IN_CSRF_TOKEN, messages } from '@kwarta/contract';
import { createApiClient } from '../lib/api-client.ts';

// The session lives in a cookie (Path=/console); a write also needs the session's CSRF token,
// which comes with the signed-in operator (embedded in the page, or the sign-in's answer).
let csrfToken = '';
let onSignedOut: () => void = () => {};

export function setCsrfToken(token: string): void {
  csrfToken = token;
}

export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

/**
 * Calls one of the console's endpoints: fields left blank are not sent, a failure's message is
 * the caller's to show (no toasts in the console), and a 401 on an operator call means the
 * session is over, so the console goes back to its sign-in. A wrong password at sign-in is a 401
 * too, but of a public call: it only fails.
 */
export const consoleCall = createApiClient({
  headersFor: (route): Record<string, string> =>
    route.method === 'GET' ? {} : { [CSRF_HEADER]: csrfToken || SIGN_IN_CSRF_TOKEN },
  omitEmptyText: true,
  unavailableMessage: messages.unavailable,
  isSignedOut: (status, _code, route) => status === 401 && route.auth === 'operator',
  onSignedOut: () => onSignedOut(),
});
