// The e2e server's own database and CLIs, as an operator on that machine would use them: for
// borrowers a flow needs (a new applicant) and the lender's side of a flow (npm run order/job).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { loadConfig } from '../../server/src/config.ts';
import { createDatabase } from '../../server/src/db/database.ts';
import { createSession } from '../../server/src/features/sessions/session-repository.ts';
import { uniquePhone } from './promotion.ts';
import type { DemoSession } from './session.ts';

const run = promisify(execFile);

/**
 * The server's store (DATA_DIR, DATABASE_URL) and a connection to its database; by default the
 * run's server, or the store (and configuration) of a server a test started itself.
 */
export function openServerStore(
  serverStore: Record<string, string | undefined> = inject('serverStore'),
  /** Where that server answers (its own, for a server a test started): registration acknowledges there. */
  baseUrl: string = inject('baseUrl'),
) {
  const config = loadConfig({ ...serverStore, LOG_LEVEL: 'silent' });
  const { db } = createDatabase(config);

  /**
   * A borrower with no order yet and a live session, as the native shell would open pages for;
   * registered on the landing, so the policy current then is acknowledged unless told otherwise.
   */
  async function applicant({ policyAcknowledged = true } = {}): Promise<Partial<DemoSession>> {
    const now = new Date();
    const borrower = await db
      .insertInto('borrowers')
      .values({
        phone: uniquePhone(),
        full_name: 'Ana Reyes',
        is_repeat_client: 0,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sessionId = await createSession(db, { borrowerId: borrower.id, now, policy: config.session });
    if (policyAcknowledged) await acknowledgeRegistrationPolicy(sessionId, baseUrl);
    return {
      appVersion: '1.0.0',
      deviceName: 'Pixel 8',
      deviceId: `e2e-${borrower.id}`,
      osVersion: 'Android 14',
      sessionId,
      adId: 'e2e',
    };
  }

  return { config, db, applicant };
}

/** Records, as registration does, that the borrower of `sessionId` read the current privacy policy. */
export async function acknowledgeRegistrationPolicy(
  sessionId: string,
  baseUrl = inject('baseUrl'),
): Promise<void> {
  const call = async (path: string, body?: Record<string, string>) => {
    const url = `${baseUrl}${path}?sessionId=${encodeURIComponent(sessionId)}`;
    const response = await fetch(
      url,
      body
        ? {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(body).toString(),
          }
        : {},
    );
    const envelope = (await response.json()) as { kwd: { policy?: { version: string } } | null };
    if (!response.ok) throw new Error(`e2e: ${path} answered ${response.status}`);
    return envelope.kwd;
  };
  const status = await call('/v3/privacy/status');
  await call('/v3/privacy/acknowledge', {
    notice: 'policy',
    version: status!.policy!.version,
    channel: 'registration',
  });
}

/**
 * Runs a script of the repository (`server/src/cli/order.ts`, `e2e/support/set-order-status.ts`…)
 * against the server's store; resolves with its exit code and output, never throws on exit 1.
 */
export async function runScript(
  script: string,
  args: string[],
  serverStore: Record<string, string | undefined> = inject('serverStore'),
): Promise<{ code: number; output: string }> {
  // The e2e server's mode (a sandbox, test-server.ts) comes with its store: so do its CLIs.
  const env: NodeJS.ProcessEnv = { ...process.env, ...serverStore, LOG_LEVEL: 'silent' };
  if (!serverStore.DATABASE_URL) delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', script, ...args], { env });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}
