import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import { apiSecurityHeaders, securityHeaders } from './security';

describe('security headers', () => {
  it('turn on HSTS and upgrade-insecure-requests only for an https store', () => {
    const http = securityHeaders({ config: loadConfig({}), inlineScriptHashes: [] });
    expect(http['strict-transport-security']).toBeUndefined();
    expect(http['content-security-policy']).not.toContain('upgrade-insecure-requests');

    const https = loadConfig({ PUBLIC_URL: 'https://shop.example.com' });
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
});
