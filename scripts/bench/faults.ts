// Mixed borrower load on PostgreSQL (and Redis, when one answers) with database backends killed
// in the middle: every answer must be a success, a business refusal or a clean 503 with
// Retry-After, never a 500 (decision 0085).
//   npm run bench:faults [-- --seconds 60 --connections 200 --kills 2]
//   npm run bench:faults -- --money [--orders 200 --seconds 30 --kills 4]   (faults-money.ts)
// The server runs as its own process (server/bin/serve, sandbox, a throwaway database and Redis
// key prefix); the load comes from this process over keep-alive connections on loopback. Each
// connection plays one of 200 borrowers; a tenth of them share 20 borrowers' bindings, so binds of
// one borrower run in parallel all the time. Exits 1 on any 5xx other than 503 (the clean answer
// while the database is away), a connection error, or data that breaks a rule afterwards (two
// default accounts, two open orders).
import { randomBytes } from 'node:crypto';
import { routes } from '@kwarta/contract';
import { E2E_SERVER_MODE, startTestServer } from '../../e2e/support/test-server.ts';
import { loadConfig } from '../../server/src/config.ts';
import { createDatabase } from '../../server/src/db/database.ts';
import { terminateBackends } from '../../server/test/support/faults.ts';
import { benchBorrowers, benchProduct, borrowerCalls, borrowerPost } from './bench-borrowers.ts';
import { loadConnections, runLoad, type LoadRequest } from './load.ts';
import { LOCAL_REDIS_URL, adminQuery, dropRedisKeys, redisAnswers } from '../support/backing-services.ts';

const args = process.argv.slice(2);
// `--money`: the money paths' fault run instead (postbacks, daily job, write-offs, reviews; faults-money.ts).
if (args.includes('--money')) {
  await import('./faults-money.ts');
  process.exit(process.exitCode ?? 0);
}
const option = (name: string, fallback: number) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : Number(args[index + 1]);
};
const seconds = option('--seconds', 60);
const connections = option('--connections', 200);
const kills = option('--kills', 2);
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = LOCAL_REDIS_URL;

const admin = (query: string) => adminQuery(adminUrl, query);

const dbName = `kwarta_bench_faults_${randomBytes(4).toString('hex')}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
await admin(`CREATE DATABASE ${dbName}`);
const withRedis = await redisAnswers(redisUrl);
const keyPrefix = `kwarta-bench-faults-${randomBytes(4).toString('hex')}:`;
process.env.E2E_DATABASE_URL = databaseUrl;
if (withRedis) {
  process.env.E2E_REDIS_URL = redisUrl;
  process.env.REDIS_KEY_PREFIX = keyPrefix;
}
// The server itself must not shed this load: the bench is about what a fault does.
process.env.MAX_IN_FLIGHT = '100000';

const server = await startTestServer().catch(async (error: unknown) => {
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  throw error;
});
const { db } = createDatabase(
  loadConfig({
    ...E2E_SERVER_MODE,
    DATABASE_URL: databaseUrl,
    DATA_DIR: server.dataDir,
    LOG_LEVEL: 'silent',
  }),
);
let failed = false;
try {
  const config = loadConfig({ ...E2E_SERVER_MODE, LOG_LEVEL: 'silent' });
  const product = await benchProduct(db);
  const borrowers = await benchBorrowers(db, config, connections, '135');

  const productId = String(product.id);
  let turn = 0;
  /** Reads most of the time; binds (20 borrowers shared by every connection) and pushes beside them. */
  const next = (connection: number): LoadRequest => {
    turn += 1;
    const borrower = borrowers[connection]!;
    const kind = turn % 10;
    if (kind < 5) return borrowerCalls.contactInfo(borrower);
    if (kind < 7) return borrowerCalls.loanConfirm(borrower, product);
    if (kind < 9) {
      const shared = borrowers[connection % 20]!;
      return borrowerPost('write: bind-card-new', routes.bindCardNew.path, shared.query, {
        product_id: productId,
        cardType: '1',
        channel: '90006',
        holderName: 'Juan Dela Cruz',
        bankCode: 'ICBC',
        cardNo: `62220212${String(turn).padStart(11, '0')}`,
      });
    }
    return borrowerCalls.loanPush(borrower, product);
  };

  const agent = loadConnections(connections);
  const started = Date.now();
  const killedAt: number[] = [];
  const killer = (async () => {
    for (let kill = 1; kill <= kills; kill += 1) {
      const at = (seconds * 1000 * kill) / (kills + 1);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + at - Date.now())));
      const terminated = await terminateBackends(databaseUrl);
      killedAt.push(Math.round((Date.now() - started) / 100) / 10);
      console.log(`kill ${kill}: ${terminated} backends terminated at ${killedAt.at(-1)} s`);
    }
  })();
  const result = await runLoad({ url: server.baseUrl, next, agent, connections, durationMs: seconds * 1000 });
  await killer;
  agent.destroy();

  console.log(
    `\n${connections} connections, ${seconds} s, PostgreSQL${withRedis ? ' + Redis' : ''}, backends killed at ${killedAt.join(' s, ')} s`,
  );
  console.log(
    `${result.requests} requests, ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, connection errors ${result.errors}`,
  );
  for (const [label, statuses] of Object.entries(result.statusesByLabel).sort()) {
    console.log(`  ${label.padEnd(28)} ${JSON.stringify(statuses)}`);
  }
  const serverErrors = Object.entries(result.statuses)
    .filter(([status]) => Number(status) >= 500 && Number(status) !== 503)
    .reduce((sum, [, count]) => sum + count, 0);
  console.log(`5xx other than 503: ${serverErrors}`);
  if (serverErrors > 0 || result.errors > 0) failed = true;

  // The rules the races are about, by query.
  const defaults = await db
    .selectFrom('payment_accounts')
    .select(['borrower_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('is_default', '=', 1)
    .groupBy('borrower_id')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  const openOrders = await db
    .selectFrom('orders')
    .select(['borrower_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('status', 'in', [21, 151, 170, 174, 180])
    // The bench's borrowers (the demo borrower has an order in every status on purpose).
    .where(
      'borrower_id',
      'in',
      borrowers.map((borrower) => borrower.id),
    )
    .groupBy('borrower_id')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  const bound = await db
    .selectFrom('payment_accounts')
    .select((eb) => eb.fn.count<number>('borrower_id').distinct().as('borrowers'))
    .executeTakeFirstOrThrow();
  console.log(
    `borrowers with a bound account: ${bound.borrowers}; with two defaults: ${defaults.length}; with two open orders: ${openOrders.length}`,
  );
  if (defaults.length || openOrders.length) failed = true;
} finally {
  await db.destroy();
  const { output } = await server.stop();
  if (failed) console.log(`server output (last 4,000 characters):\n${output.slice(-4000)}`);
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  if (withRedis) await dropRedisKeys(keyPrefix, redisUrl);
}
console.log(failed ? 'FAILED' : 'OK');
process.exit(failed ? 1 : 0);
