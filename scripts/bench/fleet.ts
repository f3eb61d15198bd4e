// Mixed borrower traffic through nginx in front of a fleet (scripts/fleet), with rolling restarts
// of every instance and a kill -9 of one after them (decision 0100):
//   npm run bench:fleet [-- --seconds 60 --connections 200 --compare-seconds 15 --restarts 1]
// `--restarts N` restarts the whole fleet N times in a row, so a rare drop shows; the main run
// lasts `--seconds` or until the restarts and the kill are over, whichever is longer.
// Prints the throughput of 1 and of 2 instances side by side, then the failed requests of the
// main run: those in flight on the killed instance at the kill (the only ones allowed to fail)
// and all others (the goal: 0), each with what nginx's access log says of its request id. Afterwards
// it checks by query that no order, payment or journal row was duplicated or lost. Exits 1 when a
// request other than one in flight at the kill failed, or a check fails.
import { sql } from 'kysely';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { routes } from '@kwarta/contract';
import { E2E_SERVER_MODE } from '../../e2e/support/test-server.ts';
import { loadConfig } from '../../server/src/config.ts';
import { createDatabase } from '../../server/src/db/database.ts';
import { sandboxPostback } from '../../server/src/features/payments/sandbox.ts';
import { repayableOrder } from '../../server/test/support/repayment.ts';
import { startFleet, type Fleet } from '../fleet/fleet.ts';
import { benchBorrowers, benchProduct, borrowerCalls, FORM_HEADERS } from './bench-borrowers.ts';
import { loadConnections, runLoad, sendRequest, type LoadRequest, type LoadResult } from './load.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    connections: { type: 'string', default: '200' },
    'compare-seconds': { type: 'string', default: '15' },
    restarts: { type: 'string', default: '1' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const compareSeconds = Number(values['compare-seconds']);
const restarts = Number(values.restarts);
if (!Number.isInteger(restarts) || restarts < 1 || restarts > 100) {
  console.error('bench:fleet: --restarts must be a whole number from 1 to 100');
  process.exit(2);
}
/** Orders the provider loops pay, one instalment at a time; each has this many. */
const PAYABLE_ORDERS = 40;
const INSTALMENTS = 12;
const PROVIDER_LOOPS = 4;

const log = (line: string) => console.log(`${(performance.now() / 1000).toFixed(1).padStart(6)} s  ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const fleet = await startFleet({
  instances: 2,
  appEnv: 'sandbox',
  // The fleet must not shed this load: the bench is about restarts, not overload. Neither by
  // requests in flight nor by event-loop lag, which a machine shared with other work pushes past
  // the default second now and then (a run answered 33 requests 503 so).
  env: { ...E2E_SERVER_MODE, MAX_IN_FLIGHT: '100000', MAX_EVENT_LOOP_DELAY_MS: '60000', LOG_LEVEL: 'info' },
  log,
});
const config = loadConfig({ ...fleet.env, LOG_LEVEL: 'silent' });
const { db } = createDatabase(config);
let failed = false;
try {
  // Borrowers, one per connection, with sessions; and orders to pay, each with its own borrower.
  const product = await benchProduct(db);
  // Two sets: each borrower's first push makes an order and the later ones are refused (one open
  // order each), so the main run gets borrowers the throughput runs have not used.
  const allBorrowers = await benchBorrowers(db, config, 2 * connections, '136');
  let borrowers = allBorrowers.slice(0, connections);
  const app = { db, config, clock: { now: () => new Date() } };
  const payable: Awaited<ReturnType<typeof repayableOrder>>[] = [];
  for (let index = 0; index < PAYABLE_ORDERS; index += 1) {
    payable.push(await repayableOrder(app, { status: 170, lines: INSTALMENTS }));
  }

  let turn = 0;
  /**
   * Reads most of the time, order pushes (idempotent per requestId) beside them; each with a
   * request id of its own, to find a failed one in nginx's access log and the instances' logs.
   */
  const next = (connection: number): LoadRequest => {
    turn += 1;
    const borrower = borrowers[connection]!;
    const kind = turn % 10;
    const call =
      kind < 5
        ? borrowerCalls.contactInfo(borrower)
        : kind < 8
          ? borrowerCalls.loanConfirm(borrower, product)
          : borrowerCalls.loanPush(borrower, product);
    return { ...call, headers: { ...call.headers, 'x-request-id': `bench-request-${turn}` } };
  };

  // Throughput of 1 and of 2 instances, the same load through the same nginx.
  const measure = async (label: string): Promise<LoadResult> => {
    const agent = loadConnections(connections);
    const result = await runLoad({
      url: fleet.url,
      next,
      agent,
      connections,
      durationMs: compareSeconds * 1000,
    });
    agent.destroy();
    log(
      `${label}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms`,
    );
    return result;
  };
  await fleet.kill(1);
  await sleep(3_000);
  const one = await measure('1 instance');
  await fleet.start(1);
  await sleep(3_000);
  const two = await measure('2 instances');
  borrowers = allBorrowers.slice(connections);

  // The main run: answers recorded with their times, to tell requests in flight at the kill apart.
  interface Answer {
    label: string;
    requestId: string | null;
    sentAt: number;
    answeredAt: number;
    failure: string | null;
  }
  const answers: Answer[] = [];
  const pushes = new Map<string, 'ok' | 'refused' | 'failed'>();
  const pushRequests = new Map<string, LoadRequest>();
  const onAnswer = (
    request: LoadRequest,
    answer: { status: number; body: string } | { error: string },
    sentAt: number,
  ) => {
    const failure = 'error' in answer ? answer.error : answer.status >= 500 ? `HTTP ${answer.status}` : null;
    answers.push({
      label: request.label,
      requestId: request.headers?.['x-request-id'] ?? null,
      sentAt,
      answeredAt: performance.now(),
      failure,
    });
    if (request.label.startsWith('write: loan-detail-push')) {
      const requestId = new URLSearchParams(request.body).get('requestId')!;
      const ok = !('error' in answer) && answer.status === 200 && answer.body.includes('"orderId"');
      pushes.set(requestId, ok ? 'ok' : failure ? 'failed' : 'refused');
      pushRequests.set(requestId, request);
    }
  };

  // The payment provider: pay codes made through nginx, each reported paid by a signed postback
  // through nginx and then again straight to an instance (providers repeat themselves).
  const postbacksOk = new Set<string>();
  let stopProviders = false;
  const providerAgent = loadConnections(PROVIDER_LOOPS);
  const providerLoop = async (loop: number) => {
    let round = loop;
    while (!stopProviders) {
      const order = payable[round % payable.length]!;
      round += PROVIDER_LOOPS;
      const sentAt = performance.now();
      // A borrower's call, sent as the load's are: again if nginx closed its kept-alive connection.
      const requestId = `bench-vcode-${loop}-${round}`;
      const { answer } = await sendRequest(
        new URL(`${routes.generateVcode.path}?sessionId=${order.session.sessionId}`, fleet.url),
        {
          method: 'POST',
          headers: { ...FORM_HEADERS, 'x-request-id': requestId },
          body: new URLSearchParams({
            productId: String(order.productId),
            orderId: String(order.orderId),
            channelNumber: 'BAYD',
          }).toString(),
        },
        providerAgent,
        { readBody: true },
      );
      answers.push({
        label: 'provider: generate-vcode',
        requestId,
        sentAt,
        answeredAt: performance.now(),
        failure: 'error' in answer ? answer.error : answer.status >= 500 ? `HTTP ${answer.status}` : null,
      });
      if ('error' in answer || !answer.body.includes('"00"')) continue; // paid off, or a failure counted above
      const pending = await db
        .selectFrom('payments')
        .select(['txnid', 'ref_no', 'expected_amount'])
        .where('order_id', '=', order.orderId)
        .where('status', '=', 'pending')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!pending) continue;
      const body = sandboxPostback(E2E_SERVER_MODE.SANDBOX_PAYMENT_SECRET, {
        txnid: pending.txnid,
        refNo: pending.ref_no,
        status: 'S',
        amount: pending.expected_amount,
      }).toString();
      const targets = [fleet.url, fleet.instances[round % fleet.instances.length]!.url];
      for (const target of targets) {
        // A provider retries a postback it got no answer to; so does this one, a few times.
        for (let attempt = 1; attempt <= 5; attempt += 1) {
          const answer = await fetch(`${target}/payments/sandbox/postback`, {
            method: 'POST',
            headers: FORM_HEADERS,
            body,
          }).then(
            (response) => response.text(),
            () => null,
          );
          if (answer === 'result=OK') {
            postbacksOk.add(pending.txnid);
            break;
          }
          await sleep(500);
        }
      }
    }
  };

  const scrapes: string[] = [];
  const started = performance.now();
  const providers = Array.from({ length: PROVIDER_LOOPS }, (_, loop) => providerLoop(loop));
  // From just before SIGKILL until its exit is seen: a request sent to it in that time was in flight there.
  let killAt = Number.NaN;
  let killedBy = Number.NaN;
  /** Each rolling restart's span, and the wall-clock time the kill began (nginx logs by the clock). */
  const rollings: { from: number; to: number }[] = [];
  let killClock = Number.NaN;
  const loadOver = new AbortController();
  const disruptions = (async () => {
    await sleep(seconds * 1000 * 0.15);
    for (let round = 1; round <= restarts; round += 1) {
      const from = performance.now();
      log(`rolling restart ${round} of ${restarts}: begins`);
      await fleet.rollingRestart();
      rollings.push({ from, to: performance.now() });
      log(`rolling restart ${round} of ${restarts}: done`);
    }
    await sleep(Math.max(2_000, started + seconds * 1000 * 0.8 - performance.now()));
    scrapes.push(await scrapeFleet(fleet, 'before the kill'));
    killClock = Date.now();
    killAt = performance.now();
    await fleet.kill(0);
    killedBy = performance.now();
    log('kill -9 of instance 1');
    await sleep(2_000);
    await fleet.start(0);
    // Traffic goes on a while with the killed instance back, as it does after the restarts.
    await sleep(Math.max(seconds * 1000 * 0.1, started + seconds * 1000 - performance.now()));
  })().finally(() => loadOver.abort());
  const agent = loadConnections(connections);
  const result = await runLoad({
    url: fleet.url,
    next,
    agent,
    connections,
    // Until the disruptions are over (at least `seconds`, longer with many restarts).
    durationMs: Number.POSITIVE_INFINITY,
    signal: loadOver.signal,
    onAnswer,
  });
  agent.destroy();
  await disruptions;
  stopProviders = true;
  await Promise.all(providers);
  providerAgent.destroy();

  scrapes.push(await scrapeFleet(fleet, 'at the end'));
  // Requests in flight on any instance at the kill: sent before it and answered after it.
  const atKill = (answer: Answer) => answer.sentAt < killedBy && answer.answeredAt >= killAt;
  const inFlightAtKill = answers.filter(atKill);
  const failures = answers.filter((answer) => answer.failure);
  const failedAtKill = failures.filter(atKill);
  const otherFailures = failures.filter((answer) => !failedAtKill.includes(answer));
  const duringRolling = rollings.map(
    (rolling) =>
      otherFailures.filter((answer) => answer.sentAt >= rolling.from && answer.sentAt <= rolling.to).length,
  );
  const rollingSeconds = rollings.map((rolling) => (rolling.to - rolling.from) / 1000);

  console.log(`\nThroughput through nginx (${connections} connections, ${compareSeconds} s each):`);
  console.log(
    `  1 instance   ${Math.round(one.requestsPerSecond)} req/s   p50 ${one.p50.toFixed(1)} ms   p99 ${one.p99.toFixed(1)} ms`,
  );
  console.log(
    `  2 instances  ${Math.round(two.requestsPerSecond)} req/s   p50 ${two.p50.toFixed(1)} ms   p99 ${two.p99.toFixed(1)} ms`,
  );
  console.log(`\nMain run: ${seconds} s, ${connections} connections + ${PROVIDER_LOOPS} provider loops`);
  console.log(
    `  ${answers.length} requests, ${Math.round(result.requestsPerSecond)} req/s of borrower traffic, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms`,
  );
  console.log(
    `  ${restarts} rolling restart${restarts > 1 ? 's' : ''} of ${fleet.instances.length} instances, ` +
      `${Math.min(...rollingSeconds).toFixed(1)}–${Math.max(...rollingSeconds).toFixed(1)} s each: ` +
      `failed requests ${duringRolling.reduce((sum, count) => sum + count, 0)} (per restart ${duringRolling.join(', ')})`,
  );
  console.log(
    `  sent again on a new connection after nginx closed a kept-alive one (reloads): ${result.resent}`,
  );
  console.log(
    `  kill -9 at ${((killAt - started) / 1000).toFixed(1)} s: ${inFlightAtKill.length} requests in flight on the fleet, ${failedAtKill.length} of them failed`,
  );
  console.log(`  failed requests outside the kill: ${otherFailures.length}`);
  // Whether nginx read the request (a line in its access log, with the instance it went to) tells
  // a connection closed before nginx read it from one an instance failed.
  const accessLines = otherFailures.length ? (await readFile(fleet.accessLog, 'utf8')).split('\n') : [];
  for (const failure of otherFailures.slice(0, 10)) {
    const logged = failure.requestId
      ? (accessLines.find((line) => line.includes(`"requestId":"${failure.requestId}"`)) ??
        'not in nginx access log')
      : '';
    console.log(
      `    ${failure.label} at ${((failure.sentAt - started) / 1000).toFixed(1)} s: ${failure.failure} ${logged}`,
    );
  }
  for (const [label, statuses] of Object.entries(result.statusesByLabel).sort())
    console.log(`  ${label.padEnd(28)} ${JSON.stringify(statuses)}`);
  console.log('\n/metrics of each instance (counts since that instance started):');
  for (const scrape of scrapes) console.log(scrape);
  if (otherFailures.length > 0) failed = true;
  // Every time: a drop nginx saw, and the kill's own, say where a failure came from.
  for (const [when, counts] of await nginxErrors(fleet.errorLog, killClock))
    console.log(`  nginx's errors ${when}: ${JSON.stringify(Object.fromEntries(counts))}`);

  // A client whose push got no answer sends it again with the same requestId (the endpoint is
  // idempotent per requestId); then every push answered with an order has exactly that order.
  const unanswered = [...pushes]
    .filter(([, outcome]) => outcome === 'failed')
    .map(([requestId]) => requestId);
  for (const requestId of unanswered) {
    const request = pushRequests.get(requestId)!;
    const answer = await fetch(new URL(request.url, fleet.url), {
      method: 'POST',
      headers: FORM_HEADERS,
      body: request.body,
    }).then(async (response) => ({ status: response.status, body: await response.text() }));
    pushes.set(requestId, answer.status === 200 && answer.body.includes('"orderId"') ? 'ok' : 'refused');
  }
  const checks = await checkData(db, {
    okPushes: [...pushes].filter(([, outcome]) => outcome === 'ok').map(([requestId]) => requestId),
    unansweredPushes: unanswered,
    postbacksOk,
    borrowerIds: allBorrowers.map((borrower) => borrower.id),
  });
  for (const line of checks.lines) console.log(line);
  if (!checks.ok) failed = true;
} finally {
  await db.destroy();
  await fleet.stop();
}
console.log(failed ? 'FAILED' : 'OK');
process.exit(failed ? 1 : 0);

/** nginx's error log, counted by reason, before the kill (the restarts) and from the kill on. */
async function nginxErrors(errorLog: string, killClock: number): Promise<[string, Map<string, number>][]> {
  const before = new Map<string, number>();
  const after = new Map<string, number>();
  for (const line of (await readFile(errorLog, 'utf8')).split('\n')) {
    const match = /^(\S+ \S+) \[error\] [^:]+: \*\d+ ([^,]+)/.exec(line);
    if (!match) continue;
    // nginx logs local time, to the second.
    const at = new Date(match[1]!.replaceAll('/', '-').replace(' ', 'T')).getTime();
    const counts = at < Math.floor(killClock / 1000) * 1000 ? before : after;
    counts.set(match[2]!, (counts.get(match[2]!) ?? 0) + 1);
  }
  return [
    ['before the kill', before],
    ['from the kill on', after],
  ];
}

/** One sample line of Prometheus' text format: name, labels, value. */
function samples(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) return null;
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((label) => [label[1]!, label[2]!]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    })
    .filter((sample) => sample !== null);
}

