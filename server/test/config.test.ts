import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chartOfAccounts, complianceProfiles, compliantLoanRules, defaultLoanRules } from '@kwarta/domain';
import { ConfigError, loadConfig as loadEnv } from '../src/config.ts';
import { productionEssentials } from './support/test-app.ts';

// Production with its money adapters set (they have no default there, D18), unless a test says otherwise.
const loadConfig = (env: Record<string, string>) => loadEnv({ ...productionEssentials(), ...env });

describe('configuration', () => {
  it('runs on its embedded defaults once the money adapters are named, as production', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      appEnv: 'production',
      port: 8080,
      seedDemo: false,
      devToolsEnabled: false,
      databaseUrl: undefined,
    });
  });

  it('turns the developer tools on only for development or sandbox on a loopback listener, or DEV_TOOLS=on', () => {
    const tools = (env: Record<string, string>) => loadConfig(env).devToolsEnabled;
    expect(tools({ APP_ENV: 'development', HOST: '0.0.0.0' })).toBe(false);
    expect(tools({ APP_ENV: 'development' })).toBe(true); // development's HOST defaults to 127.0.0.1
    expect(tools({ APP_ENV: 'sandbox', SANDBOX_PAYMENT_SECRET: 'x'.repeat(16) })).toBe(false); // others' to 0.0.0.0
    expect(tools({ APP_ENV: 'sandbox', HOST: '192.168.1.20' })).toBe(false);
    expect(tools({ APP_ENV: 'development', HOST: '127.0.0.1' })).toBe(true);
    expect(tools({ APP_ENV: 'sandbox', HOST: 'localhost' })).toBe(true);
    expect(tools({ APP_ENV: 'sandbox', HOST: '::1' })).toBe(true);
    expect(tools({ HOST: '127.0.0.1' })).toBe(false); // unset APP_ENV is production
    expect(tools({ APP_ENV: 'sandbox', HOST: '0.0.0.0', DEV_TOOLS: 'on' })).toBe(true);
    expect(tools({ APP_ENV: 'development', HOST: '127.0.0.1', DEV_TOOLS: 'off' })).toBe(false);
    expect(() => loadConfig({ APP_ENV: 'production', DEV_TOOLS: 'on' })).toThrow(/DEV_TOOLS/);
  });

  it('trusts no proxy unless told which', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('checks CIC_PROVIDER_CODE at boot when set: the 8-character code the CIC assigned (decision 0106)', () => {
    expect(loadConfig({}).cicProviderCode).toBeNull();
    expect(loadConfig({ CIC_PROVIDER_CODE: 'KWARTA01' }).cicProviderCode).toBe('KWARTA01');
    for (const code of ['KWARTA1', 'kwarta01', 'KWARTA-01', 'KWARTA012'])
      expect(() => loadConfig({ CIC_PROVIDER_CODE: code })).toThrow(/CIC_PROVIDER_CODE/);
  });

  it('runs the SQLite file on our driver unless SQLITE_DRIVER names Kysely’s', () => {
    expect(loadConfig({}).sqliteDriver).toBe('fast');
    expect(loadConfig({ SQLITE_DRIVER: 'kysely' }).sqliteDriver).toBe('kysely');
    expect(() => loadConfig({ SQLITE_DRIVER: 'better-sqlite3' })).toThrow(
      /SQLITE_DRIVER: Invalid option: expected one of "fast"\|"kysely"/,
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 8080 });
  });

  it('refuses production on a sandbox money adapter or none, naming each (D18)', () => {
    expect(() => loadEnv({})).toThrow(
      /PAYMENT_PROVIDER: must be set in production[\s\S]*CARD_DEBIT_PROVIDER: must be set[\s\S]*PAYOUT_PROVIDER: must be set/,
    );
    for (const name of ['PAYMENT_PROVIDER', 'CARD_DEBIT_PROVIDER', 'PAYOUT_PROVIDER']) {
      expect(() => loadConfig({ [name]: 'sandbox' })).toThrow(
        new RegExp(`${name}: sandbox moves no money in production`),
      );
    }
  });

  it('gives the sandbox cashier a default secret in development on a loopback listener only', () => {
    const development = loadEnv({ APP_ENV: 'development', HOST: '127.0.0.1' });
    expect(development.payments).toMatchObject({ provider: 'sandbox' });
    expect(development.payments.sandboxSecret).not.toBe('kwarta-sandbox-cashier');
    expect(() => loadEnv({ APP_ENV: 'sandbox' })).toThrow(/SANDBOX_PAYMENT_SECRET: is required/);
    expect(() => loadEnv({ APP_ENV: 'sandbox', SANDBOX_PAYMENT_SECRET: 'short' })).toThrow(
      /SANDBOX_PAYMENT_SECRET/,
    );
    const secret = 'a-sandbox-secret-of-ours';
    expect(loadEnv({ APP_ENV: 'sandbox', SANDBOX_PAYMENT_SECRET: secret }).payments.sandboxSecret).toBe(
      secret,
    );
  });

  it('turns demo data and developer pages off in production', () => {
    expect(loadConfig({ APP_ENV: 'production' })).toMatchObject({ seedDemo: false, devToolsEnabled: false });
  });

  it('refuses SEED_DEMO=yes in production: demo borrowers, orders and payouts never enter a real book', () => {
    expect(() => loadConfig({ APP_ENV: 'production', SEED_DEMO: 'yes' })).toThrow(
      /SEED_DEMO: SEED_DEMO=yes needs APP_ENV=development or sandbox/,
    );
    expect(loadConfig({ APP_ENV: 'production', SEED_DEMO: 'no' }).seedDemo).toBe(false);
  });

  it('keeps the published cashier secret and demo operators to development on a loopback listener', () => {
    // Reachable from other machines, development needs a secret of its own, like a sandbox.
    for (const HOST of ['0.0.0.0', '192.168.1.20', '::']) {
      expect(() => loadEnv({ APP_ENV: 'development', HOST })).toThrow(
        new RegExp(`SANDBOX_PAYMENT_SECRET: is required when development listens on HOST=${HOST}`),
      );
    }
    const exposed = loadEnv({
      APP_ENV: 'development',
      HOST: '0.0.0.0',
      SANDBOX_PAYMENT_SECRET: 'x'.repeat(16),
    });
    expect(exposed).toMatchObject({ publishedDefaults: false, payments: { sandboxSecret: 'x'.repeat(16) } });
    expect(loadEnv({ APP_ENV: 'development', HOST: '127.0.0.1' }).publishedDefaults).toBe(true);
    expect(
      loadEnv({ APP_ENV: 'sandbox', HOST: '127.0.0.1', SANDBOX_PAYMENT_SECRET: 'x'.repeat(16) }),
    ).toMatchObject({ publishedDefaults: false });
  });

  it('dates a manual job run in production at most JOB_CATCH_UP_HOURS back (72 unless set)', () => {
    expect(loadConfig({}).jobs.catchUpHours).toBe(72);
    expect(loadConfig({ JOB_CATCH_UP_HOURS: '24' }).jobs.catchUpHours).toBe(24);
    expect(() => loadConfig({ JOB_CATCH_UP_HOURS: '0' })).toThrow(/JOB_CATCH_UP_HOURS/);
  });

  it("runs the Philippines unless MARKET says otherwise; MARKET=spec is the spec's market, with no caps", () => {
    expect(loadConfig({})).toMatchObject({ market: { id: 'PH' }, compliance: { id: 'ph-sec-mc3-2022' } });
    expect(loadConfig({ MARKET: 'spec' })).toMatchObject({ market: { id: 'spec' }, compliance: null });
    expect(loadConfig({ MARKET: 'spec' }).loanRules).toBe(defaultLoanRules);
  });

  it("refuses MARKET=default, the spec market's old name, saying what to set instead", () => {
    const load = () => loadConfig({ MARKET: 'default' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      "MARKET: was renamed: MARKET=spec runs the spec's market (its phone rule, texts and formats); leave MARKET unset for the Philippines",
    );
    expect(load).not.toThrow(/Invalid option/);
  });

  it('fails fast, listing every bad key at once', () => {
    const load = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', APP_ENV: 'staging' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/);
    expect(load).toThrow(/APP_ENV/);
  });
});

