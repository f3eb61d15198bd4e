import { loadConfig, ConfigError, recordServerMode } from './config.ts';
import { buildApp } from './app.ts';

// Process concerns only: configuration from the environment, listening, and a clean shutdown.
async function main(): Promise<void> {
  // A configuration that cannot run, or a database it refuses (products against COMPLIANCE, D16),
  // stops the start with its message alone.
  let config;
  let app;
  try {
    config = loadConfig();
    app = await buildApp(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
  recordServerMode(config);
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
