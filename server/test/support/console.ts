import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  CSRF_HEADER,
  OPERATOR_DEVICE_COOKIE,
  OPERATOR_SESSION_COOKIE,
  SIGN_IN_CSRF_TOKEN,
  type Endpoint,
  endpoints,
} from '@kwarta/contract';
import { callEndpoint } from './api.ts';

/**
 * A console session as the browser holds it: the session cookie, the CSRF token the page was
 * handed, and the known-device cookie the sign-in left (`name=value`, as a Cookie header has it).
 */
export interface ConsoleSession {
  cookie: string;
  csrf: string;
  device: string;
}

export interface ConsoleSignInInput {
  name: string;
  password: string;
  totp?: string;
  address: string;
  /** A known-device cookie (ConsoleSession.device) to send along. */
  device?: string;
}

/** Signs an operator in (each test address has its own throttling window). */
export function attemptConsoleSignIn(app: FastifyInstance, input: ConsoleSignInInput) {
  return callEndpoint(app, endpoints.consoleSignIn, {
    body: { name: input.name, password: input.password, totp: input.totp ?? '' },
    headers: {
      'x-forwarded-for': input.address,
      [CSRF_HEADER]: SIGN_IN_CSRF_TOKEN,
      ...(input.device ? { cookie: input.device } : {}),
    },
  });
}

/** The `name=value` of a cookie a response sets, or undefined. */
export function cookieSet(headers: Record<string, unknown>, name: string): string | undefined {
  const setCookie = headers['set-cookie'];
  const all = Array.isArray(setCookie) ? setCookie : setCookie === undefined ? [] : [String(setCookie)];
  return all.map((line: string) => line.split(';')[0]!).find((pair) => pair.startsWith(`${name}=`));
}

export async function consoleSignedIn(
  app: FastifyInstance,
  input: ConsoleSignInInput,
): Promise<ConsoleSession> {
  const response = await attemptConsoleSignIn(app, input);
  expect(response.status, JSON.stringify(response.envelope)).toBe(200);
  return {
    cookie: cookieSet(response.headers, OPERATOR_SESSION_COOKIE)!,
    csrf: (response.envelope?.data as { csrfToken: string }).csrfToken,
    device: cookieSet(response.headers, OPERATOR_DEVICE_COOKIE)!,
  };
}

/** A console call as the console makes it: the cookie, and the CSRF token unless `csrf` is false. */
export function callConsole(
  app: FastifyInstance,
  session: ConsoleSession,
  endpoint: Endpoint,
  body: Record<string, string> = {},
  csrf = true,
) {
  return callEndpoint(app, endpoint, {
    body,
    headers: { cookie: session.cookie, ...(csrf ? { [CSRF_HEADER]: session.csrf } : {}) },
  });
}