describe('lender-wide loan rules (LOAN_RULES_FILE)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-config-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, content: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    return file;
  };

  it("are the spec figures when unset in the spec's market, and written from the caps in the default PH", () => {
    expect(loadConfig({ MARKET: 'spec' }).loanRules).toBe(defaultLoanRules);
    expect(loadConfig({}).loanRules).toEqual(
      compliantLoanRules(complianceProfiles['ph-sec-mc3-2022'], defaultLoanRules),
    );
  });

  it('come from the file when it holds valid rules', () => {
    const rules = { ...defaultLoanRules, term: { minDays: 120, maxDays: 180 } };
    const file = write('ok.json', JSON.stringify(rules));
    expect(loadConfig({ MARKET: 'spec', LOAN_RULES_FILE: file }).loanRules.term).toEqual({
      minDays: 120,
      maxDays: 180,
    });
  });

  it('stop the boot naming the rule at fault, the file unreadable, or its JSON broken', () => {
    const gap = {
      ...defaultLoanRules,
      latePenalty: {
        ...defaultLoanRules.latePenalty,
        dailyTiers: [
          { fromDay: 1, toDay: 30, dailyRateBps: 500 },
          { fromDay: 40, toDay: null, dailyRateBps: 200 },
        ],
      },
    };
    expect(() => loadConfig({ LOAN_RULES_FILE: write('gap.json', JSON.stringify(gap)) })).toThrow(
      /LOAN_RULES_FILE: .*latePenalty\.dailyTiers\.1: penalty tiers must be contiguous/,
    );
    expect(() => loadConfig({ LOAN_RULES_FILE: path.join(dir, 'missing.json') })).toThrow(
      /LOAN_RULES_FILE: cannot read/,
    );
    expect(() => loadConfig({ LOAN_RULES_FILE: write('broken.json', '{"term":') })).toThrow(
      /LOAN_RULES_FILE: cannot read .* as JSON/,
    );
  });
});

