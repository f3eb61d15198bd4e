// Starts a Kwarta server as a child process on a free port, with a fresh data directory, in
// sandbox mode (demo data seeded, /dev endpoints on). Used by the e2e global setup and by
// scripts/lighthouse.ts, so both measure the server exactly as a tester would run it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, webDist } from './paths.ts';

const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
const OUTPUT_LIMIT = 200_000; // characters of server output kept for error messages
const SERVE_SCRIPT = 'server/bin/serve';

/**
 * The e2e server runs as a sandbox, with a secret of its own for the sandbox cashier (a sandbox
 * has no default one); its CLIs and the tests' postbacks use the same values (serverStore).
 */
export const E2E_SERVER_MODE = {
  APP_ENV: 'sandbox',
  SANDBOX_PAYMENT_SECRET: 'e2e-sandbox-cashier-secret',
  // The journeys push orders an officer then approves: automatic credit decisions are off here
  // (decision 0109), as in the server tests.
  CREDIT_DECISIONS: 'off',
  // Lending journeys leave identity checks out (decision 0108); a journey through identity sets
  // KYC=required. The CLIs the tests run beside the server read the same value.
  KYC: 'off',
} as const;

/**
 * The run's shared server plays the spec's market (its texts, phones and formats), which most
 * e2e files assert; a test of the default market, the Philippines (D5), starts a server of its own.
 */
export const E2E_SPEC_MARKET = { MARKET: 'spec' } as const;

/** Asks the OS for a port nobody listens on (listen(0)), then frees it for the server. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        reject(new Error('could not read the port of a listen(0) socket'));
        return;
      }
      probe.close(() => resolve(address.port));
    });
  });
}

/** The server's environment: ours minus test-runner and database settings, plus the run's own. */
function serverEnv(port: number, dataDir: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    // Vitest marks its own process (VITEST*, NODE_ENV=test); the server must run as it would
    // for a tester, and must not pick up a developer's database or cache by accident.
    if (key.startsWith('VITEST') || key === 'NODE_ENV' || key === 'TEST') continue;
    if (key === 'DATABASE_URL' || key === 'REDIS_URL') continue;
    env[key] = value;
  }
  env.PORT = String(port);
  env.HOST = HOST;
  env.DATA_DIR = dataDir;
  Object.assign(env, E2E_SERVER_MODE);
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  if (process.env.E2E_REDIS_URL) env.REDIS_URL = process.env.E2E_REDIS_URL;
  return { ...env, ...extra };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitUntilHealthy(
  baseUrl: string,
  child: ChildProcess,
  exited: () => string | undefined,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    const exit = exited();
    if (exit !== undefined) throw new Error(`the server exited before it was ready (${exit})`);
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      const text = await response.text();
      if (response.ok) {
        const body: unknown = JSON.parse(text);
        if (typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'ok') {
          return;
        }
      }
      lastProblem = `GET /healthz answered ${response.status}: ${text.slice(0, 200)}`;
    } catch (error) {
      lastProblem = `GET /healthz failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    await delay(250);
  }
  child.kill('SIGKILL');
  throw new Error(`the server was not ready within ${READY_TIMEOUT_MS / 1000} s (${lastProblem})`);
}

/** Stops the server's process group: SIGTERM (or what `first` says), then SIGKILL if it lingers. */
async function stop(child: ChildProcess, first: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals): void => {
    try {
      // detached: the server leads its own process group, so this also reaches anything it spawned.
      if (child.pid !== undefined) process.kill(-child.pid, name);
    } catch {
      child.kill(name);
    }
  };
  signal(first);
  const timer = setTimeout(() => signal('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

export interface TestServer {
  /** e.g. http://127.0.0.1:41234 — no trailing slash. */
  baseUrl: string;
  /** The server's data directory (SQLite file, uploads), for CLI commands run by tests. */
  dataDir: string;
  /** The server's process (the start script execs node): benches read its CPU time. */
  pid: number | undefined;
  /** Stops the server and removes its data; says whether it had died on its own, with its output. */
  stop(): Promise<{ crashed: string | undefined; output: string }>;
  /** Kills it as a crash would (SIGKILL, nothing drained), then removes its data. */
  kill(): Promise<void>;
  /** Everything it has printed so far (the last OUTPUT_LIMIT characters). */
  output(): string;
}

export async function startTestServer(
  options: {
    verbose?: boolean;
    /** Configuration of this server beyond the run's (the spec's market: `E2E_SPEC_MARKET`). */
    env?: Record<string, string>;
    /** A port of its own choosing (a fleet's instance restarts on its port); default a free one. */
    port?: number;
  } = {},
): Promise<TestServer> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(
      `${path.relative(repoRoot, webDist)}/index.html is missing — run \`npm run build\` first.`,
    );
  }

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kwarta-e2e-'));
  const port = options.port ?? (await freePort());
  const baseUrl = `http://${HOST}:${port}`;

  let output = '';
  const record = (chunk: Buffer): void => {
    const text = chunk.toString('utf8');
    if (options.verbose) process.stderr.write(text);
    output += text;
    if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT);
  };

  // The server's own start script (one command for every environment), which execs node.
  const child = spawn('sh', [SERVE_SCRIPT], {
    cwd: repoRoot,
    env: serverEnv(port, dataDir, options.env ?? {}),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  let exit: string | undefined;
  child.on('exit', (code, signal) => {
    exit = signal ? `signal ${signal}` : `exit code ${code}`;
  });
  child.on('error', (error) => {
    exit = `spawn error: ${error.message}`;
  });

  // Last resort if the runner itself is killed: never leave a server behind on a port.
  const killOnExit = (): void => {
    try {
      if (child.pid !== undefined && exit === undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', killOnExit);

  const cleanup = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<void> => {
    process.off('exit', killOnExit);
    await stop(child, signal);
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilHealthy(baseUrl, child, () => exit);
  } catch (error) {
    await cleanup();
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      `${message}\n` +
        `command: sh ${SERVE_SCRIPT} (PORT=${port} HOST=${HOST} APP_ENV=sandbox DATA_DIR=${dataDir})\n` +
        `--- server output ---\n${output.trimEnd() || '(none)'}\n--- end of server output ---`,
    );
  }

  return {
    baseUrl,
    dataDir,
    pid: child.pid,
    async stop() {
      const crashed = exit;
      await cleanup();
      return { crashed, output };
    },
    kill: () => cleanup('SIGKILL'),
    output: () => output,
  };
}
