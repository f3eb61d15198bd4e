import fs from 'node:fs';
import path from 'node:path';
import { formatLenderTime } from '@kwarta/domain';
import { ConfigError, loadConfig, loadDatabaseLocation, loadLenderTimeZone, type Config } from '../config.ts';
import { createDatabase, SQLITE_FILE } from '../db/database.ts';
import { isMissingDatabase, isMissingTable, missingDatabaseAdvice } from '../db/errors.ts';
import { appEnvRefusal, cliModeRefusal, readDatabaseMode, type DatabaseMode } from '../lib/database-mode.ts';

/**
 * The configuration of a command line (decision 0101): the environment, in the mode its database's
 * server recorded there. With APP_ENV unset the tool takes that mode, and with MARKET unset that
 * market (so after `npm start` it is development beside it, and against a production database it
 * is production, whatever directory it is run from); an APP_ENV or money adapter other than the recorded ones is refused. A database no
 * server has run yet leaves the environment alone to decide: production when APP_ENV is unset.
 */
export async function loadCliConfig(env: Record<string, string | undefined> = process.env): Promise<Config> {
  const recorded = await recordedMode(env);
  if (!recorded) return loadConfig(env);
  // The wrong mode first, alone: what production would need besides is beside the point.
  const mismatch = env.APP_ENV ? appEnvRefusal(recorded, env.APP_ENV, loadLenderTimeZone(env)) : null;
  if (mismatch) throw new ConfigError(mismatch);
  let config: Config;
  try {
    config = loadConfig({
      ...env,
      APP_ENV: env.APP_ENV || recorded.appEnv,
      ...(recorded.market && !env.MARKET ? { MARKET: recorded.market } : {}),
    });
  } catch (error) {
    if (!(error instanceof ConfigError) || env.APP_ENV) throw error;
    throw new ConfigError(
      `This database's server runs in ${recorded.appEnv} (recorded ${formatLenderTime(recorded.recordedAt, loadLenderTimeZone(env))}), so this command line does too.\n${error.message}`,
    );
  }
  const refusal = cliModeRefusal(recorded, config);
  if (refusal) throw new ConfigError(refusal);
  return config;
}

/** The mode recorded in the database the environment names; null when none is (yet). */
async function recordedMode(env: Record<string, string | undefined>): Promise<DatabaseMode | null> {
  const location = loadDatabaseLocation(env);
  // An SQLite file that is not there has no mode, and reading must not create it.
  if (!location.databaseUrl && !fs.existsSync(path.join(location.dataDir, SQLITE_FILE))) return null;
  const { db } = createDatabase(location);
  try {
    return await readDatabaseMode(db);
  } catch (error) {
    if (isMissingTable(error)) return null;
    if (isMissingDatabase(error)) throw new ConfigError(missingDatabaseAdvice(location.databaseUrl!));
    throw error;
  } finally {
    await db.destroy();
  }
}
