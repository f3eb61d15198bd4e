import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedOrder } from '../support/orders.ts';
import { cliEnv, createTestApp, type TestApp } from '../support/test-app.ts';
import { createOperator } from '../../src/features/operators/index.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('npm run order', () => {
  let t: TestApp;
  let orderId: number;
  const order = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'server/src/cli/order.ts', ...args], {
      cwd: repoRoot,
      // The test app's sandbox: the CLI finds its generated account key in the same data dir.
      env: cliEnv(t),
    });

  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { MARKET: 'spec' } });
    await createOperator(t.app.db, { name: 'ana', role: 'credit', now: new Date() });
    await createOperator(t.app.db, { name: 'fin', role: 'finance', now: new Date() });
    orderId = (await appliedOrder(t, '13900000021')).orderId;
  });
  afterAll(() => t.close());

  const history = () =>
    t.app.db
      .selectFrom('order_status_history')
      .select(['from_status', 'to_status', 'actor', 'reason'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();

  it('approves and disburses through the use cases, refusing what the status table does not allow', async () => {
    await expect(order('disburse', '--order', String(orderId))).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('cannot move to 170'),
    });
    expect((await order('approve', '--order', String(orderId), '--operator', 'ana')).stdout).toBe(
      `Order ${orderId} is now in status 151.\n`,
    );
    expect((await order('disburse', '--order', String(orderId), '--reason', 'sent by bank')).stdout).toBe(
      `Order ${orderId} is now in status 170.\n`,
    );
    const stored = await t.app.db
      .selectFrom('orders')
      .select(['status', 'disbursed_on', 'due_date'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe(170);
    expect(stored.disbursed_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await history()).slice(1)).toEqual([
      { from_status: 21, to_status: 151, actor: 'operator:ana', reason: null },
      {
        from_status: 151,
        to_status: 170,
        actor: `operator:command line (${os.userInfo().username})`,
        reason: 'sent by bank',
      },
    ]);
  }, 60_000);

  it('above its approval threshold a disbursement is proposed for a second operator, or refused without one', async () => {
    const id = String((await appliedOrder(t, '13900000022')).orderId);
    await order('approve', '--order', id, '--operator', 'ana');
    // ₱10.000,00 is above a ₱5.000,00 threshold.
    const strict = { ...cliEnv(t), APPROVAL_THRESHOLDS: '{"disbursement":500000,"write_off":500000}' };
    const orderAbove = (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'server/src/cli/order.ts', ...args], {
        cwd: repoRoot,
        env: strict,
      });
    await expect(orderAbove('disburse', '--order', id)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        'is above the approval threshold of ₱5.000,00: it needs a second operator',
      ),
    });
    const proposed = await orderAbove('disburse', '--order', id, '--operator', 'fin');
    expect(proposed.stdout).toMatch(
      /^Paying out order \d+ \(₱10\.000,00\) is above the approval threshold of ₱5\.000,00: proposed as approval request \d+\./,
    );
    const status = async () =>
      (
        await t.app.db
          .selectFrom('orders')
          .select('status')
          .where('id', '=', Number(id))
          .executeTakeFirstOrThrow()
      ).status;
    expect(await status()).toBe(151);
    const request = await t.app.db.selectFrom('approval_requests').selectAll().executeTakeFirstOrThrow();
    expect(request).toMatchObject({ action: 'disbursement', status: 'pending', subject: `order:${id}` });
    // Below the threshold it applies as before.
    expect((await order('disburse', '--order', id)).stdout).toBe(`Order ${id} is now in status 170.\n`);
  }, 120_000);

  it('refuses a reject without a reason and an unknown action', async () => {
    await expect(order('reject', '--order', String(orderId))).rejects.toMatchObject({ code: 1 });
    await expect(order('cancel', '--order', String(orderId))).rejects.toMatchObject({ code: 2 });
  }, 60_000);
});
