import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  chartOfAccounts,
  chartOverridesSchema,
  complianceProfileIds,
  complianceProfiles,
  compliantLoanRules,
  defaultLoanRules,
  loanRulesSchema,
  rulesBreaches,
  type ChartOverrides,
  type ComplianceProfile,
  type ComplianceProfileId,
  type LoanRules,
} from '@kwarta/domain';
import {
  approvalActions,
  approvalThresholdsSchema,
  defaultMarketId,
  describeCapBreach,
  fillMessage,
  marketIds,
  markets,
  messages,
  type MarketId,
} from '@kwarta/contract';
import { philippineRetention, retentionSchema } from '@kwarta/domain/retention';
import { readConfiguredBrand, type ConfiguredBrand } from './lib/brand-source.ts';
import { identityEnv, identitySettingsOf } from './features/philsys/index.ts';

/**
 * Configuration, parsed once at boot from the environment (epic-stack style): a bad or missing
 * value stops the process with every problem listed, instead of failing later mid-request.
 * Every variable and its default is listed in the README's configuration table.
 */
/** A 256-bit key as base64. */
const accountKey = z
  .string()
  .refine((key) => /^[A-Za-z0-9+/]+={0,2}$/.test(key) && Buffer.from(key, 'base64').length === 32, {
    message: 'must be base64 of exactly 32 bytes (openssl rand -base64 32)',
  })
  .transform((key) => Buffer.from(key, 'base64'));