/** The series README "Monitoring" lists, summed per instance, as a few lines to read. */
async function scrapeFleet(fleet: Fleet, when: string): Promise<string> {
  const lines = [`  ${when}:`];
  for (const instance of fleet.instances) {
    const response = await fetch(`${instance.url}/metrics`, {
      headers: { authorization: `Bearer ${fleet.env.METRICS_TOKEN}` },
    }).catch(() => null);
    if (!response?.ok) {
      lines.push(`    instance ${instance.number}: no answer`);
      continue;
    }
    const all = samples(await response.text());
    const sum = (name: string, match: Record<string, string | RegExp> = {}) =>
      all
        .filter(
          (sample) =>
            sample.name === name &&
            Object.entries(match).every(([key, want]) =>
              typeof want === 'string' ? sample.labels[key] === want : want.test(sample.labels[key] ?? ''),
            ),
        )
        .reduce((total, sample) => total + sample.value, 0);
    const requests = sum('kwarta_http_requests_total');
    const seconds = sum('kwarta_http_request_duration_seconds_sum');
    const byOutcome = (outcome: string) => sum('kwarta_payments_total', { provider: 'sandbox', outcome });
    lines.push(
      `    instance ${instance.number}: requests ${requests} (5xx ${sum('kwarta_http_requests_total', { status: /^5/ })}), ` +
        `mean ${((seconds / Math.max(1, requests)) * 1000).toFixed(1)} ms, in flight ${sum('kwarta_http_requests_in_flight')}, ` +
        `event-loop max ${(sum('kwarta_event_loop_delay_max_seconds') * 1000).toFixed(0)} ms; ` +
        `pool open ${sum('kwarta_db_pool_connections', { state: 'open' })}, waiting ${sum('kwarta_db_pool_waiting')}, ` +
        `queries ${sum('kwarta_db_query_duration_seconds_count')}; ` +
        `payments sandbox created ${byOutcome('created')}, posted ${byOutcome('posted')}; ` +
        `job runs ${sum('kwarta_job_runs_total')}`,
    );
  }
  return lines.join('\n');
}

