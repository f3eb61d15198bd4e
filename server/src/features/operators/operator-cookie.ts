import type { FastifyRequest } from 'fastify';
import { OPERATOR_SESSION_COOKIE } from '@kwarta/contract';

/**
 * The console session's token, from the request's cookie. Cookies are parsed here, on the
 * console's own requests, rather than on every request: borrower calls carry their session in
 * the query (D1), and the order page's read is the hottest call there is (decision 0006).
 */
export function operatorSessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  return header ? request.server.parseCookie(header)[OPERATOR_SESSION_COOKIE] : undefined;
}
