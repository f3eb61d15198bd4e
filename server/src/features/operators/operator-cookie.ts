import type { FastifyRequest } from 'fastify';
import { OPERATOR_DEVICE_COOKIE, OPERATOR_SESSION_COOKIE } from '@kwarta/contract';

/**
 * The console session's token, from the request's cookie. Cookies are parsed here, on the
 * console's own requests, rather than on every request: borrower calls carry their session in
 * the query (D1), and the order page's read is the hottest call there is (decision 0006).
 */
export function operatorSessionToken(request: FastifyRequest): string | undefined {
  return cookieOf(request, OPERATOR_SESSION_COOKIE);
}

/** The known-device cookie's token (decision 0091); sent only to the sign-in call (its Path). */
export function operatorDeviceToken(request: FastifyRequest): string | undefined {
  return cookieOf(request, OPERATOR_DEVICE_COOKIE);
}

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  return header ? request.server.parseCookie(header)[name] : undefined;
}