describe("the ledger's chart (LEDGER_ACCOUNTS_FILE)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-ledger-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, content: unknown) => {
    const at = path.join(dir, name);
    fs.writeFileSync(at, typeof content === 'string' ? content : JSON.stringify(content));
    return at;
  };

  it("renames and renumbers our accounts, a provider's cash by template", () => {
    const config = loadConfig({
      LEDGER_ACCOUNTS_FILE: file('ok.json', {
        'receivable:principal': { code: '1310', name: 'Loans to customers' },
        'cash:*': { code: '1010-{provider}' },
      }),
    });
    const chart = chartOfAccounts(config.ledgerAccounts);
    expect(chart.describe('receivable:principal')).toMatchObject({
      code: '1310',
      name: 'Loans to customers',
    });
    expect(chart.describe('cash:dragonpay')).toMatchObject({
      code: '1010-dragonpay',
      name: 'Cash at dragonpay',
    });
    expect(loadConfig({}).ledgerAccounts).toEqual({});
  });

  it('stops the boot on an unknown account, a duplicate code or broken JSON', () => {
    expect(() =>
      loadConfig({ LEDGER_ACCOUNTS_FILE: file('unknown.json', { 'receivable:other': { code: '9' } }) }),
    ).toThrow(/LEDGER_ACCOUNTS_FILE: .*unknown ledger account "receivable:other"/);
    expect(() =>
      loadConfig({ LEDGER_ACCOUNTS_FILE: file('twice.json', { 'income:fees': { code: '4100' } }) }),
    ).toThrow(/LEDGER_ACCOUNTS_FILE: .*code 4100 is used twice/);
    expect(() => loadConfig({ LEDGER_ACCOUNTS_FILE: file('broken.json', '{"cash:*":') })).toThrow(
      /LEDGER_ACCOUNTS_FILE: cannot read .* as JSON/,
    );
  });
});

