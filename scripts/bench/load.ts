import http from 'node:http';
import type { Socket } from 'node:net';

export interface LoadResult {
  /** Every request's time in ms, ascending (to pool rounds: combineLoads). */
  latencies: number[];
  elapsedMs: number;
  requests: number;
  errors: number;
  statuses: Record<number, number>;
  /** With `next`: the statuses of each kind of request. */
  statusesByLabel: Record<string, Record<number, number>>;
  requestsPerSecond: number;
  /** Requests sent again because the keep-alive connection they went on was closed under them. */
  resent: number;
  p50: number;
  p99: number;
  max: number;
}

/** One request of a mixed load, named by what it is (its statuses are counted under `label`). */
export interface LoadRequest {
  label: string;
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

export interface LoadOptions {
  url: string;
  /** A mixed load: each connection's next request (url, method, body and headers come from it). */
  next?: (connection: number) => LoadRequest;
  /**
   * The connections to send on, kept open between runs (loadConnections). Without it the run
   * opens its own and closes them at the end.
   */
  agent?: http.Agent;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  connections: number;
  durationMs: number;
  /** Ends the run before `durationMs` when it aborts (each connection finishes its request). */
  signal?: AbortSignal;
  /**
   * Every answer (its body read in full) or transport error, with when it was sent: for benches
   * that check afterwards what was answered. Without it bodies are discarded unread.
   */
  onAnswer?: (
    request: LoadRequest,
    answer: { status: number; body: string } | { error: string },
    sentAt: number,
  ) => void;
}

/**
 * Keep-alive connections to reuse across runs against one server. A run that opens its own
 * connections measures their opening too: a busy Node server accepts one new connection per turn
 * of its event loop (libuv ≥ 1.45 stopped accepting in a loop), so under load the last of a
 * hundred waits about a hundred turns, and its first request waits with it. A benchmark of
 * steady traffic opens them once, in its warm-up, as wrk and autocannon do.
 */
export function loadConnections(connections: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: connections });
}

/** Connections that have carried an answer: a request failing on one of them was never read. */
const answeredOn = new WeakSet<Socket>();
/** How often one request is sent again on another connection (a proxy closing many at once). */
const MAX_RESENDS = 3;
const REQUEST_TIMEOUT_MS = 10_000;

export type LoadAnswer = { status: number; body: string } | { error: string };

/**
 * Sends one request and reads its answer (the body only with `readBody`). A keep-alive connection
 * the server closes as the request goes out on it (nginx closes its idle ones when it reloads)
 * never had the request read: it is sent again on another connection, as browsers do, and counted
 * in `resent`. What fails on a connection's first request (it may have been read), or after an
 * answer began, or by timing out, is an error and is never sent twice.
 *
 * Whether a connection was reused is our own record, not Node's `request.reusedSocket`: a request
 * that waited in the agent's queue (every connection busy, one of them closing) is handed the next
 * connection that frees up, and Node leaves that flag false on this path (decision 0100).
 */
export function sendRequest(
  url: URL,
  spec: Pick<LoadRequest, 'method' | 'body' | 'headers'>,
  agent: http.Agent,
  options: { readBody: boolean },
): Promise<{ answer: LoadAnswer; resent: number }> {
  const attempt = (resent: number): Promise<{ answer: LoadAnswer; resent: number }> =>
    new Promise((resolve) => {
      let reused = false;
      let connection: Socket | null = null;
      const request = http.request(
        url,
        { method: spec.method ?? 'GET', agent, headers: spec.headers, timeout: REQUEST_TIMEOUT_MS },
        (response) => {
          let body = '';
          if (options.readBody) response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          else response.resume();
          response.on('error', (error) => resolve({ answer: { error: error.message }, resent }));
          response.on('end', () => {
            if (connection) answeredOn.add(connection);
            resolve({ answer: { status: response.statusCode ?? 0, body }, resent });
          });
        },
      );
      request.on('socket', (socket) => {
        connection = socket;
        reused = answeredOn.has(socket);
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (reused && error.code === 'ECONNRESET' && resent < MAX_RESENDS) {
          void attempt(resent + 1).then(resolve);
          return;
        }
        resolve({ answer: { error: error.message }, resent });
      });
      // A timed-out request may have been read: it fails with an error of its own, never resent.
      request.on('timeout', () =>
        request.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)),
      );
      request.end(spec.body);
    });
  return attempt(0);
}

/**
 * A small closed-loop load generator: `connections` keep-alive connections each send the next
 * request as soon as the last one is answered, for a bounded time, on loopback only.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const target = new URL(options.url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname))
    throw new Error('load tests target loopback only');
  const agent = options.agent ?? loadConnections(options.connections);
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const statusesByLabel: Record<string, Record<number, number>> = {};
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;

  let resent = 0;
  const once = async (connection: number) => {
    const spec: LoadRequest = options.next?.(connection) ?? { label: 'all', ...options };
    const sent = performance.now();
    const url = options.next ? new URL(spec.url, target) : target;
    const outcome = await sendRequest(url, spec, agent, { readBody: Boolean(options.onAnswer) });
    resent += outcome.resent;
    const { answer } = outcome;
    if ('error' in answer) {
      errors += 1;
    } else {
      latencies.push(performance.now() - sent);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      const byLabel = (statusesByLabel[spec.label] ??= {});
      byLabel[answer.status] = (byLabel[answer.status] ?? 0) + 1;
    }
    options.onAnswer?.(spec, answer, sent);
  };

  await Promise.all(
    Array.from({ length: options.connections }, async (_, connection) => {
      while (performance.now() < deadline && !options.signal?.aborted) await once(connection);
    }),
  );
  if (!options.agent) agent.destroy();
  latencies.sort((a, b) => a - b);
  return { ...summarize(latencies, performance.now() - started, statuses, errors, statusesByLabel), resent };
}

function summarize(
  latencies: number[],
  elapsedMs: number,
  statuses: Record<number, number>,
  errors: number,
  statusesByLabel: LoadResult['statusesByLabel'] = {},
): LoadResult {
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    latencies,
    elapsedMs,
    requests: latencies.length,
    errors,
    statuses,
    statusesByLabel,
    requestsPerSecond: latencies.length / (elapsedMs / 1000),
    resent: 0,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? 0,
  };
}

/** Several rounds against one target as one result: all requests over all the time, pooled percentiles. */
export function combineLoads(results: LoadResult[]): LoadResult {
  const statuses: Record<number, number> = {};
  for (const result of results)
    for (const [status, count] of Object.entries(result.statuses))
      statuses[Number(status)] = (statuses[Number(status)] ?? 0) + count;
  return summarize(
    results.flatMap((result) => result.latencies).sort((a, b) => a - b),
    results.reduce((sum, result) => sum + result.elapsedMs, 0),
    statuses,
    results.reduce((sum, result) => sum + result.errors, 0),
  );
}
