import type { FastifyInstance } from 'fastify';

/** What /healthz reads: an instance on its way out says so while it still answers. */
export interface Lifecycle {
  draining: boolean;
}

export interface ShutdownTiming {
  /** How long /healthz fails before the listener closes, so a load balancer's checks notice. */
  delayMs: number;
  /** How long in-flight requests and running jobs get once the listener is closed. */
  graceMs: number;
}

/** `clean`: everything finished in time; `cut`: the grace ran out and what was left was cut. */
export type ShutdownOutcome = 'clean' | 'cut';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Long enough for a request already sent on an accepted connection to be read, on a busy instance. */
const IDLE_CLOSE_AFTER_MS = 1_000;

/**
 * Node closes "idle" connections the moment the listener closes, and a connection whose request
 * has arrived but not been read yet counts as idle: nginx would get a reset for a request it had
 * already sent (a 502, for a POST). So the idle ones are closed a moment later instead, and every
 * moment after; by then every request that had arrived is being answered (app.ts keeps answering
 * while closing).
 */
function holdIdleConnections(app: FastifyInstance): void {
  const { server } = app;
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {};
  // And again every so often: a keep-alive client's connection turns idle after each answer.
  const timer = setInterval(closeIdle, IDLE_CLOSE_AFTER_MS).unref();
  server.once('close', () => clearInterval(timer));
}

/**
 * SIGTERM's sequence (issue 25, DESIGN §1 "Scale-out shape"): fail /healthz, keep serving for
 * `delayMs`, then stop accepting connections, let in-flight requests and running jobs finish
 * (app.close: the listener first, then the jobs, then the pools; app.ts orders the hooks), and
 * after `graceMs` cut the connections still open and halt the jobs still running. A halted job's
 * lease is not extended and expires, so another instance runs it; every job is resumable.
 *
 * A proxy never loses a request to this: before the listener closes it is answered, after it a
 * connection is refused, which nginx (and any load balancer) retries on another instance.
 */
export async function shutDownGracefully(
  app: FastifyInstance,
  timing: ShutdownTiming,
): Promise<ShutdownOutcome> {
  app.lifecycle.draining = true;
  app.log.info(timing, 'shutting down: /healthz answers 503 from now on');
  if (timing.delayMs > 0) await sleep(timing.delayMs);
  holdIdleConnections(app);
  let outcome: ShutdownOutcome = 'clean';
  const cut = setTimeout(() => {
    outcome = 'cut';
    app.log.warn(timing, 'shutdown grace over: cutting open connections and halting running jobs');
    app.server.closeAllConnections();
    app.jobs.halt();
  }, timing.graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
  app.log.info({ outcome }, 'stopped');
  return outcome;
}
