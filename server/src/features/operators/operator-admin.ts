import type { OperatorRole } from '@kwarta/contract';
import type { Operator } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import { audited } from './operator-audit.ts';
import {
  changeOperator,
  createOperatorAccount,
  operatorSummary,
  removeTotp,
  resetOperatorPassword,
  setUpTotp,
} from './operator-accounts.ts';

/**
 * The administration of operators, each audited in its own transaction: the console's operators
 * screen and `npm run operator` both come through here, so a change made at a terminal leaves the
 * same row as one made in the console. `actor` is who acts: a signed-in operator, or the command
 * line (cli/cli-actor.ts names it).
 */
type AuditDeps = Pick<Deps, 'db' | 'clock'>;
type Actor = Pick<Operator, 'id' | 'name'>;

/** `passwordHash` from newPasswordHash, computed before: scrypt must not hold the transaction open. */
export function createOperatorAudited(
  deps: AuditDeps,
  actor: Actor,
  input: { name: string; role: OperatorRole; passwordHash: string },
) {
  return audited(deps, actor, async (trx) => {
    const created = operatorSummary(await createOperatorAccount(trx, { ...input, now: deps.clock.now() }));
    return {
      result: created,
      audit: { action: 'operator.create', subject: `operator:${created.id}`, before: null, after: created },
    };
  });
}

export function changeOperatorAudited(
  deps: AuditDeps,
  actor: Actor,
  input: { operatorId: number; role?: OperatorRole; disabled?: boolean },
) {
  return audited(deps, actor, async (trx) => {
    const { before, after } = await changeOperator(trx, { ...input, actorId: actor.id });
    return {
      result: operatorSummary(after),
      audit: {
        action: 'operator.change',
        subject: `operator:${after.id}`,
        before: operatorSummary(before),
        after: operatorSummary(after),
      },
    };
  });
}

export function resetOperatorPasswordAudited(
  deps: AuditDeps,
  actor: Actor,
  input: { operatorId: number; passwordHash: string },
) {
  return audited(deps, actor, async (trx) => {
    const changed = operatorSummary(await resetOperatorPassword(trx, input));
    return {
      result: changed,
      // The log says that the password changed, never what to.
      audit: {
        action: 'operator.password',
        subject: `operator:${changed.id}`,
        before: changed,
        after: { ...changed, passwordReset: true, sessionsEnded: true },
      },
    };
  });
}

/** A new second factor; the secret is returned to show once, and never logged. */
export function setUpTotpAudited(
  deps: AuditDeps & Pick<Deps, 'accountKeys'>,
  actor: Actor,
  operator: Operator,
) {
  return audited(deps, actor, async (trx) => {
    const secret = await setUpTotp({ db: trx, accountKeys: deps.accountKeys }, operator.id);
    const before = operatorSummary(operator);
    return {
      result: secret,
      audit: {
        action: 'operator.totp',
        subject: `operator:${operator.id}`,
        before,
        after: { ...before, totp: true, sessionsEnded: true },
      },
    };
  });
}

export function removeTotpAudited(deps: AuditDeps, actor: Actor, operator: Operator) {
  return audited(deps, actor, async (trx) => {
    await removeTotp(trx, operator.id);
    const before = operatorSummary(operator);
    return {
      result: undefined,
      audit: {
        action: 'operator.totp-off',
        subject: `operator:${operator.id}`,
        before,
        after: { ...before, totp: false },
      },
    };
  });
}