const envObject = z.object({
  // Unset means production: a server started bare on a host must not hand out codes (see
  // decision 0040). `npm start` and `npm run serve` set development on 127.0.0.1 for you.
  APP_ENV: z.enum(['development', 'sandbox', 'production']).default('production'),
  DEV_TOOLS: z.enum(['auto', 'on', 'off']).default('auto'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  // Unset: 0.0.0.0, but development listens where only this machine reaches it (decision 0101).
  HOST: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave unset for the SQLite file)')
    .optional(),
  // Which driver runs the SQLite file: ours (db/sqlite-driver.ts, decision 0006) or Kysely's
  // own, the reference ours must behave like (the server tests run with each).
  SQLITE_DRIVER: z.enum(['fast', 'kysely']).default('fast'),
  WEB_DIST_DIR: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  // Which proxies may set X-Forwarded-For: limits per client address depend on it, so trust
  // none unless told (a directly exposed server would otherwise let anyone pick their address).
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[\d.:/a-fA-F, ]+)$/, 'true, false, or comma-separated proxy addresses/CIDRs')
    .default('false')
    .transform((value) => (value === 'true' ? true : value === 'false' ? false : value)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // SIGTERM's sequence (lib/graceful-shutdown.ts): /healthz fails for SHUTDOWN_DELAY_MS while
  // requests are still served (a load balancer's active checks notice), then the listener closes
  // once quiet and in-flight requests and jobs get SHUTDOWN_GRACE_MS to finish before their
  // connections are cut.
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  // Uploads (DESIGN §1, D11): the data directory, or an S3-compatible bucket every instance
  // shares (lib/s3-blob-storage.ts). The bucket stays private: images go out through the app.
  BLOB_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/]+\/?$/, 'must be an origin such as https://s3.example.com (no path)')
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3-63 of a-z 0-9 . -')
    .optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  // /metrics (README "Monitoring"): off unless set; a scraper sends it as a bearer token.
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((token) => token || undefined)
    .pipe(
      z
        .string()
        .min(16, 'must be at least 16 characters (openssl rand -hex 16)')
        .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (openssl rand -hex 16)')
        .optional(),
    ),
  SEED_DEMO: z.enum(['auto', 'yes', 'no']).default('auto'),
  // How far back a manual job run in production may be dated (`npm run job -- NAME --as-of`):
  // enough to catch up a weekend the scheduler missed, never a future day (decision 0101).
  JOB_CATCH_UP_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .max(24 * 31)
    .default(72),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 24),
  SESSION_MAX_DAYS: z.coerce.number().int().positive().default(30),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().positive().default(1000),
  MAX_IN_FLIGHT: z.coerce.number().int().positive().default(2000),
  LENDER_DATA_CACHE_MS: z.coerce.number().int().min(0).default(5000),
  // How an answer a route checks only in tests (the order page's, decision 0117) is checked:
  // `strict` (development's default, and the server tests) fails the call when its data schema
  // would drop or change anything; `off` (sandbox and production) sends it as the handler made it.
  ANSWER_CHECK: z.enum(['strict', 'off']).optional(),
  // A pushed order is decided by the active credit model at once; `off` leaves every order in 21
  // for an officer (decision 0109).
  CREDIT_DECISIONS: z.enum(['auto', 'off']).default('auto'),
  // Customer service until an admin saves contacts in the console; unset, the brand file's
  // `support` values (Kwarta's by default), so a second brand never shows Kwarta's address.
  SUPPORT_EMAIL: z.string().email().optional(),
  SUPPORT_WHATSAPP: z.string().optional(),
  SUPPORT_PHONE: z.string().optional(),
  // The brand (decision 0096): BRAND_FILE, then single BRAND_* variables over it, Kwarta's own
  // look by default. Read and checked (colour contrast, images) in the transform below.
  BRAND_FILE: z.string().optional(),
  BRAND_NAME: z.string().optional(),
  BRAND_PRIMARY: z.string().optional(),
  BRAND_ACCENT: z.string().optional(),
  BRAND_TEXT: z.string().optional(),
  BRAND_URL_SCHEME: z.string().optional(),
  BRAND_LOGO: z.string().optional(),
  BRAND_ICON: z.string().optional(),
  BRAND_FAVICON: z.string().optional(),
  // The lender's texts of the official site and static pages (decision 0030); unset, the brand
  // file's `company` values (Kwarta's by default).
  COMPANY_NAME: z.string().optional(),
  COMPANY_ADDRESS: z.string().optional(),
  COMPANY_REGISTRATION: z.string().optional(),
  COPYRIGHT_TEXT: z.string().optional(),
  PRIVACY_POLICY_URL: z
    .string()
    .regex(/^(\/|https:\/\/)/, 'must be a path (/Policy) or an https:// URL')
    .optional(),
  PRIVACY_OFFICER_EMAIL: z.string().email().optional(),
  // The provider code the CIC assigns a registered submitting entity (decision 0106).
  CIC_PROVIDER_CODE: z
    .string()
    .regex(
      /^[A-Z0-9]{8}$/,
      'must be the 8-character provider code the CIC assigned (capital letters and digits)',
    )
    .optional(),
  LOAN_RULES_FILE: z
    .string()
    .optional()
    .transform((file, ctx) => readLoanRules(file, ctx)),
  LEDGER_ACCOUNTS_FILE: z
    .string()
    .optional()
    .transform((file, ctx) => readLedgerAccounts(file, ctx)),
  // How long each category of borrower data is kept (decision 0107); unset, the Philippine defaults.
  RETENTION_FILE: z
    .string()
    .optional()
    .transform((file, ctx) => readJsonFile(file, retentionSchema, ctx)),
  // The cost caps lent under (D16): the PH market's preset turns on the Philippine profile.
  COMPLIANCE: z.enum(['none', ...complianceProfileIds]).optional(),
  // The lender's calendar: "today" of due dates, the status job and penalties (decision 0050).
  LENDER_TIME_ZONE: z
    .string()
    .default('Asia/Manila')
    .refine((zone) => isTimeZone(zone), 'must be an IANA time zone, e.g. Asia/Manila'),
  // Identity before disbursement, the PhilSys keys and the screening threshold (decision 0108).
  ...identityEnv,
  // Centavos: a payout or payment above it is a covered transaction (AMLA sec. 3(b), ₱500,000;
  // regulatory notes), flagged in the AML register when the money moves (decision 0112).
  AML_COVERED_THRESHOLD: z.coerce.number().int().positive().default(50_000_000),
  // The market (D5): the Philippines unless set; `spec` is the spec's market exactly. The spec's
  // market was called `default` until PH became the default: that name is refused rather than
  // kept as an alias, since it would now read as "the default market" and run another one.
  MARKET: z
    .string()
    .default(defaultMarketId)
    .refine(
      (id) => id !== 'default',
      "was renamed: MARKET=spec runs the spec's market (its phone rule, texts and formats); leave MARKET unset for the Philippines",
    )
    .pipe(z.enum(marketIds as [MarketId, ...MarketId[]])),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z.string().default('kwarta:'),
  /** Where borrowers reach this deployment (https://pay.example.ph): links in reminders. */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+$/, 'must be an origin such as https://pay.example.ph (no path)')
    .optional(),
  SMS_GATEWAY: z.enum(['outbox', 'http', 'semaphore']).default('outbox'),
  SEMAPHORE_API_KEY: z.string().min(1).optional(),
  SEMAPHORE_SENDER_NAME: z.string().max(11).optional(),
  SEMAPHORE_API_URL: z.string().url().default('https://api.semaphore.co/api/v4'),
  SEMAPHORE_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Messages the delivery loop hands the provider per minute (Semaphore's /messages allows 120). */
  SMS_RATE_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** Tries of a message before it is recorded failed. */
  SMS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  SMS_HTTP_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  SMS_LIMIT_PER_PHONE_DAY: z.coerce.number().int().positive().default(5),
  SMS_LIMIT_PER_IP_HOUR: z.coerce.number().int().positive().default(10),
  SMS_LIMIT_PER_DEVICE_DAY: z.coerce.number().int().positive().default(10),
  SMS_LIMIT_GLOBAL_DAY: z.coerce.number().int().positive().default(10000),
  /**
   * Collection messages one borrower (their phone) may get per lender day, queued and at delivery
   * (decision 0103): SEC MC 18-2019 forbids contact that harasses by its frequency; 3 lets a
   * reminder, a follow-up and an answer to the borrower through, and no barrage.
   */
  COLLECTION_SMS_PER_BORROWER_DAY: z.coerce.number().int().min(1).max(10).default(3),
  /**
   * The provider name whose cash account (`cash:<name>`) takes money received outside a provider:
   * a bank deposit, cash at a branch (decision 0110).
   */
  MANUAL_REPAYMENT_CASH_ACCOUNT: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/)
    .default('bank'),
  /** JSON `{ "<action>": centavos }`: above it a money action needs a second operator (decision 0110). */
  APPROVAL_THRESHOLDS: z
    .string()
    .optional()
    .transform((text, ctx) => {
      try {
        return approvalThresholdsSchema.parse(text ? JSON.parse(text) : {});
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: fillMessage(messages.approvalThresholdsInvalid, { actions: approvalActions.join(', ') }),
        });
        return z.NEVER;
      }
    }),
  // Payments (D8, decision 0070): the sandbox cashier by default outside production, Dragonpay's
  // Collect API for real. Production has no default: it must name a real adapter (D18).
  PAYMENT_PROVIDER: z.enum(['sandbox', 'dragonpay']).optional(),
  // /carpmm's card debits (decision 0075): `none` answers that card repayment is not offered.
  CARD_DEBIT_PROVIDER: z.enum(['sandbox', 'none']).optional(),
  DRAGONPAY_MERCHANT_ID: z.string().optional(),
  DRAGONPAY_SECRET: z.string().optional(),
  DRAGONPAY_API_URL: z.string().url().default('https://test.dragonpay.ph/api/collect/v1'),
  DRAGONPAY_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  // The channels offered, by processor id, in this order (features/payments/payment-channels.ts).
  PAYMENT_CHANNELS: z
    .string()
    .default('GCSH,PYMY,BAYD,7ELE,ECPY')
    .transform((list) =>
      list
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[A-Z0-9]{2,8}$/, 'processor ids are 2-8 capitals or digits')).min(1)),
  // Payouts (disbursements, returns of held payments; D18, decisions 0052 and 0090). No default
  // in production: real money must not go to the sandbox, which pays nothing.
  PAYOUT_PROVIDER: z.enum(['sandbox', 'dragonpay']).optional(),
  DRAGONPAY_PAYOUT_API_URL: z.string().url().default('https://test.dragonpay.ph/api/payout/merchant/v1'),
  DRAGONPAY_PAYOUT_MERCHANT_ID: z.string().optional(),
  DRAGONPAY_PAYOUT_SECRET: z.string().optional(),
  DRAGONPAY_PAYOUT_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  // The sandbox cashier signs its postbacks and links with this (every instance of one sandbox
  // shares it). Only development has a default: a published secret lets anyone forge a payment.
  SANDBOX_PAYMENT_SECRET: z.string().min(16).optional(),
  // Payment account numbers are encrypted with this key (AES-256-GCM, decision 0060); retired
  // keys still decrypt until `npm run accounts -- rotate-key` has re-encrypted every row.
  ACCOUNT_KEY: accountKey.optional(),
  ACCOUNT_KEYS_RETIRED: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean),
    )
    .pipe(z.array(accountKey)),
});

