import fs from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '../config.ts';
import { DatabaseSetupError } from '../db/errors.ts';

/** A user's mistake a tool answers with its message alone (a missing input file, say). */
export class CliRefusal extends Error {}

/**
 * The bytes of a file named on the command line, read from where the user typed the command (npm
 * runs scripts from the repository root and says where it was started in INIT_CWD). A missing or
 * unreadable file is a CliRefusal naming it, not a stack trace.
 */
export async function readInputFile(file: string): Promise<Buffer> {
  const resolved = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  try {
    return await fs.readFile(resolved);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliRefusal(
      code === 'ENOENT'
        ? `There is no file ${file} (looked for ${resolved}).`
        : `${file} cannot be read (${code ?? (error as Error).message}).`,
    );
  }
}

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Runs a command-line tool's `main` and exits with the status it returns (0 when it returns
 * nothing). A refusal its user can act on — bad configuration (ConfigError), a database that cannot
 * be reached or migrated (DatabaseSetupError), an option parseArgs does not know, a CliRefusal (a
 * missing input file, an `--operator` naming nobody), or one of the tool's own `refusals` — is
 * printed as its message, followed by the
 * usage when the tool has one; anything else is a bug and is printed whole, stack and all. Either
 * way the tool exits with `failure`.
 */
export function runCli(
  main: () => Promise<number | void>,
  options: { usage?: string; failure?: number; refusals?: readonly ErrorClass[] } = {},
): void {
  const plain = (error: unknown): error is Error =>
    error instanceof ConfigError ||
    error instanceof DatabaseSetupError ||
    error instanceof CliRefusal ||
    (error instanceof TypeError && String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) ||
    (options.refusals ?? []).some((refusal) => error instanceof refusal);
  main().then(
    (code) => process.exit(code ?? 0),
    (error: unknown) => {
      console.error(
        plain(error) ? (options.usage ? `${error.message}\n\n${options.usage}` : error.message) : error,
      );
      process.exit(options.failure ?? 1);
    },
  );
}
