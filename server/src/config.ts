import path from 'node:path';
import { z } from 'zod';
import { marketIds, markets } from '@kwarta/contract';

/**
 * Configuration, parsed once at boot from the environment (epic-stack style): a bad or missing
 * value stops the process with every problem listed, instead of failing later mid-request.
 * Every variable and its default is listed in the README's configuration table.
 */
const envSchema = z
  .object({
    APP_ENV: z.enum(['development', 'sandbox', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave unset for the SQLite file)')
      .optional(),
    WEB_DIST_DIR: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO: z.enum(['auto', 'yes', 'no']).default('auto'),
    SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(60 * 24),
    SESSION_MAX_DAYS: z.coerce.number().int().positive().default(30),
    SUPPORT_EMAIL: z.string().email().default('support@kwarta.example'),
    SUPPORT_WHATSAPP: z.string().default('+63 917 555 0100'),
    SUPPORT_PHONE: z.string().default('+63 2 8555 0100'),
    // Promotion funnel and SMS (D5, D9, D10)
    MARKET: z.enum(marketIds as [keyof typeof markets, ...(keyof typeof markets)[]]).default('default'),
    REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
    REDIS_KEY_PREFIX: z.string().default('kwarta:'),
    SMS_GATEWAY: z.enum(['outbox', 'http']).default('outbox'),
    SMS_HTTP_URL: z.string().url().optional(),
    SMS_HTTP_TOKEN: z.string().optional(),
    SMS_HTTP_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
    SMS_LIMIT_PER_PHONE_DAY: z.coerce.number().int().positive().default(5),
    SMS_LIMIT_PER_IP_HOUR: z.coerce.number().int().positive().default(10),
    SMS_LIMIT_PER_DEVICE_DAY: z.coerce.number().int().positive().default(10),
    SMS_LIMIT_GLOBAL_DAY: z.coerce.number().int().positive().default(10000),
  })
  .refine((env) => env.SMS_GATEWAY !== 'http' || env.SMS_HTTP_URL, {
    message: 'SMS_HTTP_URL is required when SMS_GATEWAY=http',
    path: ['SMS_HTTP_URL'],
  })
  .transform((env) => ({
    appEnv: env.APP_ENV,
    isProduction: env.APP_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    logLevel: env.LOG_LEVEL,
    // Demo data and the developer pages are for development and sandbox only (D14).
    seedDemo: env.SEED_DEMO === 'auto' ? env.APP_ENV !== 'production' : env.SEED_DEMO === 'yes',
    devToolsEnabled: env.APP_ENV !== 'production',
    session: { idleMinutes: env.SESSION_IDLE_MINUTES, maxDays: env.SESSION_MAX_DAYS },
    defaultSupport: { email: env.SUPPORT_EMAIL, whatsapp: env.SUPPORT_WHATSAPP, phone: env.SUPPORT_PHONE },
    market: markets[env.MARKET],
    redis: env.REDIS_URL ? { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX } : undefined,
    sms: {
      gateway: env.SMS_GATEWAY,
      http: env.SMS_HTTP_URL ? { url: env.SMS_HTTP_URL, token: env.SMS_HTTP_TOKEN, timeoutMs: env.SMS_HTTP_TIMEOUT_MS } : undefined,
      limits: {
        perPhoneDay: env.SMS_LIMIT_PER_PHONE_DAY,
        perIpHour: env.SMS_LIMIT_PER_IP_HOUR,
        perDeviceDay: env.SMS_LIMIT_PER_DEVICE_DAY,
        globalDay: env.SMS_LIMIT_GLOBAL_DAY,
      },
    },
  }));

export type Config = z.output<typeof envSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable (FOO= in a shell or .env) means "not set", not "set to nothing".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return result.data;
}
