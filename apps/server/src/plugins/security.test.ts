import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import { apiSecurityHeaders, paymentProviderSources, securityHeaders } from './security';

describe('security headers', () => {
  it('turn on HSTS and upgrade-insecure-requests only for an https store', () => {
    const http = securityHeaders({ config: loadConfig({}), inlineScriptHashes: [] });
    expect(http['strict-transport-security']).toBeUndefined();
    expect(http['content-security-policy']).not.toContain('upgrade-insecure-requests');

    const https = loadConfig({ PUBLIC_URL: 'https://shop.example.com', SANDBOX_ON_PUBLIC_HOST: 'true' });
    expect(securityHeaders({ config: https, inlineScriptHashes: [] })['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(securityHeaders({ config: https, inlineScriptHashes: [] })['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(apiSecurityHeaders(https)['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('let a shop on another origin load our resources when CORS origins are configured', () => {
    const config = loadConfig({ CORS_ORIGINS: 'https://shop.example.com' });
    expect(securityHeaders({ config, inlineScriptHashes: [] })['cross-origin-resource-policy']).toBe('cross-origin');
    expect(apiSecurityHeaders(config)['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('allow the inline scripts by hash and the extra provider origins', () => {
    const csp = securityHeaders({
      config: loadConfig({}),
      inlineScriptHashes: ['sha256-abc'],
      extraSources: { script: ['https://sbl.example.com'], frame: ['https://pay.example.com'] },
    })['content-security-policy'];
    expect(csp).toContain("script-src 'self' 'sha256-abc' https://sbl.example.com");
    expect(csp).toContain("frame-src 'self' https://pay.example.com");
  });

  it('allow the SBL script origin and the storefront origin in FastSpring mode only', () => {
    const fastspring = loadConfig({
      PAYMENTS_PROVIDER: 'fastspring',
      FASTSPRING_STOREFRONT: 'teststore.test.onfastspring.com/embedded-teststore',
      MAIL_DISABLED: 'true',
    });
    const sources = paymentProviderSources(fastspring.payments);
    const origins = ['https://sbl.onfastspring.com', 'https://teststore.test.onfastspring.com'];
    expect(sources).toEqual({ script: origins, connect: origins, frame: origins, img: origins });
    const csp = securityHeaders({ config: fastspring, inlineScriptHashes: [], extraSources: sources })['content-security-policy'];
    for (const directive of ['script-src', 'connect-src', 'frame-src', 'img-src']) {
      expect(csp).toMatch(new RegExp(`${directive} [^;]*https://sbl\\.onfastspring\\.com https://teststore\\.test\\.onfastspring\\.com`));
    }
    expect(paymentProviderSources(loadConfig({}).payments)).toEqual({});
  });

  it('name one origin once when the SBL is served from the storefront host', () => {
    const config = loadConfig({
      PAYMENTS_PROVIDER: 'fastspring',
      FASTSPRING_STOREFRONT: 'shop.onfastspring.com/popup-shop',
      FASTSPRING_SBL_URL: 'https://shop.onfastspring.com/sbl/builder.js',
      MAIL_DISABLED: 'true',
    });
    expect(paymentProviderSources(config.payments).script).toEqual(['https://shop.onfastspring.com']);
  });
});
