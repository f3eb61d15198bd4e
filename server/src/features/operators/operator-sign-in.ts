import type { Kysely } from 'kysely';
import { ConsoleSignInLimits, ResultCode, messages } from '@kwarta/contract';
import type { Database, Operator } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { NO_PASSWORD, verifyPassword } from './password-hash.ts';
import { createOperatorSession, type OperatorSessionTokens } from './operator-repository.ts';
import { matchTotp } from './totp.ts';
import { openTotpSecret } from './totp-secrets.ts';

const throttled = () => new ApiError(ResultCode.tooManyRequests, messages.consoleSignInThrottled, 429);
const refused = (message: string = messages.consoleSignInFailed) =>
  new ApiError(ResultCode.sessionInvalid, message, 401);

/**
 * Console sign-in. Attempts are counted before the password is looked at (per account and per
 * address, one-minute windows in the shared store, so every instance counts the same), which
 * decides races without a read first: the sixth attempt on an account within a minute is refused
 * unread. A good sign-in clears its account's count. An unknown name costs the same scrypt work and
 * gets the same answer as a wrong password.
 */
export async function signInOperator(
  deps: Pick<Deps, 'db' | 'clock' | 'store' | 'accountKeys'>,
  input: { name: string; password: string; totp: string; address: string },
): Promise<{ operator: Operator; tokens: OperatorSessionTokens }> {
  const { windowMs, attemptsPerAccount, attemptsPerAddress } = ConsoleSignInLimits;
  const accountKey = `console-sign-in:account:${input.name.trim().toLowerCase()}`;
  if ((await deps.store.increment(`console-sign-in:address:${input.address}`, windowMs)) > attemptsPerAddress)
    throw throttled();
  if ((await deps.store.increment(accountKey, windowMs)) > attemptsPerAccount) throw throttled();

  const operator = await findOperatorByName(deps.db, input.name.trim());
  const passwordOk = await verifyPassword(input.password, operator?.password_hash ?? NO_PASSWORD);
  if (!operator || !passwordOk || operator.disabled === 1) throw refused();
  if (operator.totp_secret) {
    if (input.totp.trim() === '') throw refused(messages.consoleTotpRequired);
    const now = deps.clock.now();
    const secret = openTotpSecret(deps.accountKeys, operator.id, operator.totp_secret);
    const step = matchTotp(secret, input.totp.trim(), now);
    // A code works once: the first to count its step wins, a replay (or a race) is refused.
    const fresh =
      step !== null && (await deps.store.increment(`console-totp:${operator.id}:${step}`, 120_000)) === 1;
    if (!fresh) throw refused();
  }
  await deps.store.delete(accountKey);
  const tokens = await createOperatorSession(deps.db, { operatorId: operator.id, now: deps.clock.now() });
  return { operator, tokens };
}

export function findOperatorByName(db: Kysely<Database>, name: string): Promise<Operator | undefined> {
  return db.selectFrom('operators').selectAll().where('name', '=', name).executeTakeFirst();
}
