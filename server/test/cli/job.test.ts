import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, createTestApp, type TestApp } from '../support/test-app.ts';
import { demoSession } from '../support/api.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('npm run job', () => {
  let t: TestApp;
  const job = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'server/src/cli/job.ts', ...args], {
      cwd: repoRoot,
      env: cliEnv(t),
    });

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await demoSession(t.app);
    await demoSession(t.app);
    // Both sessions ran out yesterday.
    await t.app.db.updateTable('sessions').set({ expires_at: '2020-01-01T00:00:00.000Z' }).execute();
  });
  afterAll(() => t.close());

  it('runs a job now, records the run, and lists it', async () => {
    const { stdout } = await job('purge-expired-sessions');
    expect(stdout).toMatch(/^purge-expired-sessions ran in \d+ ms: purged=2 \(run \d+\)$/m);
    expect(await t.app.db.selectFrom('sessions').select('token_hash').execute()).toEqual([]);

    const runs = await job('--runs', 'purge-expired-sessions');
    const lines = runs.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^id\s+job\s+scheduled_at\s+trigger\s+instance\s+ms\s+outcome\s+result$/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      // The scheduled instant in the lender's zone, labelled with its offset (decision 0105).
      /^\d+\s+purge-expired-sessions\s+\d{4}-\d\d-\d\d \d\d:\d\d \+08:00\s+manual\s+cli:\S+\s+\d+\s+ok\s+purged=2$/,
    );
  }, 30_000);

  it('runs the due reminders as of --now, and a later run that day queues none', async () => {
    // Ten days on at 09:00 in Manila: the demo's orders have instalments around then.
    const lines = await t.app.db.selectFrom('order_plan_lines').select('due_date').execute();
    const due = lines.map((line) => line.due_date).sort()[0]!;
    const at = `${due}T09:00:00+08:00`;
    const first = await job('due-reminders', '--now', at);
    const queued = Number(/queued=(\d+)/.exec(first.stdout)?.[1]);
    expect(first.stdout).toMatch(/^due-reminders ran in \d+ ms: queued=\d+ sent=\d+/m);
    const recorded = await t.app.db.selectFrom('sms_messages').select('id').execute();
    expect(recorded).toHaveLength(queued);
    // The same instant again: it already ran, which is no failure to cron (exit 0), and nothing is sent.
    const same = await job('due-reminders', '--now', at);
    expect(same.stdout).toBe('due-reminders already ran for this instant; nothing was done or sent again.\n');
    // Later the same day (the same instant is one run, recorded): the records keep it to none.
    const again = await job('due-reminders', '--now', `${due}T09:05:00+08:00`);
    expect(again.stdout).toMatch(/queued=0 sent=0/);
    expect(await t.app.db.selectFrom('sms_messages').select('id').execute()).toHaveLength(queued);
  }, 30_000);

  it('runs in the mode its database recorded when APP_ENV is not set, as after npm start', async () => {
    // The test app recorded sandbox at its boot (decision 0101); a sandbox tool still needs its secret.
    const bare = { ...cliEnv(t), APP_ENV: '' };
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/src/cli/job.ts', '--runs'], {
      cwd: repoRoot,
      env: bare,
    });
    expect(stdout).toMatch(/purge-expired-sessions|no runs/i);
    // A database no server has run: production, which refuses without its settings, in one message.
    const refused = await run(process.execPath, ['--import', 'tsx', 'server/src/cli/job.ts', '--runs'], {
      cwd: repoRoot,
      env: { ...bare, DATA_DIR: `${t.config.dataDir}/none-yet`, SANDBOX_PAYMENT_SECRET: '' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toMatch(/^Invalid configuration:\n( {2}\S+: .*\n)+/);
    expect((refused as { stderr: string }).stderr).not.toMatch(/\n\s+at /);
  }, 30_000);

  it('refuses an unknown job with the list of jobs', async () => {
    await expect(job('no-such-job')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        'purge-expired-sessions, purge-unattached-images, purge-expired-entries, purge-sign-in-records, order-status-daily, reconcile-payments, resume-card-repayments, resume-disbursements, resume-refunds',
      ),
    });
  }, 30_000);
});