const envSchema = envObject
  .transform((env) => ({
    ...env,
    HOST: env.HOST ?? (env.APP_ENV === 'development' ? '127.0.0.1' : '0.0.0.0'),
  }))
  .refine((env) => !(env.DEV_TOOLS === 'on' && env.APP_ENV === 'production'), {
    message: 'DEV_TOOLS=on needs APP_ENV=development or sandbox',
    path: ['DEV_TOOLS'],
  })
  .superRefine((env, ctx) => {
    for (const problem of moneyAdapterProblems(env)) ctx.addIssue({ code: 'custom', ...problem });
  })
  // Demo borrowers, orders, a sandbox payout and their journal entries have no place in a real book.
  .refine((env) => !(env.SEED_DEMO === 'yes' && env.APP_ENV === 'production'), {
    message: 'SEED_DEMO=yes needs APP_ENV=development or sandbox: production never holds demo data',
    path: ['SEED_DEMO'],
  })
  // Said here, with everything else to set, rather than when the key is first needed (decision 0060).
  .refine((env) => env.APP_ENV !== 'production' || env.ACCOUNT_KEY, {
    message: 'is required in production (base64 of 32 random bytes: openssl rand -base64 32)',
    path: ['ACCOUNT_KEY'],
  })
  .refine(
    (env) => env.PAYMENT_PROVIDER !== 'dragonpay' || (env.DRAGONPAY_MERCHANT_ID && env.DRAGONPAY_SECRET),
    {
      message: 'DRAGONPAY_MERCHANT_ID and DRAGONPAY_SECRET are required when PAYMENT_PROVIDER=dragonpay',
      path: ['DRAGONPAY_SECRET'],
    },
  )
  .refine(
    (env) =>
      env.PAYOUT_PROVIDER !== 'dragonpay' ||
      ((env.DRAGONPAY_PAYOUT_MERCHANT_ID ?? env.DRAGONPAY_MERCHANT_ID) && env.DRAGONPAY_PAYOUT_SECRET),
    {
      message:
        'DRAGONPAY_PAYOUT_SECRET and a merchant id (DRAGONPAY_PAYOUT_MERCHANT_ID or DRAGONPAY_MERCHANT_ID) are required when PAYOUT_PROVIDER=dragonpay',
      path: ['DRAGONPAY_PAYOUT_SECRET'],
    },
  )
  .superRefine((env, ctx) => {
    for (const name of missingS3Settings(env))
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `is required when BLOB_STORAGE=s3${name === 'S3_REGION' ? ' in production' : ''}`,
      });
  })
  .refine((env) => env.SMS_GATEWAY !== 'semaphore' || env.SEMAPHORE_API_KEY, {
    message: 'SEMAPHORE_API_KEY is required when SMS_GATEWAY=semaphore',
    path: ['SEMAPHORE_API_KEY'],
  })
  .refine((env) => env.SMS_GATEWAY !== 'http' || env.SMS_HTTP_URL, {
    message: 'SMS_HTTP_URL is required when SMS_GATEWAY=http',
    path: ['SMS_HTTP_URL'],
  })
  .superRefine((env, ctx) => {
    const profile = complianceProfileOf(env);
    if (!profile || !env.LOAN_RULES_FILE) return;
    for (const breach of rulesBreaches(profile, env.LOAN_RULES_FILE)) {
      ctx.addIssue({
        code: 'custom',
        path: ['LOAN_RULES_FILE'],
        message: describeCapBreach(breach, profile, markets[env.MARKET].money),
      });
    }
  })
  .transform((env, ctx) => ({ env, configuredBrand: readConfiguredBrand(env, ctx) }))
  .transform(({ env, configuredBrand }) => ({
    appEnv: env.APP_ENV,
    isProduction: env.APP_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    sqliteDriver: env.SQLITE_DRIVER,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    logLevel: env.LOG_LEVEL,
    shutdown: { delayMs: env.SHUTDOWN_DELAY_MS, graceMs: env.SHUTDOWN_GRACE_MS },
    metricsToken: env.METRICS_TOKEN,
    trustProxy: env.TRUST_PROXY,
    blobStorage: blobStorageOf(env),
    // Demo data and the developer pages are for development and sandbox only (D14).
    seedDemo: env.SEED_DEMO === 'auto' ? env.APP_ENV !== 'production' : env.SEED_DEMO === 'yes',
    // The published defaults (the demo operators' password, the development cashier secret) only
    // where nobody else can reach them: development on a loopback listener (decision 0101).
    publishedDefaults: env.APP_ENV === 'development' && isLoopback(env.HOST),
    jobs: { catchUpHours: env.JOB_CATCH_UP_HOURS },
    devToolsEnabled: devToolsEnabled(env),
    session: { idleMinutes: env.SESSION_IDLE_MINUTES, maxDays: env.SESSION_MAX_DAYS },
    load: { maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS, maxInFlight: env.MAX_IN_FLIGHT },
    lenderDataCacheMs: env.LENDER_DATA_CACHE_MS,
    answerCheck: env.ANSWER_CHECK ?? (env.APP_ENV === 'development' ? 'strict' : 'off'),
    creditDecisions: env.CREDIT_DECISIONS,
    defaultSupport: supportContacts(env, configuredBrand),
    brand: companyTexts(env, configuredBrand),
    // Name, colours, images and URL scheme until an admin saves a brand (features/brand).
    configuredBrand,
    compliance: complianceProfileOf(env),
    // The lender-wide loan rules: what /Loan states and what the demo products carry. Without a
    // file, the spec's figures, or under a compliance profile the rules written from its caps.
    loanRules: env.LOAN_RULES_FILE ?? loanRulesOf(complianceProfileOf(env)),
    lenderTimeZone: env.LENDER_TIME_ZONE,
    cicProviderCode: env.CIC_PROVIDER_CODE ?? null,
    // The lender's codes and names for the ledger's accounts (the journal keeps our keys).
    ledgerAccounts: env.LEDGER_ACCOUNTS_FILE ?? {},
    retention: env.RETENTION_FILE ?? philippineRetention,
    // Money actions in the back office (decision 0110).
    backOffice: {
      manualCashProvider: env.MANUAL_REPAYMENT_CASH_ACCOUNT,
      approvalThresholds: env.APPROVAL_THRESHOLDS,
    },
    publicUrl: env.PUBLIC_URL ?? null,
    market: markets[env.MARKET],
    identity: identitySettingsOf(env),
    amlCoveredThreshold: env.AML_COVERED_THRESHOLD,
    // Without a key development and sandbox generate one into the data directory; production
    // refuses to start (features/bank-binding loadAccountKeyRing).
    accountKeys: { current: env.ACCOUNT_KEY, retired: env.ACCOUNT_KEYS_RETIRED },
    redis: env.REDIS_URL ? { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX } : undefined,
    payments: {
      provider: env.PAYMENT_PROVIDER ?? 'sandbox',
      channels: env.PAYMENT_CHANNELS,
      // Set whenever the sandbox is in use (moneyAdapterProblems), the development default otherwise.
      sandboxSecret: env.SANDBOX_PAYMENT_SECRET ?? DEVELOPMENT_SANDBOX_SECRET,
      dragonpay: {
        merchantId: env.DRAGONPAY_MERCHANT_ID ?? '',
        secret: env.DRAGONPAY_SECRET ?? '',
        apiUrl: env.DRAGONPAY_API_URL.replace(/\/+$/, ''),
        timeoutMs: env.DRAGONPAY_TIMEOUT_MS,
      },
    },
    cardDebit: { provider: env.CARD_DEBIT_PROVIDER ?? 'sandbox' },
    payouts: {
      // Set in production (moneyAdapterProblems); the sandbox elsewhere, like the other ports.
      provider: env.PAYOUT_PROVIDER ?? 'sandbox',
      dragonpay: {
        // The Payout API is under the same merchant account as Collect, but has its own API key.
        merchantId: env.DRAGONPAY_PAYOUT_MERCHANT_ID ?? env.DRAGONPAY_MERCHANT_ID ?? '',
        secret: env.DRAGONPAY_PAYOUT_SECRET ?? '',
        apiUrl: env.DRAGONPAY_PAYOUT_API_URL.replace(/\/+$/, ''),
        timeoutMs: env.DRAGONPAY_PAYOUT_TIMEOUT_MS,
      },
    },
    sms: {
      gateway: env.SMS_GATEWAY,
      http: env.SMS_HTTP_URL
        ? { url: env.SMS_HTTP_URL, token: env.SMS_HTTP_TOKEN, timeoutMs: env.SMS_HTTP_TIMEOUT_MS }
        : undefined,
      semaphore: env.SEMAPHORE_API_KEY
        ? {
            apiUrl: env.SEMAPHORE_API_URL.replace(/\/+$/, ''),
            apiKey: env.SEMAPHORE_API_KEY,
            senderName: env.SEMAPHORE_SENDER_NAME,
            timeoutMs: env.SEMAPHORE_TIMEOUT_MS,
          }
        : undefined,
      ratePerMinute: env.SMS_RATE_PER_MINUTE,
      maxAttempts: env.SMS_MAX_ATTEMPTS,
      limits: {
        perPhoneDay: env.SMS_LIMIT_PER_PHONE_DAY,
        perIpHour: env.SMS_LIMIT_PER_IP_HOUR,
        perDeviceDay: env.SMS_LIMIT_PER_DEVICE_DAY,
        globalDay: env.SMS_LIMIT_GLOBAL_DAY,
      },
      collectionPerBorrowerDay: env.COLLECTION_SMS_PER_BORROWER_DAY,
    },
  }));

