// Starts ONE Kwarta server for the whole end-to-end run (files run one after another) and hands
// its base URL to the tests through `inject('baseUrl')`.
import { readFile, rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { axeLogFile } from './axe.ts';
import { E2E_SERVER_MODE, E2E_SPEC_MARKET, startTestServer } from './test-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** e.g. http://127.0.0.1:41234 — no trailing slash. */
    baseUrl: string;
    /** Where the server keeps its data (and its database URL, if any), for CLI commands in tests. */
    serverStore: { DATA_DIR: string; DATABASE_URL?: string } & typeof E2E_SERVER_MODE &
      typeof E2E_SPEC_MARKET;
  }
}

/** How many pages and states axe checked in this run, and how many broke a rule. */
async function axeSummary(): Promise<string> {
  const text = await readFile(axeLogFile, 'utf8').catch(() => '');
  // Checks of pages planted to prove the check fails are not pages of the app.
  const checks = text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith(' ') && !line.startsWith('planted:'));
  const failing = checks.filter((line) => !line.endsWith('\t0'));
  return `e2e: axe checked ${checks.length} pages/states, ${failing.length} with violations (${axeLogFile})\n`;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await rm(axeLogFile, { force: true });
  const server = await startTestServer({
    env: E2E_SPEC_MARKET,
    verbose: process.env.E2E_VERBOSE === '1',
  }).catch((error: unknown) => {
    throw new Error(`e2e: ${error instanceof Error ? error.message : String(error)}`);
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('serverStore', {
    DATA_DIR: server.dataDir,
    ...E2E_SERVER_MODE,
    ...E2E_SPEC_MARKET,
    ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
  });

  return async () => {
    process.stderr.write(await axeSummary());
    const { crashed, output } = await server.stop();
    // A server that died during the run explains many failures at once: say so.
    if (crashed !== undefined) {
      process.stderr.write(
        `e2e: the server stopped during the run (${crashed}). Its last output:\n${output.slice(-20_000)}\n`,
      );
    }
  };
}
