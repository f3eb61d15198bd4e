// Makes a borrower of their own with a disbursed order (status 170, `lines` instalments) and a
// live session in the server's database (the same DATA_DIR / DATABASE_URL), and prints them as
// JSON: tests that pay must not spend the demo borrower's orders, which other files read.
//   node --import tsx e2e/support/repayable-order.ts <phone> [lines]
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../server/src/config.ts';
import { createDatabase } from '../../server/src/db/database.ts';
import { systemClock } from '../../server/src/lib/clock.ts';
import { repayableOrder } from '../../server/test/support/repayment.ts';

const [phone, lines = '2'] = process.argv.slice(2);
if (!phone || !/^\d{11}$/.test(phone)) {
  console.error('usage: repayable-order.ts <11-digit phone> [lines]');
  process.exit(2);
}
const config = loadConfig();
const { db } = createDatabase(config);
try {
  // The helper reads only the database, the clock and the session policy of the app.
  const app = { db, clock: systemClock, config } as unknown as FastifyInstance;
  const order = await repayableOrder(app, { phone, lines: Number(lines) });
  process.stdout.write(JSON.stringify(order));
} finally {
  await db.destroy();
}
