// A fleet on one machine (decision 0100, DESIGN §1 "Scale-out shape"): N server instances over one
// PostgreSQL database, one Redis key prefix and one S3-compatible bucket (s3rver on loopback,
// scripts/support/s3-server.ts), behind nginx. The
// `npm run fleet` command, the fleet's e2e test and `npm run bench:fleet` all start it here.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort, startTestServer, type TestServer } from '../../e2e/support/test-server.ts';
import { repoRoot } from '../../e2e/support/paths.ts';
import {
  LOCAL_REDIS_URL,
  createThrowawayDatabase,
  dropRedisKeys,
  redisAnswers,
  type ThrowawayDatabase,
} from '../support/backing-services.ts';
import { startS3Server } from '../support/s3-server.ts';
import { nginxConfig, type Upstream } from './nginx-config.ts';

const NGINX = '/usr/sbin/nginx';
/** How often the fleet reads each instance's /healthz. */
const HEALTH_EVERY_MS = 500;
/** How long a reloaded nginx takes to have its new workers serving (well under this, on one machine). */
const RELOAD_SETTLE_MS = 500;

/**
 * The ports of a fleet's instances behind nginx on `port`: the next ones up (8081, 8082… behind
 * 8080). The one rule both the runner and `--print-nginx-config` read, so the printed
 * configuration names the ports the instances really listen on.
 */
export function instancePorts(port: number, instances: number): number[] {
  return Array.from({ length: instances }, (_, index) => port + 1 + index);
}

/**
 * The /metrics token of a fleet's instances: METRICS_TOKEN when the environment sets one (a
 * developer's Prometheus already knows it), else a new one, which the runner then says once.
 */
export function fleetMetricsToken(env: Record<string, string | undefined>): {
  token: string;
  generated: boolean;
} {
  const given = env.METRICS_TOKEN?.trim();
  return given
    ? { token: given, generated: false }
    : { token: randomBytes(16).toString('hex'), generated: true };
}

/** Refuses, in one sentence, a port another program listens on, before anything is created. */
async function ensurePortFree(port: number, what: string): Promise<void> {
  const free = await new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
  if (!free) throw new Error(`fleet: port ${port} (${what}) is in use; pick another --port.`);
}

export interface FleetOptions {
  instances: number;
  /**
   * Where nginx listens, its instances on the ports after it (instancePorts); without a port,
   * free ports for all (tests and benchmarks, side by side).
   */
  host?: string;
  port?: number;
  /** `development` for a developer's fleet, `sandbox` for tests and benchmarks. */
  appEnv: 'development' | 'sandbox';
  /** More configuration for every instance. */
  env?: Record<string, string>;
  /** Where the fleet says what it does (an instance restarted, taken out of rotation…). */
  log?: (line: string) => void;
}

export interface FleetInstance {
  /** 1-based, as the log lines name it. */
  number: number;
  port: number;
  url: string;
  server: TestServer | null;
}

