import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a fake provider received it, body read whole. */
export interface FakeRequest {
  method: string;
  /** The path without the query, still percent-encoded. */
  path: string;
  authorization: string | undefined;
  /** Every header as received (the request id our calls carry, say). */
  headers: IncomingHttpHeaders;
  body: string;
}

/** A JSON answer, or `hang`: never answer (as a provider past the caller's timeout). */
export type FakeAnswer = { status: number; json: unknown; headers?: Record<string, string> } | 'hang';

/**
 * A stand-in for a provider's HTTP API on loopback (Dragonpay Collect and Payout, Semaphore):
 * every request read whole and handed to `answer`. Closing drops connections left hanging.
 */
export async function startFakeHttpServer(answer: (request: FakeRequest) => FakeAnswer) {
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const answered = answer({
        method: request.method ?? 'GET',
        path: new URL(request.url ?? '/', 'http://fake').pathname,
        authorization: request.headers.authorization,
        headers: request.headers,
        body,
      });
      if (answered === 'hang') return;
      response.writeHead(answered.status, { 'content-type': 'application/json', ...answered.headers });
      response.end(JSON.stringify(answered.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