/**
 * The brand values the official site and static pages print (decision 0030): each COMPANY_*
 * variable, else the brand file's `company` value (examples/brands/kwarta's by default).
 */
function companyTexts(
  env: {
    COMPANY_NAME?: string | undefined;
    COMPANY_ADDRESS?: string | undefined;
    COMPANY_REGISTRATION?: string | undefined;
    COPYRIGHT_TEXT?: string | undefined;
    PRIVACY_POLICY_URL?: string | undefined;
    PRIVACY_OFFICER_EMAIL?: string | undefined;
  },
  brand: ConfiguredBrand,
) {
  const companyName = env.COMPANY_NAME ?? brand.company.name ?? brand.look.name;
  return {
    brandName: brand.look.name,
    companyName,
    companyAddress: env.COMPANY_ADDRESS ?? brand.company.address ?? '',
    companyRegistration: env.COMPANY_REGISTRATION ?? brand.company.registration ?? '',
    copyright:
      env.COPYRIGHT_TEXT ??
      brand.company.copyright ??
      `© ${new Date().getFullYear()} ${companyName}. All rights reserved.`,
    privacyPolicyUrl: env.PRIVACY_POLICY_URL ?? brand.company.privacyPolicyUrl ?? '/Policy',
    privacyOfficerEmail: env.PRIVACY_OFFICER_EMAIL ?? brand.company.privacyOfficerEmail ?? '',
  };
}

