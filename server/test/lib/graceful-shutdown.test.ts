import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../src/jobs/job.ts';
import { QUIET_BEFORE_CLOSE_MS, shutDownGracefully } from '../../src/lib/graceful-shutdown.ts';
import { createTestApp, databaseTargets, TEST_SANDBOX_SECRET } from '../support/test-app.ts';

/** A promise with its resolve outside, to hold a request or a job exactly as long as a test wants. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** GET over a new connection (no keep-alive), as nginx talks to its upstreams. */
function get(port: number, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: url, agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

async function until(check: () => Promise<boolean>, timeoutMs = 5_000, everyMs = 20): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

const refused = (port: number) =>
  get(port, '/healthz').then(
    () => false,
    (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED',
  );

/** Decision 0100, "Graceful stop": what SIGTERM does to requests, jobs and pools. */
describe.each(databaseTargets)('graceful shutdown (%s)', (target) => {
  it('fails /healthz while still serving, then refuses connections and lets in-flight requests and jobs finish', async () => {
    const slowRequest = gate();
    const jobStarted = gate();
    const jobMayFinish = gate();
    let jobWroteAfterRelease = false;
    const slowJob: Job = {
      name: 'slow-job',
      schedule: '0 0 1 1 *',
      runAtStart: true,
      async run({ db }) {
        jobStarted.open();
        await jobMayFinish.opened;
        // The database is still open once the listener has closed: jobs stop before the pools.
        await db.selectFrom('products').select('id').limit(1).execute();
        jobWroteAfterRelease = true;
        return {};
      },
    };
    const t = await createTestApp(target, {
      jobs: [slowJob],
      routes: async (app) => {
        app.get('/test/slow', async () => {
          await slowRequest.opened;
          return { done: true };
        });
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    t.app.jobs.start();
    await jobStarted.opened;

    const inFlight = get(port, '/test/slow');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopping = shutDownGracefully(t.app, { delayMs: 400, graceMs: 10_000 });

    // During the delay: /healthz tells the proxy to go, everything else is still answered.
    expect(await get(port, '/healthz')).toMatchObject({ status: 503, body: '{"status":"draining"}' });
    expect((await get(port, '/openapi.json')).status).toBe(200);

    // Then, once no connection has come for a while (so probes leave gaps for it), the listener
    // closes: a new connection is refused (a proxy retries it elsewhere)...
    await until(() => refused(port), 5_000, QUIET_BEFORE_CLOSE_MS + 100);
    // ...while the request in flight and the running job still finish, and only then does it stop.
    let stopped = false;
    void stopping.then(() => (stopped = true));
    slowRequest.open();
    expect(await inFlight).toEqual({ status: 200, body: '{"done":true}' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stopped).toBe(false);
    jobMayFinish.open();
    expect(await stopping).toBe('clean');
    expect(jobWroteAfterRelease).toBe(true);
    await t.close();
  });

  it('answers a request whose connection still waits in the accept queue when the drain delay ends', async () => {
    const t = await createTestApp(target);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    // As nginx does to a busy instance just before taking it out of rotation: the connection is
    // made (the kernel completes it and queues it) and its request sent, and the delay ends before
    // the instance's event loop has come round to accept it.
    const answer = get(port, '/openapi.json').then(
      (response) => response.status,
      (error: NodeJS.ErrnoException) => error.code,
    );
    await new Promise((resolve) => process.nextTick(resolve)); // the client's connect() has run
    const stopping = shutDownGracefully(t.app, { delayMs: 0, graceMs: 5_000 });
    // Closing the listener now would make the kernel reset it, and a proxy never resends a POST
    // it has sent; the listener closes only once it has been quiet.
    expect(await answer).toBe(200);
    expect(await stopping).toBe('clean');
    await t.close();
  });

  it('cuts what is still open when the grace runs out, and halts the job that would not finish', async () => {
    const never = gate();
    const jobStarted = gate();
    const stuckJob: Job = {
      name: 'stuck-job',
      schedule: '0 0 1 1 *',
      runAtStart: true,
      async run() {
        jobStarted.open();
        await never.opened;
        return {};
      },
    };
    const t = await createTestApp(target, {
      jobs: [stuckJob],
      routes: async (app) => {
        app.get('/test/hang', async () => {
          await never.opened;
          return {};
        });
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    t.app.jobs.start();
    await jobStarted.opened;
    const hanging = get(port, '/test/hang').then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    expect(await shutDownGracefully(t.app, { delayMs: 0, graceMs: 300 })).toBe('cut');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await hanging).toBe('cut');
    await t.close();
  });
});

describe('the server process', () => {
  it('drains and exits 0 on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-shutdown-'));
    const webDist = path.join(dataDir, 'web');
    fs.mkdirSync(webDist);
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const child = spawn('sh', ['server/bin/serve'], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: {
        PATH: process.env.PATH,
        APP_ENV: 'sandbox',
        SANDBOX_PAYMENT_SECRET: TEST_SANDBOX_SECRET,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIST_DIR: webDist,
        SHUTDOWN_DELAY_MS: '200',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await until(
        () =>
          get(port, '/healthz').then(
            (response) => response.status === 200,
            () => false,
          ),
        60_000,
      );
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('shutting down: /healthz answers 503 from now on');
      expect(output).toContain('"outcome":"clean"');
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
