// API read benchmark (DESIGN §4): 100 keep-alive connections against a borrower read on SQLite,
// next to a Fastify hello-world measured in the same run.
//   npm run bench:api [-- --seconds 10 --rounds 5 --connections 100]
// Each target gets `seconds` in all, in `rounds` turns taken in rotation (hello-world, contact,
// loan-details, hello-world, …), so a machine that speeds up or slows down during the run (a
// shared VM does) weighs on every target alike instead of on whichever ran last.
// The server runs as its own process (sandbox, fresh data); the load comes from this process.
// Each target keeps its 100 connections from its warm-up to the end (load.ts, loadConnections).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { routes } from '@kwarta/contract';
import { freePort, startTestServer } from '../../e2e/support/test-server.ts';
import { combineLoads, loadConnections, runLoad, type LoadResult } from './load.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : Number(args[index + 1]);
};
const seconds = option('--seconds', 10);
const rounds = option('--rounds', 5);
const connections = option('--connections', 100);

/**
 * A process's CPU time so far in µs (Linux /proc; undefined elsewhere). On a machine shared with
 * other work the requests per second swing with the neighbours; the server's CPU time per answer
 * says what each answer costs (decision 0117).
 */
function cpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, in clock ticks of 10 ms (USER_HZ is 100 on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return undefined;
  }
}

async function startHello(): Promise<{ url: string; pid: number | undefined; stop: () => void }> {
  const port = await freePort();
  const tsx = createRequire(import.meta.url).resolve('tsx');
  const child = spawn(
    process.execPath,
    ['--import', tsx, path.join(import.meta.dirname, 'hello-server.ts')],
    {
      env: { ...process.env, PORT: String(port) },
      stdio: 'inherit',
    },
  );
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

function report(name: string, result: LoadResult, cpu: number | undefined) {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const perAnswer = cpu === undefined ? '' : `  server CPU ${Math.round(cpu / result.requests)} µs/answer`;
  console.log(
    `${name.padEnd(34)} ${Math.round(result.requestsPerSecond).toString().padStart(7)} req/s  p50 ${ms(result.p50).padStart(9)}  p99 ${ms(result.p99).padStart(9)}  max ${ms(result.max).padStart(9)}${perAnswer}  statuses ${JSON.stringify(result.statuses)}  errors ${result.errors}`,
  );
}

/** Runs one turn and adds the CPU time the serving process spent in it to `cpu[target]`. */
async function measuredTurn<T extends string>(
  target: T,
  pid: number | undefined,
  cpu: Partial<Record<T, number>>,
  turn: () => Promise<LoadResult>,
): Promise<LoadResult> {
  const before = cpuMicros(pid);
  const result = await turn();
  const after = cpuMicros(pid);
  if (before !== undefined && after !== undefined) cpu[target] = (cpu[target] ?? 0) + after - before;
  return result;
}

const server = await startTestServer();
const hello = await startHello();
try {
  const session = (await (await fetch(`${server.baseUrl}/dev/demo-session`)).json()) as Record<
    string,
    string
  >;
  const load = { connections, durationMs: (seconds * 1000) / rounds };
  const helloRequest = { url: hello.url, agent: loadConnections(connections) };
  // Warm up each target (JIT, SQLite page cache, its connections) before measuring.
  await runLoad({ ...helloRequest, ...load, durationMs: 2000 });
  const contactUrl = `${server.baseUrl}${routes.contactKfInfo.path}?sessionId=${session.sessionId}`;
  const contactRequest = {
    url: contactUrl,
    method: 'POST' as const,
    body: 'overall=30',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    agent: loadConnections(connections),
  };
  await runLoad({ ...contactRequest, ...load, durationMs: 2000 });
  // The order page's read (DESIGN §4 "order-details read"): the demo session's order.
  const loanDetailsRequest = {
    url: `${server.baseUrl}${routes.loanDetails.path}?sessionId=${session.sessionId}`,
    method: 'POST' as const,
    body: `productId=${session.productId}&orderId=${session.orderId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    agent: loadConnections(connections),
  };
  await runLoad({ ...loanDetailsRequest, ...load, durationMs: 2000 });

  const turns: Record<'hello' | 'contact' | 'loanDetails', LoadResult[]> = {
    hello: [],
    contact: [],
    loanDetails: [],
  };
  const cpu: Partial<Record<keyof typeof turns, number>> = {};
  for (let round = 0; round < rounds; round += 1) {
    turns.hello.push(
      await measuredTurn('hello', hello.pid, cpu, () => runLoad({ ...helloRequest, ...load })),
    );
    turns.contact.push(
      await measuredTurn('contact', server.pid, cpu, () => runLoad({ ...contactRequest, ...load })),
    );
    turns.loanDetails.push(
      await measuredTurn('loanDetails', server.pid, cpu, () => runLoad({ ...loanDetailsRequest, ...load })),
    );
  }
  const helloResult = combineLoads(turns.hello);
  const contactResult = combineLoads(turns.contact);
  const loanDetailsResult = combineLoads(turns.loanDetails);
  console.log(
    `${connections} connections, ${seconds} s each in ${rounds} interleaved rounds, loopback, 2-core machine, load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}\n`,
  );
  report('fastify hello-world', helloResult, cpu.hello);
  report('contact-kf-info (session + read)', contactResult, cpu.contact);
  report('loan-details (session + order read)', loanDetailsResult, cpu.loanDetails);
  const ratio = (result: LoadResult) =>
    `${((result.requestsPerSecond / helloResult.requestsPerSecond) * 100).toFixed(0)}% of hello-world (budget ≥ 50%)`;
  console.log(
    `\ncontact-kf-info: ${ratio(contactResult)}, p99 ${contactResult.p99.toFixed(1)} ms (budget ≤ 20 ms)`,
  );
  console.log(
    `loan-details: ${ratio(loanDetailsResult)}, p99 ${loanDetailsResult.p99.toFixed(1)} ms ` +
      `(budget ≤ 2× hello-world's ${helloResult.p99.toFixed(1)} ms = ${(helloResult.p99 * 2).toFixed(1)} ms; ≤ 20 ms)`,
  );
  for (const request of [helloRequest, contactRequest, loanDetailsRequest]) request.agent.destroy();
} finally {
  hello.stop();
  await server.stop();
}