/**
 * Customer service's default contacts: each SUPPORT_* variable, else the brand file's `support`
 * value. The default brand file sets all three (a test holds it to that).
 */
function supportContacts(
  env: {
    SUPPORT_EMAIL?: string | undefined;
    SUPPORT_WHATSAPP?: string | undefined;
    SUPPORT_PHONE?: string | undefined;
  },
  brand: ConfiguredBrand,
) {
  return {
    email: env.SUPPORT_EMAIL ?? brand.support.email ?? '',
    whatsapp: env.SUPPORT_WHATSAPP ?? brand.support.whatsapp ?? '',
    phone: env.SUPPORT_PHONE ?? brand.support.phone ?? '',
  };
}

type S3Env = {
  APP_ENV: string;
  DATA_DIR: string;
  BLOB_STORAGE: 'local' | 's3';
  S3_ENDPOINT?: string | undefined;
  S3_BUCKET?: string | undefined;
  S3_REGION?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE?: 'true' | 'false' | undefined;
  S3_TIMEOUT_MS: number;
};

/**
 * With BLOB_STORAGE=s3: the bucket and both halves of the key always (a guess would put uploads
 * somewhere nobody looks), and in production the region too, so AWS's us-east-1 is never assumed.
 */
function missingS3Settings(env: S3Env): string[] {
  if (env.BLOB_STORAGE !== 's3') return [];
  const required = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const missing: string[] = required.filter((name) => !env[name]);
  if (env.APP_ENV === 'production' && !env.S3_REGION) missing.push('S3_REGION');
  return missing;
}

