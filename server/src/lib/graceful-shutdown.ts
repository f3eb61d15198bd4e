import type { FastifyInstance } from 'fastify';

/** What /healthz reads: an instance on its way out says so while it still answers. */
export interface Lifecycle {
  draining: boolean;
}

export interface ShutdownTiming {
  /** How long /healthz fails before the listener may close (once quiet), so a balancer stops sending. */
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
 * How long the listener must have accepted no connection before it closes: far longer than one
 * turn of a busy event loop, in which a busy instance accepts one queued connection.
 */
export const QUIET_BEFORE_CLOSE_MS = 500;

/**
 * Waits until the listener has accepted nothing for QUIET_BEFORE_CLOSE_MS (at most `limitMs`).
 * Connections a proxy opened before it stopped sending here can still be waiting in the accept
 * queue when the drain delay ends: a busy instance takes one per turn of its event loop, so under
 * load the queue holds seconds of them, each with a request already sent. Closing the listener
 * then makes the kernel reset them all, and nginx answers 502 to every POST among them, as it never
 * resends one it has sent (decision 0100). The accept queue cannot be read, but while it is not
 * empty a connection is accepted every turn; a quiet listener has an empty queue.
 */
async function untilListenerQuiet(app: FastifyInstance, limitMs: number): Promise<number> {
  const started = Date.now();
  // The wait's start counts as an arrival: at least one quiet period, even after a quiet delay.
  let lastAccepted = started;
  const accepted = () => (lastAccepted = Date.now());
  app.server.on('connection', accepted);
  try {
    while (Date.now() - lastAccepted < QUIET_BEFORE_CLOSE_MS && Date.now() - started < limitMs)
      await sleep(QUIET_BEFORE_CLOSE_MS - (Date.now() - lastAccepted));
  } finally {
    app.server.off('connection', accepted);
  }
  return Date.now() - started;
}

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
 * SIGTERM's sequence (decision 0100, DESIGN §1 "Scale-out shape"): fail /healthz, keep serving for
 * `delayMs` and then until no connection has come for a moment (at most `graceMs` more: a balancer
 * that never stops sending cannot hold the stop), then stop accepting connections, let in-flight
 * requests and running jobs finish
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
  const waitedMs = await untilListenerQuiet(app, timing.graceMs);
  app.log.info({ waitedMs }, 'no new connection for a while: closing the listener');
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