describe('brand values', () => {
  it('default to a complete set, the privacy page being our /Policy', () => {
    expect(loadConfig({}).brand).toMatchObject({
      brandName: 'Kwarta',
      privacyPolicyUrl: '/Policy',
      copyright: expect.stringContaining('Kwarta Lending Corporation'),
    });
  });

  it('accept a privacy page path or https URL only', () => {
    expect(loadConfig({ PRIVACY_POLICY_URL: 'https://lender.example/privacy' }).brand.privacyPolicyUrl).toBe(
      'https://lender.example/privacy',
    );
    expect(() => loadConfig({ PRIVACY_POLICY_URL: 'javascript:alert(1)' })).toThrow(/PRIVACY_POLICY_URL/);
  });
});

describe('uploads storage (BLOB_STORAGE)', () => {
  const s3 = {
    BLOB_STORAGE: 's3',
    S3_BUCKET: 'kwarta-uploads',
    S3_REGION: 'ap-southeast-1',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'secret-example',
  };

  it('keeps uploads in the data directory by default', () => {
    expect(loadConfig({ DATA_DIR: '/srv/kwarta' }).blobStorage).toEqual({
      kind: 'local',
      directory: path.join('/srv/kwarta', 'uploads'),
    });
  });

  it('reads the bucket, region, key and timeout for s3; AWS itself has no endpoint and virtual-host paths', () => {
    expect(loadConfig(s3).blobStorage).toEqual({
      kind: 's3',
      bucket: 'kwarta-uploads',
      region: 'ap-southeast-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret-example' },
      timeoutMs: 5000,
    });
  });

  it('puts the bucket in the path for an S3-compatible endpoint unless told otherwise', () => {
    const endpoint = { ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000/' };
    expect(loadConfig(endpoint).blobStorage).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...endpoint, S3_FORCE_PATH_STYLE: 'false' }).blobStorage).toMatchObject({
      forcePathStyle: false,
    });
    expect(loadConfig({ ...s3, S3_TIMEOUT_MS: '2500' }).blobStorage).toMatchObject({ timeoutMs: 2500 });
  });

  it('stops the boot naming every missing setting of s3, and the region in production', () => {
    const load = () => loadConfig({ BLOB_STORAGE: 's3' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      /S3_BUCKET: is required when BLOB_STORAGE=s3\n {2}S3_ACCESS_KEY_ID: is required when BLOB_STORAGE=s3\n {2}S3_SECRET_ACCESS_KEY: is required when BLOB_STORAGE=s3\n {2}S3_REGION: is required when BLOB_STORAGE=s3 in production/,
    );
    const { S3_REGION: _region, ...noRegion } = s3;
    expect(() => loadConfig(noRegion)).toThrow(/S3_REGION: is required when BLOB_STORAGE=s3 in production/);
    // Outside production AWS's default region will do (an S3-compatible server ignores it).
    expect(loadEnv({ APP_ENV: 'development', HOST: '127.0.0.1', ...noRegion }).blobStorage).toMatchObject({
      region: 'us-east-1',
    });
    const { S3_SECRET_ACCESS_KEY: _secret, ...halfKey } = s3;
    expect(() => loadEnv({ APP_ENV: 'development', ...halfKey })).toThrow(
      /S3_SECRET_ACCESS_KEY: is required/,
    );
  });

  it('refuses a malformed endpoint, bucket, path style or storage kind', () => {
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 's3.example.com' })).toThrow(
      /S3_ENDPOINT: must be an origin/,
    );
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'https://s3.example.com/bucket' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Kwarta_Uploads' })).toThrow(
      /S3_BUCKET: must be a bucket name/,
    );
    expect(() => loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadConfig({ BLOB_STORAGE: 'gcs' })).toThrow(/BLOB_STORAGE/);
  });
});
