import type { Kysely } from 'kysely';
import { formatLenderTime } from '@kwarta/domain';
import { ConfigError, type Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { getSettings, putSetting } from '../db/settings-repository.ts';

/**
 * The mode a database runs in, recorded in the database itself at every server boot (decision
 * 0101): development, sandbox or production, and the money adapters that decide whether money
 * really moves. The command-line tools take their mode from it, so a tool pointed at a production
 * database works on production's terms wherever it is run from, and a restored database carries it.
 */
export interface DatabaseMode {
  appEnv: Config['appEnv'];
  payments: string;
  cardDebit: string;
  payouts: string;
  /**
   * The market the server runs (absent in a record made before markets were recorded): a command
   * line beside a `MARKET=spec` server must not check phones, print amounts or seed history as the
   * default market would.
   */
  market?: Config['market']['id'];
  /** When a server last recorded it (ISO). */
  recordedAt: string;
}

const MODE_KEY = 'database_mode';

/** The adapters that move money, by the variable that sets each: a tool must use the server's. */
const moneyAdapters = [
  ['payments', 'PAYMENT_PROVIDER'],
  ['cardDebit', 'CARD_DEBIT_PROVIDER'],
  ['payouts', 'PAYOUT_PROVIDER'],
] as const;

function modeOf(config: Config): Omit<DatabaseMode, 'recordedAt'> {
  return {
    appEnv: config.appEnv,
    payments: config.payments.provider,
    cardDebit: config.cardDebit.provider,
    payouts: config.payouts.provider,
    market: config.market.id,
  };
}

export async function readDatabaseMode(db: Kysely<Database>): Promise<DatabaseMode | null> {
  const value = (await getSettings(db, [MODE_KEY])).get(MODE_KEY);
  return value === undefined ? null : (JSON.parse(value) as DatabaseMode);
}

/**
 * A server's boot: refuses a database production runs on unless this server is production too (a
 * development or sandbox server would pay out through the sandbox and seed demo data into it),
 * then records this server's mode. A development database may become a production one.
 */
export async function recordDatabaseMode(db: Kysely<Database>, config: Config, now: Date): Promise<void> {
  const recorded = await readDatabaseMode(db);
  if (recorded?.appEnv === 'production' && !config.isProduction) {
    throw new ConfigError(
      `This database runs in production (recorded ${formatLenderTime(recorded.recordedAt, config.lenderTimeZone)}): a ${config.appEnv} server ` +
        'would move no real money and seed demo data into it. Start it with APP_ENV=production.',
    );
  }
  await putSetting(db, MODE_KEY, JSON.stringify({ ...modeOf(config), recordedAt: now.toISOString() }), now);
}

function whoseMode(recorded: DatabaseMode, timeZone: string): string {
  return `this database's server runs in ${recorded.appEnv} (recorded ${formatLenderTime(recorded.recordedAt, timeZone)})`;
}

/**
 * An APP_ENV other than the one the database recorded, in one sentence with the way out. A command
 * line says it before reading the rest of its configuration: the variables a production run
 * lacks are no news to someone who typed the wrong mode (decision 0101).
 */
export function appEnvRefusal(recorded: DatabaseMode, appEnv: string, timeZone: string): string | null {
  if (appEnv === recorded.appEnv) return null;
  return (
    `APP_ENV is ${appEnv}, but ${whoseMode(recorded, timeZone)}: a command line works in its database's mode. ` +
    `Unset APP_ENV or set it to ${recorded.appEnv}. Nothing was done.`
  );
}

/**
 * What keeps a command line from working on a database with `config`: an APP_ENV other than the
 * recorded one, or a money adapter other than the server's. Null when it may go on.
 */
export function cliModeRefusal(recorded: DatabaseMode, config: Config): string | null {
  const mismatch = appEnvRefusal(recorded, config.appEnv, config.lenderTimeZone);
  if (mismatch) return mismatch;
  const whose = whoseMode(recorded, config.lenderTimeZone);
  const mine = modeOf(config);
  const differ = moneyAdapters.filter(([key]) => mine[key] !== recorded[key]);
  if (differ.length === 0) return null;
  return (
    `${whose} with ${differ.map(([key, name]) => `${name}=${recorded[key]}`).join(', ')}; this command line ` +
    `has ${differ.map(([key, name]) => `${name}=${mine[key]}`).join(', ')}. Set the server's. Nothing was done.`
  );
}
