import http from 'node:http';

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
  const once = (connection: number, again?: { spec: LoadRequest; sent: number }) =>
    new Promise<void>((resolve) => {
      const spec: LoadRequest = again?.spec ?? options.next?.(connection) ?? { label: 'all', ...options };
      const sent = again?.sent ?? performance.now();
      const request = http.request(
        options.next ? new URL(spec.url, target) : target,
        { method: spec.method ?? 'GET', agent, headers: spec.headers, timeout: 10_000 },
        (response) => {
          let body = '';
          if (options.onAnswer) response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          else response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - sent);
            const status = response.statusCode ?? 0;
            options.onAnswer?.(spec, { status, body }, sent);
            statuses[status] = (statuses[status] ?? 0) + 1;
            const byLabel = (statusesByLabel[spec.label] ??= {});
            byLabel[status] = (byLabel[status] ?? 0) + 1;
            resolve();
          });
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        // A keep-alive connection the server closed as we sent on it (a proxy reloading, say): the
        // server never read the request, so it is sent again on a new connection, as browsers
        // and Node's own documentation (request.reusedSocket) do. Once.
        if (request.reusedSocket && error.code === 'ECONNRESET' && !again) {
          resent += 1;
          void once(connection, { spec, sent }).then(resolve);
          return;
        }
        errors += 1;
        options.onAnswer?.(spec, { error: error.message }, sent);
        resolve();
      });
      request.on('timeout', () => request.destroy());
      request.end(spec.body);
    });

  await Promise.all(
    Array.from({ length: options.connections }, async (_, connection) => {
      while (performance.now() < deadline) await once(connection);
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