function blobStorageOf(env: S3Env) {
  if (env.BLOB_STORAGE === 'local')
    return { kind: 'local' as const, directory: path.join(path.resolve(env.DATA_DIR), 'uploads') };
  return {
    kind: 's3' as const,
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION ?? 'us-east-1',
    endpoint: env.S3_ENDPOINT?.replace(/\/$/, ''),
    // S3-compatible services at an address of their own mostly want the bucket in the path.
    forcePathStyle: env.S3_FORCE_PATH_STYLE
      ? env.S3_FORCE_PATH_STYLE === 'true'
      : env.S3_ENDPOINT !== undefined,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! },
    timeoutMs: env.S3_TIMEOUT_MS,
  };
}

/** The sandbox secret in development only: anyone can read it here, so nothing else may use it. */
const DEVELOPMENT_SANDBOX_SECRET = 'kwarta-development-sandbox-cashier';

/**
 * Real money only in production (D18): each money port (payments, card debits, payouts) must
 * name a real adapter there, and a sandbox elsewhere must have a secret of its own outside
 * development. Listed together, so one failed start names everything to set.
 */
function moneyAdapterProblems(env: {
  APP_ENV: string;
  PAYMENT_PROVIDER?: string | undefined;
  CARD_DEBIT_PROVIDER?: string | undefined;
  PAYOUT_PROVIDER?: string | undefined;
  SANDBOX_PAYMENT_SECRET?: string | undefined;
  HOST: string;
}): { path: string[]; message: string }[] {
  const problems: { path: string[]; message: string }[] = [];
  if (env.APP_ENV === 'production') {
    const ports = [
      ['PAYMENT_PROVIDER', env.PAYMENT_PROVIDER, 'dragonpay'],
      ['CARD_DEBIT_PROVIDER', env.CARD_DEBIT_PROVIDER, 'none (card repayment not offered)'],
      ['PAYOUT_PROVIDER', env.PAYOUT_PROVIDER, 'dragonpay'],
    ] as const;
    for (const [name, value, real] of ports) {
      if (value === undefined || value === 'sandbox') {
        problems.push({
          path: [name],
          message: `${value === undefined ? 'must be set' : 'sandbox moves no money'} in production: set ${real}`,
        });
      }
    }
  } else if ((env.PAYMENT_PROVIDER ?? 'sandbox') === 'sandbox' && env.SANDBOX_PAYMENT_SECRET === undefined) {
    if (env.APP_ENV === 'sandbox') {
      problems.push({
        path: ['SANDBOX_PAYMENT_SECRET'],
        message:
          'is required with APP_ENV=sandbox (16+ characters every instance shares: openssl rand -hex 16)',
      });
    } else if (!isLoopback(env.HOST)) {
      // The built-in secret is published: on an address others reach, anyone could forge a payment.
      problems.push({
        path: ['SANDBOX_PAYMENT_SECRET'],
        message: `is required when development listens on HOST=${env.HOST}, which others can reach (the built-in one is published: openssl rand -hex 16), or set HOST=127.0.0.1`,
      });
    }
  }
  return problems;
}