export interface Fleet {
  /** nginx's address, e.g. http://127.0.0.1:8080. */
  url: string;
  databaseUrl: string;
  redisKeyPrefix: string;
  /** nginx's JSON access log (one line per request, with its request id). */
  accessLog: string;
  /** nginx's error log: why it answered 502 when it did. */
  errorLog: string;
  /** The configuration every instance runs with (for CLIs and queries against the fleet's data; METRICS_TOKEN). */
  env: Record<string, string>;
  instances: FleetInstance[];
  /** SIGTERM (graceful stop), then a new process on the same port, back when its /healthz is ok. */
  restart(index: number): Promise<void>;
  /** Every instance in turn, each back before the next goes. */
  rollingRestart(): Promise<void>;
  /** SIGKILL, as a crash: requests in flight there are lost; it is not started again. */
  kill(index: number): Promise<void>;
  /** Starts an instance that was killed. */
  start(index: number): Promise<void>;
  /** Stops nginx and every instance, and removes the database, the key prefix and the bucket. */
  stop(): Promise<void>;
}

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const log = options.log ?? (() => {});
  const ensured = spawnSync('bash', [path.join(repoRoot, 'scripts/ensure-nginx.sh')], { stdio: 'inherit' });
  if (ensured.status !== 0) throw new Error('fleet: nginx is not available (scripts/ensure-nginx.sh)');
  if (!(await redisAnswers())) throw new Error(`fleet: Redis does not answer at ${LOCAL_REDIS_URL}`);

  const cleanups: (() => Promise<void>)[] = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  };
  const ports = options.port === undefined ? null : instancePorts(options.port, options.instances);
  if (options.port !== undefined) await ensurePortFree(options.port, 'nginx');
  for (const [index, port] of (ports ?? []).entries()) await ensurePortFree(port, `instance ${index + 1}`);
  try {
    const prefix = await mkdtemp(path.join(os.tmpdir(), 'kwarta-fleet-'));
    // nginx's workers run as an unprivileged user when it is started as root; they write its temp files here.
    await chmod(prefix, 0o755);
    cleanups.push(() => rm(prefix, { recursive: true, force: true }));
    const database: ThrowawayDatabase = await createThrowawayDatabase('kwarta_fleet');
    cleanups.push(() => database.drop());
    const redisKeyPrefix = `kwarta-fleet-${randomBytes(4).toString('hex')}:`;
    cleanups.push(() => dropRedisKeys(redisKeyPrefix));
    // Uploads in one bucket every instance reads (a complaint's images filed through one are shown by another).
    const s3 = await startS3Server();
    cleanups.push(() => s3.close());

    const env: Record<string, string> = {
      APP_ENV: options.appEnv,
      DATABASE_URL: database.url,
      REDIS_URL: LOCAL_REDIS_URL,
      REDIS_KEY_PREFIX: redisKeyPrefix,
      ...s3.env,
      // /metrics on, for the fleet's own scrapes (bench:fleet) and a developer's Prometheus.
      METRICS_TOKEN: fleetMetricsToken({}).token,
      // One key for the whole fleet: an account one instance encrypts, every other one reads.
      ACCOUNT_KEY: randomBytes(32).toString('base64'),
      // nginx is the one proxy: the client's address is what it appends to X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
      // Draining long enough for the health check to take the instance out of nginx first (below).
      SHUTDOWN_DELAY_MS: String(3 * HEALTH_EVERY_MS + RELOAD_SETTLE_MS),
      SHUTDOWN_GRACE_MS: '8000',
      ...options.env,
    };
    const instances: FleetInstance[] = [];
    for (let number = 1; number <= options.instances; number += 1) {
      const port = ports?.[number - 1] ?? (await freePort());
      instances.push({ number, port, url: `http://127.0.0.1:${port}`, server: null });
    }
    const startInstance = async (instance: FleetInstance) => {
      instance.server = await startTestServer({
        port: instance.port,
        env: { ...env, PORT: String(instance.port) },
      });
      log(`instance ${instance.number} up on ${instance.url}`);
    };
    const stopInstance = async (instance: FleetInstance, how: 'stop' | 'kill') => {
      const server = instance.server;
      instance.server = null;
      if (how === 'kill') await server?.kill();
      else {
        const stopped = await server?.stop();
        // How its stop went, from its own log: how long its listener waited to close, the outcome.
        for (const line of stopped?.output.split('\n') ?? []) {
          const waited = /"waitedMs":(\d+).*closing the listener/.exec(line);
          if (waited)
            log(`instance ${instance.number}: listener closed ${waited[1]} ms after the drain delay`);
          const outcome = /"outcome":"(\w+)".*"msg":"stopped"/.exec(line);
          if (outcome) log(`instance ${instance.number}: stopped, ${outcome[1]}`);
        }
      }
    };
    cleanups.push(async () => {
      await Promise.all(instances.map((instance) => stopInstance(instance, 'stop')));
    });
    // The first migrates and seeds alone; the rest then start side by side.
    await startInstance(instances[0]!);
    await Promise.all(instances.slice(1).map(startInstance));

    const host = options.host ?? '127.0.0.1';
    const port = options.port ?? (await freePort());
    const upstreams: Upstream[] = instances.map((instance) => ({ port: instance.port, down: false }));
    const configFile = path.join(prefix, 'nginx.conf');
    const writeConfig = () => writeFile(configFile, nginxConfig({ prefix, host, port, upstreams }));
    await writeConfig();
    const nginx = await startNginx(prefix, configFile);
    cleanups.push(() => stopNginx(nginx));
    await waitFor(
      `nginx on ${host}:${port}`,
      async () => (await healthOf(`http://${host}:${port}`)) === 'ok',
    );
    log(`nginx on http://${host}:${port} in front of ${instances.length} instances`);

    // Upstream health from /healthz (nginx's open-source edition only notices refused
    // connections): an instance that says it is draining is taken out at once, one that says it
    // is unavailable (its database or Redis away) after two looks, and either is put back when ok.
    // An instance that does not answer is left to nginx, which skips it after a refused connection.
    // Taking a draining instance out before its listener closes (SHUTDOWN_DELAY_MS) matters: a
    // connection still in its accept queue when the listener closes is reset, and nginx does not
    // resend a POST it has sent.
    const unhealthyLooks = new Map<number, number>();
    let checking = false;
    const checkHealth = async () => {
      if (checking) return;
      checking = true;
      try {
        let changed = false;
        for (const [index, instance] of instances.entries()) {
          const health = await healthOf(instance.url);
          const looks = health === 'unavailable' ? (unhealthyLooks.get(index) ?? 0) + 1 : 0;
          unhealthyLooks.set(index, looks);
          const upstream = upstreams[index]!;
          const down = health === 'draining' || looks >= 2 ? true : health === 'ok' ? false : upstream.down;
          if (down !== upstream.down) {
            upstream.down = down;
            changed = true;
            log(
              `instance ${instance.number} ${down ? `out of rotation: /healthz says ${health}` : 'in rotation'}`,
            );
          }
        }
        if (changed) {
          await writeConfig();
          nginx.kill('SIGHUP');
        }
      } finally {
        checking = false;
      }
    };
    const healthTimer = setInterval(() => void checkHealth(), HEALTH_EVERY_MS);
    cleanups.push(async () => clearInterval(healthTimer));

    const instanceAt = (index: number) => {
      const instance = instances[index];
      if (!instance) throw new Error(`fleet: no instance ${index + 1}`);
      return instance;
    };
    const fleet: Fleet = {
      url: `http://${host}:${port}`,
      databaseUrl: database.url,
      redisKeyPrefix,
      accessLog: path.join(prefix, 'access.log'),
      errorLog: path.join(prefix, 'error.log'),
      env,
      instances,
      async restart(index) {
        const instance = instanceAt(index);
        log(`instance ${instance.number}: SIGTERM`);
        await stopInstance(instance, 'stop');
        await startInstance(instance);
        // Back in rotation (the health check saw it ok and nginx reloaded) before anything else goes.
        await waitFor(`instance ${instance.number} in rotation`, async () => !upstreams[index]!.down);
        await new Promise((resolve) => setTimeout(resolve, RELOAD_SETTLE_MS));
      },
      async rollingRestart() {
        for (const index of instances.keys()) await fleet.restart(index);
      },
      async kill(index) {
        const instance = instanceAt(index);
        log(`instance ${instance.number}: SIGKILL`);
        await stopInstance(instance, 'kill');
      },
      start: (index) => startInstance(instanceAt(index)),
      async stop() {
        await cleanUp();
        log('fleet stopped');
      },
    };
    return fleet;
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

type Health = 'ok' | 'draining' | 'unavailable' | 'no answer';

async function healthOf(url: string): Promise<Health> {
  try {
    const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) });
    const body = await response.text();
    if (response.ok) return 'ok';
    return body.includes('"draining"') ? 'draining' : 'unavailable';
  } catch {
    return 'no answer';
  }
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`fleet: ${what} not ready within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function startNginx(prefix: string, configFile: string): Promise<ChildProcess> {
  const test = spawnSync(NGINX, ['-t', '-q', '-p', prefix, '-c', configFile, '-e', `${prefix}/error.log`]);
  if (test.status !== 0)
    throw new Error(`fleet: nginx refused its configuration:\n${test.stderr.toString()}`);
  const child = spawn(NGINX, ['-p', prefix, '-c', configFile, '-e', `${prefix}/error.log`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.once('exit', (code) => {
    if (code)
      void readFile(`${prefix}/error.log`, 'utf8').then((text) =>
        console.error(`nginx exited ${code}: ${stderr}${text}`),
      );
  });
  return child;
}

/** SIGQUIT: nginx's graceful stop (answers what it has, then exits). */
async function stopNginx(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGQUIT');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
