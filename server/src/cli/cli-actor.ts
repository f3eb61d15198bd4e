import os from 'node:os';
import type { Kysely } from 'kysely';
import type { Database, Operator } from '../db/schema.ts';
import { findOperatorByName } from '../features/operators/index.ts';
import { CliRefusal } from './run-cli.ts';

/**
 * Who a command's audit rows name: an operator, or the command line and the machine's user; with
 * the operator's role (null for the command line), for the few commands only some roles may run.
 */
export type CliActor = Pick<Operator, 'id' | 'name'> & { role: string | null };

/** The option every command that changes something takes (parseArgs). */
export const operatorOption = {
  operator: { type: 'string' },
} as const;

export const OPERATOR_USAGE = `--operator <name> names the operator at the terminal in the operator audit (an enabled
operator); without it the audit names "command line" and the machine's user.`;

/**
 * The actor of a command's audit rows (operator_audit, as the console writes them): the enabled
 * operator `--operator` names, else "command line (<machine user>)" with operator id 0, an id no
 * operator has. A name that is no enabled operator is refused, so the log never names someone
 * who does not exist or may no longer act.
 */
export async function cliActor(db: Kysely<Database>, operatorName: string | undefined): Promise<CliActor> {
  if (operatorName === undefined) return { id: 0, name: `command line (${machineUser()})`, role: null };
  const operator = await findOperatorByName(db, operatorName.trim());
  if (!operator || operator.disabled !== 0)
    throw new CliRefusal(`--operator must name an enabled operator; "${operatorName}" is not one.`);
  return { id: operator.id, name: operator.name, role: operator.role };
}

function machineUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    // A container user with no passwd entry has no name: its uid still says who.
    return process.env.USER || `uid ${process.getuid?.() ?? '?'}`;
  }
}