/** COMPLIANCE when set; otherwise the market's preset: the Philippine profile for MARKET=PH. */
function complianceProfileOf(env: {
  COMPLIANCE?: string | undefined;
  MARKET: string;
}): ComplianceProfile | null {
  const id = env.COMPLIANCE ?? (env.MARKET === 'PH' ? 'ph-sec-mc3-2022' : 'none');
  return id === 'none' ? null : complianceProfiles[id as ComplianceProfileId];
}

function loanRulesOf(profile: ComplianceProfile | null): LoanRules {
  return profile ? compliantLoanRules(profile, defaultLoanRules) : defaultLoanRules;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The developer tools (`/dev/*`: demo sessions, anyone's SMS code and captcha answer;
 * `/testPreview`; the bridge recorder) would give an attacker every account. They are on only in
 * development or sandbox *and* on a loopback listener, unless DEV_TOOLS=on says so outright
 * (a sandbox shared on a private network); DEV_TOOLS=off turns them off anywhere.
 */
function devToolsEnabled(env: { APP_ENV: string; DEV_TOOLS: string; HOST: string }): boolean {
  if (env.APP_ENV === 'production' || env.DEV_TOOLS === 'off') return false;
  return env.DEV_TOOLS === 'on' || isLoopback(env.HOST);
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * LOAN_RULES_FILE: a JSON file of loan rules (loanRulesSchema); unset, the default of loanRulesOf.
 * Read at boot so a bad file stops the process with the rule at fault named, and, under a
 * compliance profile, with every cap it breaks.
 */
function readLoanRules(file: string | undefined, ctx: z.RefinementCtx): LoanRules | undefined {
  return readJsonFile(file, loanRulesSchema, ctx);
}

/**
 * LEDGER_ACCOUNTS_FILE: the lender's own codes and names for our ledger accounts
 * (chartOverridesSchema, decision 0099); unset, the default chart. Codes must stay unique.
 */
function readLedgerAccounts(file: string | undefined, ctx: z.RefinementCtx): ChartOverrides | undefined {
  const overrides = readJsonFile(file, chartOverridesSchema, ctx);
  if (overrides === undefined) return undefined;
  try {
    chartOfAccounts(overrides);
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      message: `${file}: ${error instanceof Error ? error.message : String(error)}`,
    });
    return z.NEVER;
  }
  return overrides;
}

