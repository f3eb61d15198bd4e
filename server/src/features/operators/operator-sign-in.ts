import type { Kysely } from 'kysely';
import { ConsoleSignInLimits, messages, type SignInFailureReason } from '@kwarta/contract';
import type { Database, Operator } from '../../db/schema.ts';
import { Refusal } from '../../lib/refusal.ts';
import type { Deps } from '../../lib/deps.ts';
import { NO_PASSWORD, verifyPassword } from './password-hash.ts';
import { createOperatorSession, type OperatorSessionTokens } from './operator-repository.ts';
import { deviceThrottleKey, isKnownDevice, rememberDevice } from './known-devices.ts';
import { recordSignInFailure } from './sign-in-failures.ts';
import { matchTotp } from './totp.ts';
import { openTotpSecret } from './totp-secrets.ts';

const throttled = () => new Refusal('too-many', messages.consoleSignInThrottled);
const refused = () => new Refusal('signed-out', messages.consoleSignInFailed);

/**
 * Console sign-in (decisions 0080, 0091). Attempts are counted before the password is looked at
 * (per account and per address, one-minute windows in the shared store, so every instance counts
 * the same), which decides races without a read first. An attempt carrying the operator's
 * known-device cookie is judged by that device's own count instead, so strangers who exhaust the
 * account's or the address's count cannot lock the operator out of their own browser. Every
 * failure is recorded for the operator and the admins to see. A good sign-in clears its counts
 * and (re)marks the browser as the operator's device. An unknown name costs the same scrypt work
 * and gets the same answer as a wrong password.
 */
export async function signInOperator(
  deps: Pick<Deps, 'db' | 'clock' | 'store' | 'accountKeys'>,
  input: { name: string; password: string; totp: string; address: string; deviceToken?: string },
): Promise<{ operator: Operator; tokens: OperatorSessionTokens; deviceToken: string }> {
  const { windowMs, attemptsPerAccount, attemptsPerAddress, deviceWindowMs, attemptsPerDevice } =
    ConsoleSignInLimits;
  const name = input.name.trim();
  const accountKey = `console-sign-in:account:${name.toLowerCase()}`;
  const overAddress =
    (await deps.store.increment(`console-sign-in:address:${input.address}`, windowMs)) > attemptsPerAddress;
  const overAccount = (await deps.store.increment(accountKey, windowMs)) > attemptsPerAccount;

  const operator = await findOperatorByName(deps.db, name);
  // Only the named operator's own device counts: an unknown name has none, so it is judged by the
  // account and address counts like any attempt without the cookie.
  const knownDevice =
    operator !== undefined && (await isKnownDevice(deps.db, operator.id, input.deviceToken));
  const deviceKey = knownDevice ? deviceThrottleKey(operator.id, input.deviceToken!) : null;
  const fail = async (reason: SignInFailureReason, error: Refusal) => {
    await recordSignInFailure(deps.db, {
      operatorId: operator?.id ?? null,
      name,
      address: input.address,
      knownDevice,
      reason,
      at: deps.clock.now(),
    });
    return error;
  };
  const overLimit = deviceKey
    ? (await deps.store.increment(deviceKey, deviceWindowMs)) > attemptsPerDevice
    : overAddress || overAccount;
  if (overLimit) throw await fail('throttled', throttled());

  const passwordOk = await verifyPassword(input.password, operator?.password_hash ?? NO_PASSWORD);
  // The second factor is judged whatever the password was, and refused with the same words: an
  // answer (or its time) that differed once the password was right would confirm the password.
  // Only a code that matches counts its step, so a guess without the code costs the same either way.
  const code = input.totp.trim();
  const step =
    operator?.totp_secret && code !== ''
      ? matchTotp(openTotpSecret(deps.accountKeys, operator.id, operator.totp_secret), code, deps.clock.now())
      : null;
  if (!operator || !passwordOk) throw await fail('password', refused());
  if (operator.disabled === 1) throw await fail('disabled', refused());
  if (operator.totp_secret) {
    // A code works once: the first to count its step wins, a replay (or a race) is refused.
    const fresh =
      step !== null && (await deps.store.increment(`console-totp:${operator.id}:${step}`, 120_000)) === 1;
    if (!fresh) throw await fail('totp', refused());
  }
  await deps.store.delete(accountKey);
  if (deviceKey) await deps.store.delete(deviceKey);
  const now = deps.clock.now();
  const tokens = await createOperatorSession(deps.db, {
    operatorId: operator.id,
    now,
    previousSignInAt: operator.last_sign_in_at,
  });
  // After the session: if this write were lost, the next sign-in would show more failures, not fewer.
  await deps.db
    .updateTable('operators')
    .set({ last_sign_in_at: now.toISOString() })
    .where('id', '=', operator.id)
    .execute();
  const deviceToken = await rememberDevice(deps.db, {
    operatorId: operator.id,
    token: input.deviceToken,
    now,
    address: input.address,
  });
  return { operator, tokens, deviceToken };
}

export function findOperatorByName(db: Kysely<Database>, name: string): Promise<Operator | undefined> {
  return db.selectFrom('operators').selectAll().where('name', '=', name).executeTakeFirst();
}
