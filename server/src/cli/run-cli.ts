import { ConfigError } from '../config.ts';
import { CliActorRefused } from './cli-actor.ts';

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Runs a command-line tool's `main` and exits with the status it returns (0 when it returns
 * nothing). A refusal its user can act on — bad configuration (ConfigError), an option parseArgs
 * does not know, an `--operator` naming nobody (CliActorRefused), or one of the tool's own
 * `refusals` — is printed as its message, followed by the
 * usage when the tool has one; anything else is a bug and is printed whole, stack and all. Either
 * way the tool exits with `failure`.
 */
export function runCli(
  main: () => Promise<number | void>,
  options: { usage?: string; failure?: number; refusals?: readonly ErrorClass[] } = {},
): void {
  const plain = (error: unknown): error is Error =>
    error instanceof ConfigError ||
    error instanceof CliActorRefused ||
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
