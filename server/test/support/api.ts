import type { FastifyInstance } from 'fastify';
import { envelopeFromWire, type Endpoint } from '@kwarta/contract';

/** Calls an endpoint the way the web client does: session in the query, form body for POST. */
export async function callEndpoint(
  app: FastifyInstance,
  endpoint: Endpoint,
  options: {
    session?: Record<string, string>;
    body?: Record<string, string>;
    headers?: Record<string, string>;
  } = {},
) {
  const query = new URLSearchParams(options.session ?? {});
  const payload = new URLSearchParams(options.body ?? {});
  const isGet = endpoint.method === 'GET';
  const url = `${endpoint.path}?${isGet ? new URLSearchParams([...query, ...payload]) : query}`;
  const response = await app.inject({
    method: endpoint.method,
    url,
    headers: {
      ...(isGet ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      ...options.headers,
    },
    payload: isGet ? undefined : payload.toString(),
  });
  // Parsed when read: a file's answer (an image, a CSV) has no envelope.
  return {
    status: response.statusCode,
    headers: response.headers,
    get raw() {
      return response.json();
    },
    get envelope() {
      return envelopeFromWire(response.json());
    },
  };
}

export async function demoSession(app: FastifyInstance): Promise<Record<string, string>> {
  const response = await app.inject({ method: 'GET', url: '/dev/demo-session' });
  return response.json();
}

/** Sends one file as multipart/form-data, the way a browser's FormData does. */
export async function uploadFile(
  app: FastifyInstance,
  endpoint: Endpoint,
  options: {
    session: Record<string, string>;
    field: string;
    bytes: Buffer;
    filename: string;
    contentType: string;
  },
) {
  const form = new FormData();
  form.append(options.field, new Blob([options.bytes], { type: options.contentType }), options.filename);
  // Request serialises FormData with a boundary, exactly as fetch would send it.
  const request = new Request('http://kwarta.test/', { method: 'POST', body: form });
  const response = await app.inject({
    method: 'POST',
    url: `${endpoint.path}?${new URLSearchParams(options.session)}`,
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    envelope: envelopeFromWire(response.json()),
  };
}
