import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('configuration', () => {
  it('runs on its embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ appEnv: 'development', port: 8080, seedDemo: true, devToolsEnabled: true, databaseUrl: undefined });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 8080 });
  });

  it('turns demo data and developer pages off in production', () => {
    expect(loadConfig({ APP_ENV: 'production' })).toMatchObject({ seedDemo: false, devToolsEnabled: false });
  });

  it('fails fast, listing every bad key at once', () => {
    const load = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', APP_ENV: 'staging' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/);
    expect(load).toThrow(/APP_ENV/);
  });
});
