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

  it('runs the embedded identity provider unless OIDC_ISSUER is set', () => {
    const embedded = loadConfig({ PUBLIC_URL: 'https://shop.example.com' });
    expect(embedded.identity).toEqual({
      provider: 'embedded',
      issuer: 'https://shop.example.com/idp',
      clientId: 'songwish-web',
      audience: 'https://shop.example.com/api',
    });
    expect(embedded.publicConfig.identity).toEqual({
      authority: 'https://shop.example.com/idp',
      clientId: 'songwish-web',
      audience: 'https://shop.example.com/api',
      provider: 'embedded',
    });
    expect(loadConfig({ OIDC_CLIENT_ID: 'my-store', OIDC_AUDIENCE: 'https://api.example.com/' }).identity).toMatchObject({
      provider: 'embedded',
      clientId: 'my-store',
      audience: 'https://api.example.com/',
    });
  });

  it('uses an external provider when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE are set, and says what is missing', () => {
    const external = loadConfig({ OIDC_ISSUER: 'https://tenant.eu.auth0.com/', OIDC_CLIENT_ID: 'AbC123', OIDC_AUDIENCE: 'https://api.songwish.example' });
    expect(external.identity).toEqual({
      provider: 'external',
      issuer: 'https://tenant.eu.auth0.com/',
      clientId: 'AbC123',
      audience: 'https://api.songwish.example',
      claimsNamespace: undefined,
    });
    expect(external.publicConfig.identity).toEqual({ authority: 'https://tenant.eu.auth0.com/', clientId: 'AbC123', audience: 'https://api.songwish.example', provider: 'external' });
    expect(JSON.stringify(external.publicConfig)).not.toMatch(/secret/i);

    expect(() => loadConfig({ OIDC_ISSUER: 'https://tenant.eu.auth0.com/' })).toThrow(/OIDC_CLIENT_ID[\s\S]*OIDC_AUDIENCE/);
    expect(() => loadConfig({ OIDC_ISSUER: 'ftp://tenant.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'has spaces' })).toThrow(ConfigError);
    // The embedded provider's audience is a resource indicator: an absolute URL.
    expect(() => loadConfig({ OIDC_AUDIENCE: 'songwish-api' })).toThrow(/OIDC_AUDIENCE/);
  });
});