/** A JSON file read at boot and checked against its schema, each issue named with its path. */
function readJsonFile<T>(
  file: string | undefined,
  schema: z.ZodType<T>,
  ctx: z.RefinementCtx,
): T | undefined {
  if (file === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      message: `cannot read ${file} as JSON: ${error instanceof Error ? error.message : String(error)}`,
    });
    return z.NEVER;
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    ctx.addIssue({
      code: 'custom',
      message: `${file}: ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    });
  }
  return z.NEVER;
}

export type Config = z.output<typeof envSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  return parseEnv(envSchema, env);
}

/** Where the database is (DATABASE_URL, else the SQLite file in DATA_DIR), all a tool needs to read its mode. */
export function loadDatabaseLocation(env: Record<string, string | undefined> = process.env) {
  const location = parseEnv(envObject.pick({ DATA_DIR: true, DATABASE_URL: true, SQLITE_DRIVER: true }), env);
  return {
    dataDir: path.resolve(location.DATA_DIR),
    databaseUrl: location.DATABASE_URL,
    sqliteDriver: location.SQLITE_DRIVER,
  };
}

/**
 * The lender's zone alone (LENDER_TIME_ZONE, else its default): what a tool that has no full
 * configuration yet (a restore, a refusal before the configuration is read) writes its times in.
 */
export function loadLenderTimeZone(env: Record<string, string | undefined> = process.env): string {
  return parseEnv(envObject.pick({ LENDER_TIME_ZONE: true }), env).LENDER_TIME_ZONE;
}

function parseEnv<T extends z.ZodTypeAny>(schema: T, env: Record<string, string | undefined>): z.output<T> {
  // An empty variable (FOO= in a shell or .env) means "not set", not "set to nothing".
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = schema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return result.data as z.output<T>;
}
