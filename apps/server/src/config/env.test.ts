import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configProblems } from '#server-test/helpers.ts';
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
      TRUST_PROXY: '1',
      SANDBOX_ON_PUBLIC_HOST: 'true',
      STORE_CURRENCY: 'CAD',
      ACCESS_LOG: 'yes',
    });
    expect(config.port).toBe(9000);
    expect(config.publicUrl).toBe('https://shop.example.com');
    expect(config.dataDir).toBe('/var/lib/store');
    expect(config.databaseUrl).toBe('postgres://store@db/store');
    expect(config.corsOrigins).toEqual(['https://a.example.com', 'https://b.example.com']);
    expect(config.trustProxy).toEqual({ hops: 1 });
    expect(config.currency).toBe('CAD');
    expect(config.accessLog).toBe(true);
  });

  it("tells the browser how the store's currency writes zero, as every price is written", () => {
    expect(loadConfig({}).publicConfig.zeroPrice).toBe('$0.00');
    expect(loadConfig({ STORE_CURRENCY: 'JPY' }).publicConfig.zeroPrice).toBe('¥0');
    expect(loadConfig({ STORE_CURRENCY: 'KWD' }).publicConfig.zeroPrice).toBe('KWD\u00a00.000');
  });

  it("reads Lyra's limits, a minute each: 30 questions and 60 sketch files by default, whole positive numbers only", () => {
    expect(loadConfig({}).lyra).toMatchObject({ queriesPerMinute: 30, sketchFilesPerMinute: 60 });
    expect(loadConfig({ LYRA_RATE_LIMIT_PER_MINUTE: '5', LYRA_SKETCH_FILES_PER_MINUTE: '12' }).lyra).toMatchObject({
      queriesPerMinute: 5,
      sketchFilesPerMinute: 12,
    });
    for (const bad of ['0', '-3', '2.5', 'many']) {
      expect(configProblems({ LYRA_SKETCH_FILES_PER_MINUTE: bad })).toEqual([expect.stringMatching(/^LYRA_SKETCH_FILES_PER_MINUTE: /)]);
    }
  });

  it('reads analytics: on with 120 events a minute per address by default, off only when asked, nothing else accepted', () => {
    expect(loadConfig({}).analytics).toEqual({ enabled: true, eventsPerMinute: 120 });
    expect(loadConfig({ ANALYTICS: 'off', ANALYTICS_EVENTS_PER_MINUTE: '10' }).analytics).toEqual({ enabled: false, eventsPerMinute: 10 });
    expect(configProblems({ ANALYTICS: 'false' })).toEqual([expect.stringMatching(/^ANALYTICS: must be 'on' or 'off'/)]);
    expect(configProblems({ ANALYTICS_EVENTS_PER_MINUTE: '0' })).toEqual([expect.stringMatching(/^ANALYTICS_EVENTS_PER_MINUTE: /)]);
  });

  it("reads the sign-in's email forms per client address and 15 minutes: 10 by default, whole positive numbers only", () => {
    expect(loadConfig({}).rateLimit.identityEmailForms).toBe(10);
    expect(loadConfig({ IDP_EMAIL_FORMS_PER_15_MINUTES: '200' }).rateLimit.identityEmailForms).toBe(200);
    for (const bad of ['0', '-1', '1.5', 'lots']) {
      expect(configProblems({ IDP_EMAIL_FORMS_PER_15_MINUTES: bad })).toEqual([expect.stringMatching(/^IDP_EMAIL_FORMS_PER_15_MINUTES: /)]);
    }
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
    const embedded = loadConfig({ PUBLIC_URL: 'https://shop.example.com', SANDBOX_ON_PUBLIC_HOST: 'true' });
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
      organization: undefined,
    });
    expect(external.publicConfig.identity).toEqual({
      authority: 'https://tenant.eu.auth0.com/',
      clientId: 'AbC123',
      audience: 'https://api.songwish.example',
      provider: 'external',
    });
    expect(JSON.stringify(external.publicConfig)).not.toMatch(/secret/i);

    expect(() => loadConfig({ OIDC_ISSUER: 'https://tenant.eu.auth0.com/' })).toThrow(/OIDC_CLIENT_ID[\s\S]*OIDC_AUDIENCE/);
    expect(() => loadConfig({ OIDC_ISSUER: 'ftp://tenant.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'has spaces' })).toThrow(ConfigError);
    // The embedded provider's audience is a resource indicator: an absolute URL.
    expect(() => loadConfig({ OIDC_AUDIENCE: 'songwish-api' })).toThrow(/OIDC_AUDIENCE/);
  });

  it('passes OIDC_ORGANIZATION (an id or a name) to the browser, only with an external provider (storefront spec §5)', () => {
    const external = { OIDC_ISSUER: 'https://tenant.eu.auth0.com/', OIDC_CLIENT_ID: 'AbC123', OIDC_AUDIENCE: 'https://api.songwish.example' };
    expect(loadConfig({ ...external, OIDC_ORGANIZATION: 'org_Ab12Cd34' }).publicConfig.identity.organization).toBe('org_Ab12Cd34');
    expect(loadConfig({ ...external, OIDC_ORGANIZATION: 'songwish-team' }).identity).toMatchObject({ organization: 'songwish-team' });
    expect(loadConfig(external).publicConfig.identity).not.toHaveProperty('organization');
    expect(() => loadConfig({ ...external, OIDC_ORGANIZATION: 'two words' })).toThrow(/OIDC_ORGANIZATION/);
    expect(() => loadConfig({ ...external, OIDC_ORGANIZATION: 'x'.repeat(51) })).toThrow(/OIDC_ORGANIZATION/);
    expect(() => loadConfig({ OIDC_ORGANIZATION: 'org_Ab12Cd34' })).toThrow(/OIDC_ORGANIZATION: only used with OIDC_ISSUER/);
  });

  it('reads the first administrators from ADMIN_EMAILS (lower-cased) and a roles claim only with an external provider', () => {
    expect(loadConfig({}).admin).toEqual({ emails: [], rolesClaim: undefined });
    expect(loadConfig({ ADMIN_EMAILS: ' Owner@Example.com, helper@example.com ,' }).admin.emails).toEqual(['owner@example.com', 'helper@example.com']);
    expect(() => loadConfig({ ADMIN_EMAILS: 'owner@example.com, not-an-address' })).toThrow(/ADMIN_EMAILS/);
    const external = { OIDC_ISSUER: 'https://tenant.eu.auth0.com/', OIDC_CLIENT_ID: 'AbC123', OIDC_AUDIENCE: 'https://api.songwish.example' };
    expect(loadConfig({ ...external, OIDC_ROLES_CLAIM: 'https://songwish.example/roles' }).identity).toMatchObject({
      rolesClaim: 'https://songwish.example/roles',
    });
    expect(() => loadConfig({ OIDC_ROLES_CLAIM: 'https://songwish.example/roles' })).toThrow(/OIDC_ROLES_CLAIM: only used with OIDC_ISSUER/);
  });

  it('limits one upload to UPLOAD_MAX_BYTES, 2 GiB by default', () => {
    expect(loadConfig({}).uploadMaxBytes).toBe(2 * 1024 ** 3);
    expect(loadConfig({ UPLOAD_MAX_BYTES: '10485760' }).uploadMaxBytes).toBe(10 * 1024 ** 2);
    expect(() => loadConfig({ UPLOAD_MAX_BYTES: '12' })).toThrow(/UPLOAD_MAX_BYTES/);
  });
});

