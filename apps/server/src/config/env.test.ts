import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('has working defaults for a local start', () => {
    const config = loadConfig({}, '/srv/store');
    expect(config).toMatchObject({
      env: 'production',
      host: 'localhost',
      port: 8080,
      publicUrl: 'http://localhost:8080',
      dataDir: path.resolve('/srv/store', 'data'),
      databaseUrl: undefined,
      currency: 'USD',
      corsOrigins: [],
      trustProxy: false,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      PUBLIC_URL: 'https://shop.example.com/',
      DATA_DIR: '/var/lib/store',
      DATABASE_URL: 'postgres://store@db/store',
      CORS_ORIGINS: 'https://a.example.com, https://b.example.com/path',
      TRUST_PROXY: 'true',
      STORE_CURRENCY: 'CAD',
      ACCESS_LOG: 'yes',
    });
    expect(config.port).toBe(9000);
    expect(config.publicUrl).toBe('https://shop.example.com');
    expect(config.dataDir).toBe('/var/lib/store');
    expect(config.databaseUrl).toBe('postgres://store@db/store');
    expect(config.corsOrigins).toEqual(['https://a.example.com', 'https://b.example.com']);
    expect(config.trustProxy).toBe(true);
    expect(config.currency).toBe('CAD');
    expect(config.accessLog).toBe(true);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: ' ' }).port).toBe(8080);
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', STORE_CURRENCY: 'dollars', CORS_ORIGINS: 'not a url', TRUST_PROXY: 'maybe' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'STORE_CURRENCY', 'CORS_ORIGINS', 'TRUST_PROXY']) {
      expect(problems).toContain(name);
    }
  });
});
