// Repayment flows change orders, so they get orders of their own in the server's database (the
// same DATA_DIR / DATABASE_URL):
//   node --import tsx e2e/support/repayable-order.ts create <status> [lines] [paidLines]
//     → {"sessionId","orderId","productId","phone","orderNo","lineAmount"}: a new borrower, one
//       disbursed order, a live session
//   node --import tsx e2e/support/repayable-order.ts state <orderId>
//     → {"order","lines","history","payments","allocations"} as the server tests read them
import { loadConfig } from '../../server/src/config.ts';
import { createDatabase } from '../../server/src/db/database.ts';
import { orderState, repayableOrder } from '../../server/test/support/repayment.ts';

const [command, ...args] = process.argv.slice(2);
const numbers = args.map(Number);
const config = loadConfig();
const { db } = createDatabase(config);
try {
  const app = { db, config, clock: { now: () => new Date() } };
  if (command === 'create') {
    const [status = 170, lines = 1, paidLines = 0] = numbers;
    const order = await repayableOrder(app, { status, lines, paidLines });
    console.log(
      JSON.stringify({
        sessionId: order.session.sessionId,
        orderId: order.orderId,
        productId: order.productId,
        // For tests that read the borrower's SMS (the outbox is by phone) and show the order.
        phone: order.phone,
        orderNo: order.orderNo,
        lineAmount: order.lineAmount,
      }),
    );
  } else if (command === 'state' && numbers[0]) {
    console.log(JSON.stringify(await orderState(app, numbers[0])));
  } else {
    console.error('usage: repayable-order.ts create <status> [lines] [paidLines] | state <orderId>');
    process.exitCode = 2;
  }
} finally {
  await db.destroy();
}
