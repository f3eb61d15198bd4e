import type { FastifyInstance } from 'fastify';
import { envelopeFromWire, type Endpoint } from '@kwarta/contract';

/** Calls an endpoint the way the web client does: session in the query, form body for POST. */
export async function callEndpoint(
  app: FastifyInstance,
  endpoint: Endpoint,
  options: { session?: Record<string, string>; body?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const query = new URLSearchParams(options.session ?? {});
  const payload = new URLSearchParams(options.body ?? {});
  const isGet = endpoint.method === 'GET';
  const url = `${endpoint.path}?${isGet ? new URLSearchParams([...query, ...payload]) : query}`;
  const response = await app.inject({
    method: endpoint.method,
    url,
    headers: { ...(isGet ? {} : { 'content-type': 'application/x-www-form-urlencoded' }), ...options.headers },
    payload: isGet ? undefined : payload.toString(),
  });
  return { status: response.statusCode, headers: response.headers, raw: response.json(), envelope: envelopeFromWire(response.json()) };
}

export async function demoSession(app: FastifyInstance): Promise<Record<string, string>> {
  const response = await app.inject({ method: 'GET', url: '/dev/demo-session' });
  return response.json();
}
