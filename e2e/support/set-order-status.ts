// Sets one order's status straight in the server's database (the same DATA_DIR / DATABASE_URL),
// for states no flow reaches yet, such as a status code the page does not know.
//   node --import tsx e2e/support/set-order-status.ts <orderId> <status>
import { loadConfig } from '../../server/src/config.ts';
import { createDatabase } from '../../server/src/db/database.ts';

const [orderId, status] = process.argv.slice(2).map(Number);
if (!Number.isSafeInteger(orderId) || !Number.isSafeInteger(status)) {
  console.error('usage: set-order-status.ts <orderId> <status>');
  process.exit(2);
}
const { db } = createDatabase(loadConfig());
try {
  const result = await db.updateTable('orders').set({ status }).where('id', '=', orderId!).executeTakeFirst();
  if (result.numUpdatedRows !== 1n) throw new Error(`order ${orderId} not found`);
} finally {
  await db.destroy();
}
