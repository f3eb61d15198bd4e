// Where the order page's read spends the server's time (decision 0117): the server runs under
// V8's sampling profiler (`--cpu-prof`) while 100 connections drive loan-details, then its profile
// is folded into the frames with the most self and total time, and into folded stacks (one line a
// stack, `frame;frame;frame count`) that flame-graph tools draw.
//   npm run bench:api-profile [-- --seconds 10 --connections 100 --top 25 --folded out.folded]
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { routes } from '@kwarta/contract';
import { startTestServer } from '../../e2e/support/test-server.ts';
import { loadConnections, runLoad } from './load.ts';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
};
const seconds = Number(option('--seconds') ?? 10);
const connections = Number(option('--connections') ?? 100);
const top = Number(option('--top') ?? 25);
const foldedPath = option('--folded');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  /** Microseconds of the monotonic clock, which process.hrtime reads too (Linux). */
  startTime: number;
  timeDeltas: number[];
}

/** Now on the profile's clock, in microseconds. */
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** A frame's name: its function and where it is, relative to the repository or node_modules. */
function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const name = functionName || '(anonymous)';
  if (!url) return name;
  const file = url.replace(/^file:\/\//, '');
  const modules = file.lastIndexOf('node_modules/');
  const where =
    modules >= 0
      ? file.slice(modules + 'node_modules/'.length)
      : file.startsWith(process.cwd())
        ? path.relative(process.cwd(), file)
        : file;
  return `${name} ${where}:${lineNumber + 1}`;
}

/**
 * Self and total samples per frame name, and the folded stacks, of the samples taken from `from`
 * to `to` (the load's window: the server's start, its module loading, is left out).
 */
export function foldProfile(
  profile: CpuProfile,
  from: number,
  to: number,
): {
  samples: number;
  self: Map<string, number>;
  total: Map<string, number>;
  folded: Map<string, number>;
} {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const hits = new Map<number, number>();
  let at = profile.startTime;
  let samples = 0;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (at < from || at > to) return;
    samples += 1;
    hits.set(id, (hits.get(id) ?? 0) + 1);
  });

  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const folded = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, count: number) =>
    map.set(key, (map.get(key) ?? 0) + count);
  for (const [id, count] of hits) {
    const stack: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at);
      if (node && node.callFrame.functionName !== '(root)') stack.push(frameName(node));
    }
    stack.reverse();
    add(self, stack.at(-1) ?? '(root)', count);
    // A recursive frame counts once per sample toward its total.
    for (const name of new Set(stack)) add(total, name, count);
    add(folded, stack.join(';'), count);
  }
  return { samples, self, total, folded };
}

function printTop(title: string, counts: Map<string, number>, samples: number): void {
  console.log(`\n${title}`);
  const rows = [...counts].sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [name, count] of rows) {
    console.log(`${((count / samples) * 100).toFixed(1).padStart(6)}%  ${name}`);
  }
}

const profileDir = await mkdtemp(path.join(os.tmpdir(), 'kwarta-cpu-prof-'));
const server = await startTestServer({
  env: { SERVE_NODE_FLAGS: `--cpu-prof --cpu-prof-dir=${profileDir}` },
});
let stopped = false;
let from = 0;
let to = 0;
try {
  const session = (await (await fetch(`${server.baseUrl}/dev/demo-session`)).json()) as Record<
    string,
    string
  >;
  const request = {
    url: `${server.baseUrl}${routes.loanDetails.path}?sessionId=${session.sessionId}`,
    method: 'POST' as const,
    body: `productId=${session.productId}&orderId=${session.orderId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    agent: loadConnections(connections),
  };
  // Warmed up first (JIT, SQLite's pages, the connections), as bench:api does; profiled after.
  await runLoad({ ...request, connections, durationMs: 2000 });
  from = monotonicMicros();
  const result = await runLoad({ ...request, connections, durationMs: seconds * 1000 });
  to = monotonicMicros();
  request.agent.destroy();
  console.log(
    `loan-details under --cpu-prof: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99.toFixed(1)} ms, statuses ${JSON.stringify(result.statuses)}`,
  );
  // The profile is written when the process exits; the server exits 0 on its first SIGTERM.
  await server.stop();
  stopped = true;
  const files = (await readdir(profileDir)).filter((name) => name.endsWith('.cpuprofile'));
  if (files.length === 0) throw new Error(`no .cpuprofile was written to ${profileDir}`);
  // tsx's module loader runs in a thread of its own, with a profile of its own: the server's
  // main thread is the one whose profile has Fastify in it.
  let main: CpuProfile | undefined;
  for (const file of files) {
    const profile = JSON.parse(await readFile(path.join(profileDir, file), 'utf8')) as CpuProfile;
    if (profile.nodes.some((node) => node.callFrame.url.includes('node_modules/fastify/'))) main = profile;
  }
  if (!main) throw new Error(`no profile of the server's main thread in ${profileDir}`);
  const { samples, self, total, folded } = foldProfile(main, from, to);
  console.log(`${samples} samples`);
  printTop('Top frames by self time', self, samples);
  printTop('Top frames by total time', total, samples);
  if (foldedPath) {
    const lines = [...folded].sort((a, b) => b[1] - a[1]).map(([stack, count]) => `${stack} ${count}`);
    await writeFile(foldedPath, `${lines.join('\n')}\n`);
    console.log(`\nfolded stacks: ${foldedPath}`);
  }
} finally {
  if (!stopped) await server.stop();
  await rm(profileDir, { recursive: true, force: true });
}