/** By query: no order, payment, allocation or journal entry duplicated or lost. */
async function checkData(
  db: ReturnType<typeof createDatabase>['db'],
  input: { okPushes: string[]; unansweredPushes: string[]; postbacksOk: Set<string>; borrowerIds: number[] },
): Promise<{ ok: boolean; lines: string[] }> {
  const lines: string[] = ['\nData afterwards:'];
  let ok = true;
  const check = (good: boolean, line: string) => {
    lines.push(`  ${good ? 'ok  ' : 'FAIL'} ${line}`);
    if (!good) ok = false;
  };
  const ordersByRequest = await db
    .selectFrom('orders')
    .select(['request_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('borrower_id', 'in', input.borrowerIds)
    .groupBy('request_id')
    .execute();
  const counts = new Map(ordersByRequest.map((row) => [row.request_id, Number(row.count)]));
  const duplicated = ordersByRequest.filter((row) => Number(row.count) > 1).length;
  const lost = input.okPushes.filter((requestId) => !counts.has(requestId)).length;
  check(duplicated === 0, `orders with the same requestId twice: ${duplicated}`);
  check(
    lost === 0,
    `pushes answered with an order whose order is missing: ${lost} of ${input.okPushes.length}`,
  );
  const openTwice = await db
    .selectFrom('orders')
    .select('borrower_id')
    .where('borrower_id', 'in', input.borrowerIds)
    .where('status', 'in', [21, 151, 170, 174, 180])
    .groupBy('borrower_id')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  check(openTwice.length === 0, `borrowers with two open orders: ${openTwice.length}`);
  lines.push(
    `  (pushes without an answer, e.g. at the kill, sent again with their requestId: ${input.unansweredPushes.length})`,
  );

  const txnids = [...input.postbacksOk];
  const payments = txnids.length
    ? await db
        .selectFrom('payments')
        .leftJoin('payment_allocations', 'payment_allocations.payment_id', 'payments.id')
        .select([
          'payments.txnid',
          'payments.status',
          'payments.received_amount',
          (eb) => eb.fn.coalesce(eb.fn.sum<number>('payment_allocations.amount'), eb.lit(0)).as('allocated'),
        ])
        .where('payments.txnid', 'in', txnids)
        .groupBy(['payments.txnid', 'payments.status', 'payments.received_amount'])
        .execute()
    : [];
  const notPaid = payments.filter((payment) => payment.status !== 'paid').length;
  const allocatedWrong = payments.filter(
    (payment) => Number(payment.allocated) !== payment.received_amount,
  ).length;
  check(
    payments.length === txnids.length,
    `payments the provider was told OK for: ${txnids.length}, found ${payments.length}`,
  );
  check(notPaid === 0, `of them not paid: ${notPaid}`);
  check(allocatedWrong === 0, `of them allocated other than once, in full: ${allocatedWrong}`);
  // The ledger: each of those payments booked once (its event key is unique), every entry balanced.
  const booked = txnids.length
    ? await db
        .selectFrom('journal_entries')
        .innerJoin('payments', 'payments.id', 'journal_entries.payment_id')
        .select(['payments.txnid', (eb) => eb.fn.countAll<number>().as('entries')])
        .where('payments.txnid', 'in', txnids)
        .where('journal_entries.event_key', 'like', 'payment:%:applied')
        .groupBy('payments.txnid')
        .execute()
    : [];
  const bookedOnce = booked.filter((row) => Number(row.entries) === 1).length;
  check(bookedOnce === txnids.length, `of them with exactly one journal entry: ${bookedOnce}`);
  const unbalanced = await db
    .selectFrom('journal_lines')
    .select('entry_id')
    .groupBy('entry_id')
    .having(sql`sum(debit)`, '<>', sql`sum(credit)`)
    .execute();
  check(unbalanced.length === 0, `journal entries that do not balance: ${unbalanced.length}`);
  return { ok, lines };
}
