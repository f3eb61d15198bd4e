import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { withAdmin } from './test-app.ts';

/**
 * Fault helpers (decision 0040) for tests that break a backend under a running app and watch it
 * answer and recover: PostgreSQL backends terminated or refused, a private Redis stopped and
 * restarted, and a snapshot of every table's row count to prove a request stored nothing.
 */

function databaseName(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
}

/** Terminates every connection to the app's PostgreSQL database (what an operator or a failover does). */
export async function terminateBackends(databaseUrl: string): Promise<number> {
  const result = await withAdmin((client) =>
    client.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [databaseName(databaseUrl)],
    ),
  );
  return result.rowCount ?? 0;
}

/**
 * The database "goes down": new connections are refused and existing ones terminated, until
 * the returned function brings it back.
 */
export async function takeDatabaseDown(databaseUrl: string): Promise<() => Promise<void>> {
  const name = databaseName(databaseUrl);
  await withAdmin((client) => client.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`));
  await terminateBackends(databaseUrl);
  return async () => {
    await withAdmin((client) => client.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`));
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function answersOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.write('PING\r\n');
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
    });
    socket.once('error', () => resolve(false));
  });
}

export interface PrivateRedis {
  url: string;
  /** Stops the server (its data goes with it) and resolves once the port is closed. */
  stop(): Promise<void>;
  /** Starts it again on the same port and resolves once it answers PING. */
  start(): Promise<void>;
}

const REDIS_SERVER = process.env.TEST_REDIS_SERVER ?? '/usr/bin/redis-server';

/**
 * A Redis server of the test's own on a free port, never the shared one: stopping it hurts
 * nobody else. No persistence, loopback only. Call stop() in afterAll.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if (await answersOn(port)) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`private redis-server did not start on port ${port}`);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}

/** Every table's row count, to compare before and after requests that must store nothing. */
export async function rowCounts(app: FastifyInstance): Promise<Record<string, number>> {
  const tables = await app.db.introspection.getTables();
  const counts: Record<string, number> = {};
  for (const table of tables) {
    if (table.name.startsWith('kysely_')) continue;
    const row = await app.db
      .selectFrom(table.name as 'borrowers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table.name] = Number(row.n);
  }
  return counts;
}
