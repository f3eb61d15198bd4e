import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@kwarta/contract';
import { callEndpoint, demoSession } from '../support/api.ts';
import { appliedOrder } from '../support/orders.ts';
import { cliEnv, createTestApp, databaseTargets, type TestApp } from '../support/test-app.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * Every command that changes something leaves the operator audit row the console leaves for the
 * same change, naming the operator `--operator` names, or the command line and the machine user.
 */
describe.each(databaseTargets)('command-line changes in the operator audit (%s)', (target) => {
  let t: TestApp;
  const commandLine = `command line (${os.userInfo().username})`;
  const cli = (script: string, ...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', `server/src/cli/${script}.ts`, ...args], {
      cwd: repoRoot,
      env: cliEnv(t, { DATABASE_URL: t.config.databaseUrl ?? '' }),
    });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected the command to fail');
      },
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
  const auditRows = () =>
    t.app.db
      .selectFrom('operator_audit')
      .select(['operator_id', 'operator_name', 'action', 'subject', 'before_json', 'after_json'])
      .orderBy('id')
      .execute();
  const lastAudit = async () => (await auditRows()).at(-1)!;

  beforeAll(async () => {
    t = await createTestApp(target, { env: { MARKET: 'spec' } });
  });
  afterAll(() => t.close());

  it('operators: create, password, second factor and disabling, by the command line or a named operator', async () => {
    await cli('operator', 'create', '--name', 'cli-admin', '--role', 'admin');
    const admin = await t.app.db
      .selectFrom('operators')
      .select(['id', 'name'])
      .where('name', '=', 'cli-admin')
      .executeTakeFirstOrThrow();
    expect(await lastAudit()).toMatchObject({
      operator_id: 0,
      operator_name: commandLine,
      action: 'operator.create',
      subject: `operator:${admin.id}`,
    });
    expect(JSON.parse((await lastAudit()).after_json!)).toMatchObject({ name: 'cli-admin', role: 'admin' });

    await cli('operator', 'create', '--name', 'cli-viewer', '--role', 'viewer', '--operator', 'cli-admin');
    const viewerId = (
      await t.app.db
        .selectFrom('operators')
        .select('id')
        .where('name', '=', 'cli-viewer')
        .executeTakeFirstOrThrow()
    ).id;
    expect(await lastAudit()).toMatchObject({
      operator_id: admin.id,
      operator_name: 'cli-admin',
      action: 'operator.create',
    });

    const password = await cli('operator', 'password', '--name', 'cli-viewer', '--operator', 'cli-admin');
    const shown = /\(shown once\): (\S+)/.exec(password.stdout)![1]!;
    const passwordRow = await lastAudit();
    expect(passwordRow).toMatchObject({ operator_name: 'cli-admin', action: 'operator.password' });
    expect(`${passwordRow.before_json}${passwordRow.after_json}`).not.toContain(shown);

    const totp = await cli('operator', 'totp', '--name', 'cli-viewer');
    const secret = /secret (\S+)/.exec(totp.stdout)![1]!;
    const totpRow = await lastAudit();
    expect(totpRow).toMatchObject({
      operator_name: commandLine,
      action: 'operator.totp',
      subject: `operator:${viewerId}`,
    });
    expect(JSON.parse(totpRow.after_json!)).toMatchObject({ totp: true });
    expect(`${totpRow.before_json}${totpRow.after_json}`).not.toContain(secret);

    await cli('operator', 'totp-off', '--name', 'cli-viewer');
    expect(await lastAudit()).toMatchObject({ operator_name: commandLine, action: 'operator.totp-off' });

    await cli('operator', 'disable', '--name', 'cli-viewer', '--operator', 'cli-admin');
    const disabled = await lastAudit();
    expect(disabled).toMatchObject({ operator_name: 'cli-admin', action: 'operator.change' });
    expect(JSON.parse(disabled.before_json!)).toMatchObject({ disabled: false });
    expect(JSON.parse(disabled.after_json!)).toMatchObject({ disabled: true });
  }, 180_000);

  it('refuses an --operator that names nobody, or a disabled operator, changing nothing', async () => {
    const before = await auditRows();
    for (const name of ['ghost', 'cli-viewer']) {
      const refused = await failure(
        cli('operator', 'create', '--name', `made-by-${name}`, '--role', 'viewer', '--operator', name),
      );
      expect(refused.code, name).toBe(1);
      expect(refused.stderr, name).toContain(
        `--operator must name an enabled operator; "${name}" is not one.`,
      );
    }
    expect(
      await t.app.db.selectFrom('operators').select('id').where('name', 'like', 'made-by-%').execute(),
    ).toEqual([]);
    expect(await auditRows()).toEqual(before);
  }, 120_000);

  it('a job run by hand: its instant and outcome, by the command line', async () => {
    const { stdout } = await cli('job', 'purge-expired-sessions');
    const row = await lastAudit();
    expect(row).toMatchObject({
      operator_id: 0,
      operator_name: commandLine,
      action: 'job.run',
      subject: 'job:purge-expired-sessions',
    });
    expect(JSON.parse(row.after_json!)).toEqual({ asOf: null, outcome: stdout.trim() });
  }, 120_000);

  it('orders, complaint replies, the account key and the ledger: the console’s rows', async () => {
    const { orderId } = await appliedOrder(t, '13900000731');

    await cli('order', 'approve', '--order', String(orderId), '--operator', 'cli-admin');
    expect(await lastAudit()).toMatchObject({
      operator_name: 'cli-admin',
      action: 'order.approve',
      subject: `order:${orderId}`,
      before_json: JSON.stringify({ status: 21 }),
    });
    await cli('order', 'disburse', '--order', String(orderId), '--reason', 'sent by bank');
    const disbursed = await lastAudit();
    expect(disbursed).toMatchObject({ operator_id: 0, operator_name: commandLine, action: 'order.disburse' });
    expect(JSON.parse(disbursed.after_json!)).toMatchObject({ status: 170, reason: 'sent by bank' });
    const history = await t.app.db
      .selectFrom('order_status_history')
      .select('actor')
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    expect(history.slice(1).map((row) => row.actor)).toEqual([
      'operator:cli-admin',
      `operator:${commandLine}`,
    ]);

    const filed = await callEndpoint(t.app, endpoints.problemSave, {
      session: await demoSession(t.app),
      body: { problemType: '5', problemDetail: 'Please add dark mode' },
    });
    const problemId = (filed.envelope?.data as { problemId: number }).problemId;
    await cli(
      'complaint-reply',
      '--problem',
      String(problemId),
      '--text',
      'Noted, thank you.',
      '--operator',
      'cli-admin',
    );
    expect(await lastAudit()).toMatchObject({
      operator_name: 'cli-admin',
      action: 'complaint.reply',
      subject: `problem:${problemId}`,
    });

    await cli('accounts', 'rotate-key');
    expect(await lastAudit()).toMatchObject({ operator_name: commandLine, action: 'accounts.rotate-key' });

    // The ledger's proof may list differences (exit 1) in this app's made-up history: the audit is what counts here.
    const exited = (promise: Promise<unknown>) =>
      promise.then(
        () => 0,
        (error: { code: number }) => error.code,
      );
    const before = (await auditRows()).length;
    expect(await exited(cli('ledger', 'rebuild', '--check'))).not.toBe(2);
    expect(await auditRows()).toHaveLength(before);
    expect(await exited(cli('ledger', 'rebuild', '--operator', 'cli-admin'))).not.toBe(2);
    expect(await lastAudit()).toMatchObject({
      operator_name: 'cli-admin',
      action: 'ledger.rebuild',
      subject: 'ledger',
    });
  }, 240_000);
});
