import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CSRF_HEADER, consoleSignIn, type Endpoint } from '@kwarta/contract';
import { callEndpoint } from './api.ts';

/** A console session as the browser holds it: the cookie and the CSRF token the page was handed. */
export interface ConsoleSession {
  cookie: string;
  csrf: string;
}

/** Signs an operator in (each test address has its own throttling window). */
export function attemptConsoleSignIn(
  app: FastifyInstance,
  input: { name: string; password: string; totp?: string; address: string },
) {
  return callEndpoint(app, consoleSignIn, {
    body: { name: input.name, password: input.password, totp: input.totp ?? '' },
    headers: { 'x-forwarded-for': input.address },
  });
}

export async function consoleSignedIn(
  app: FastifyInstance,
  input: { name: string; password: string; totp?: string; address: string },
): Promise<ConsoleSession> {
  const response = await attemptConsoleSignIn(app, input);
  expect(response.status, JSON.stringify(response.envelope)).toBe(200);
  const cookie = String(response.headers['set-cookie']).split(';')[0]!;
  return { cookie, csrf: (response.envelope?.data as { csrfToken: string }).csrfToken };
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
