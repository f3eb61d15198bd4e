import { loadConfig, ConfigError } from './config.ts';
import { buildApp } from './app.ts';
import { ensurePostgresDatabase } from './db/create-database.ts';
import { DatabaseSetupError } from './db/errors.ts';
import { shutDownGracefully } from './lib/graceful-shutdown.ts';

// Process concerns only: configuration from the environment, listening, and a clean shutdown.
async function main(): Promise<void> {
  // A configuration that cannot run, a database it cannot reach, create or migrate, or one it
  // refuses (products against COMPLIANCE, D16; production's, decision 0101) stops the start with
  // its message alone: the operator's to fix, not a bug.
  let config;
  let app;
  try {
    config = loadConfig();
    if (config.databaseUrl && (await ensurePostgresDatabase(config.databaseUrl)) === 'created')
      console.log(`Created the database ${new URL(config.databaseUrl).pathname.slice(1)}.`);
    app = await buildApp(config);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DatabaseSetupError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The first SIGTERM or SIGINT drains (lib/graceful-shutdown.ts) and exits 0; a second one, or a
  // close that hangs past the grace (a pool that never lets go), exits 1 at once.
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(1);
      stopping = true;
      app.log.info({ signal }, 'signal received');
      const { shutdown } = config;
      setTimeout(
        () => {
          app.log.error(shutdown, 'shutdown did not finish in time');
          process.exit(1);
        },
        shutdown.delayMs + shutdown.graceMs + 10_000,
      ).unref();
      shutDownGracefully(app, shutdown).then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
  app.jobs.start();
  // Kysely's driver is the slower reference (SQLITE_DRIVER): a server on it says so.
  const database =
    app.dialect === 'sqlite' && config.sqliteDriver === 'kysely' ? 'sqlite on Kysely’s driver' : app.dialect;
  app.log.info(`Kwarta (${config.appEnv}, ${database}) on http://localhost:${config.port}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