describe('TRUST_PROXY', () => {
  it('takes a number of proxies or their addresses', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toEqual({
      addresses: ['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback'],
    });
  });

  it("refuses 'true', which trusted every hop, and says what to write instead", () => {
    const problems = configProblems({ TRUST_PROXY: 'true' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^TRUST_PROXY: .*every hop/);
    expect(problems[0]).toContain('TRUST_PROXY=1');
    expect(problems[0]).toContain('TRUST_PROXY=10.0.0.0/8,127.0.0.1');
  });

  it('names addresses that are not addresses or ranges', () => {
    expect(configProblems({ TRUST_PROXY: '10.0.0.0/33,proxy.local' })).toEqual([expect.stringContaining('10.0.0.0/33, proxy.local')]);
    expect(configProblems({ TRUST_PROXY: '11' })).toEqual([expect.stringMatching(/^TRUST_PROXY: at most 10/)]);
  });
});

describe('the sandbox on a public address', () => {
  it('refuses to start unless it listens on loopback with an http PUBLIC_URL', () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.10', 'shop.example.com']) {
      expect(configProblems({ HOST: host })).toEqual([
        expect.stringMatching(new RegExp(`^HOST: ${host.replace(/\./g, '\\.')} is public.*SANDBOX_ON_PUBLIC_HOST=true`)),
      ]);
    }
    expect(configProblems({ PUBLIC_URL: 'https://shop.example.com' })).toEqual([
      expect.stringMatching(/^PUBLIC_URL: https:\/\/shop\.example\.com is public.*\/dev\/mailbox/),
    ]);
    for (const host of ['localhost', '127.0.0.1', '127.0.1.1', '::1', '[::1]']) expect(configProblems({ HOST: host })).toEqual([]);
  });

  it('starts there when the maker says so, with the mailbox locked', () => {
    expect(loadConfig({ HOST: '0.0.0.0', SANDBOX_ON_PUBLIC_HOST: 'true' }).mail.mailboxLocked).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com', SANDBOX_ON_PUBLIC_HOST: 'true' }).mail.mailboxLocked).toBe(true);
    expect(loadConfig({ SANDBOX_ON_PUBLIC_HOST: 'true' }).mail.mailboxLocked).toBe(false);
    expect(loadConfig({}).mail.mailboxLocked).toBe(false);
  });

  it('does not concern a FastSpring store', () => {
    expect(configProblems({ ...FASTSPRING, SMTP_URL: 'smtp://mail.example.com', HOST: '0.0.0.0', PUBLIC_URL: 'https://shop.example.com' })).toEqual([]);
  });
});

describe('email with FastSpring', () => {
  it('refuses to start without SMTP_URL, which would hold every confirmation, reset and order email', () => {
    expect(configProblems(FASTSPRING)).toEqual([expect.stringMatching(/^SMTP_URL: required when PAYMENTS_PROVIDER is fastspring.*MAIL_DISABLED=true/)]);
    expect(configProblems({ ...FASTSPRING, SMTP_URL: 'smtps://user:pass@smtp.example.com:465' })).toEqual([]);
    expect(configProblems({ ...FASTSPRING, MAIL_DISABLED: 'true' })).toEqual([]);
  });

  it('refuses MAIL_DISABLED together with SMTP_URL', () => {
    expect(configProblems({ MAIL_DISABLED: 'true', SMTP_URL: 'smtp://mail.example.com' })).toEqual([expect.stringMatching(/^MAIL_DISABLED: /)]);
  });
});

const FASTSPRING = { PAYMENTS_PROVIDER: 'fastspring', FASTSPRING_STOREFRONT: 'teststore.test.onfastspring.com/embedded-teststore' };
