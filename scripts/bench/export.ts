// CSV export benchmark (decision 0099): the orders export of a 1,000,000-order book, streamed over a
// real HTTP request from a listening server and read as a stream, must go out in flat memory: the
// server process's RSS, sampled every 50 ms, may grow at most --max-growth-mb (100) over its
// baseline, and the heap retained after V8's own full collections (none is forced during the
// stream) must stay level (within 20 MB) from the first tenth of the rows to the last.
// The book is seeded by seed-orders.ts in a child process, so this process's memory is the
// server's and its reading client's (read by curl from outside instead, the growth was the
// same). Prints rows, seconds, rows/s, MB/s, and the RSS baseline and peak.
//   npm run bench:export [-- --orders 1000000 --max-growth-mb 100 --postgres postgres://…/postgres]
//   npm run bench:export -- --database kwarta_bench_1m   (seeded and kept the first time, reused after)
//   npm run bench:export -- --promoted   (also: where the objects that outlived young collections were allocated)
//   npm run bench:export -- --sqlite   (the SQLite book instead: seeded and kept the first time, reused after)
import type { AddressInfo } from 'node:net';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { OPERATOR_SESSION_COOKIE, endpoints } from '@kwarta/contract';
import { createOperator, createOperatorSession } from '../../server/src/features/operators/index.ts';
import { benchAppOnBook, benchAppOnSqliteBook, openBenchBook } from './bench-book.ts';
import { Session } from 'node:inspector/promises';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : args[index + 1]!;
};
const orderCount = Number(option('--orders', '1000000'));
// Where the objects that outlived the young generation were allocated (the heap's growth between
// V8's full collections): V8's sampling heap profiler, keeping what minor collections freed out.
const profilePromoted = args.includes('--promoted');
const maxGrowthMb = Number(option('--max-growth-mb', '100'));
const adminUrl = option(
  '--postgres',
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const MB = 1024 * 1024;

const bookOptions = { bench: 'export', script: import.meta.url, args, adminUrl, orderCount };
const sqlite = args.includes('--sqlite') || args.includes('--seed-into-sqlite');
const book = sqlite ? null : await openBenchBook(bookOptions);
let passed = false;
try {
  const app = book ? await benchAppOnBook(book, 'export') : await benchAppOnSqliteBook(bookOptions);
  await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const expected = await app.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const operatorId = await createOperator(app.db, {
      name: `bench-export-${Date.now()}`,
      role: 'finance',
      now: new Date(),
    });
    const { token } = await createOperatorSession(app.db, { operatorId, now: app.clock.now() });
    const { port } = app.server.address() as AddressInfo;

    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const promoted = profilePromoted ? await startPromotedProfile() : null;
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}${endpoints.consoleExportOrders.path}`, {
      headers: { cookie: `${OPERATOR_SESSION_COOKIE}=${token}` },
    });
    if (response.status !== 200 || !response.body) throw new Error(`HTTP ${response.status}`);
    let bytes = 0;
    let lines = 0;
    // The heap in use right after each full collection V8 makes on its own (none is forced: a
    // forced one would hide the swing the budget is about): what is retained. Flat memory keeps it
    // level; a leak makes it climb. Read at each tenth of the rows, with the RSS.
    let retainedNow = process.memoryUsage().heapUsed;
    let majorCount = 0;
    const majorCollections = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const detail = (entry as { detail?: { kind?: number } }).detail;
        if (detail?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
        majorCount += 1;
        retainedNow = process.memoryUsage().heapUsed;
      }
    });
    majorCollections.observe({ entryTypes: ['gc'] });
    const tenths: { rss: number; retained: number }[] = [];
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
      if (lines >= ((tenths.length + 1) * Number(expected.n)) / 10) {
        tenths.push({ rss: process.memoryUsage().rss, retained: retainedNow });
      }
    }
    majorCollections.disconnect();
    if (promoted) console.log(await promoted.top(8));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    const rows = lines - 1; // the header
    const growth = (peak - baseline) / MB;
    const retained = tenths.map((tenth) => tenth.retained / MB);
    const flat = Math.max(...retained) <= retained[0]! + 20;
    passed = rows === Number(expected.n) && growth <= maxGrowthMb && flat;
    console.log(
      `orders.csv: ${rows} rows (of ${Number(expected.n)}), ${(bytes / MB).toFixed(0)} MB in ${seconds.toFixed(1)} s: ` +
        `${Math.round(rows / seconds)} rows/s, ${(bytes / MB / seconds).toFixed(1)} MB/s`,
    );
    console.log(
      `${sqlite ? 'SQLite' : 'PostgreSQL'} server RSS: ${(baseline / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB ` +
        `(+${growth.toFixed(0)} MB; budget +${maxGrowthMb} MB) ${passed ? 'ok' : 'FAILED'}`,
    );
    console.log(
      `at each tenth of the rows, RSS (MB): ${tenths.map((tenth) => (tenth.rss / MB).toFixed(0)).join(' ')}; ` +
        `heap retained after V8's last full collection (${majorCount} during the stream; MB): ` +
        `${retained.map((mb) => mb.toFixed(0)).join(' ')} ${flat ? 'flat' : 'GROWING'}`,
    );
  } finally {
    await app.close();
  }
} finally {
  await book?.drop();
}
// Exit once stdout has drained: into a pipe, process.exit would drop the last lines.
process.stdout.write('', () => process.exit(passed ? 0 : 1));

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

/** V8's sampling heap profiler over the stream, objects freed by minor collections left out. */
async function startPromotedProfile() {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 16_384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: false,
  });
  return {
    /** The `count` allocation sites (their last three frames) that allocated the most, in MB. */
    async top(count: number): Promise<string> {
      const { profile } = (await session.post('HeapProfiler.stopSampling')) as {
        profile: { head: SamplingNode };
      };
      session.disconnect();
      const bySite = new Map<string, number>();
      const walk = (node: SamplingNode, frames: string[]) => {
        const { functionName, url, lineNumber } = node.callFrame;
        const here = [
          ...frames,
          `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber}`,
        ];
        if (node.selfSize > 0) {
          const site = here.slice(-3).reverse().join(' < ');
          bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
        }
        for (const child of node.children) walk(child, here);
      };
      walk(profile.head, []);
      const lines = [...bySite]
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .map(([site, bytes]) => `  ${(bytes / MB).toFixed(1).padStart(6)} MB  ${site}`);
      return ['allocated and outlived young collections, by site:', ...lines].join('\n');
    },
  };
}
