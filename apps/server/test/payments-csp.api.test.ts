import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

const FASTSPRING_ENV = {
  PAYMENTS_PROVIDER: 'fastspring',
  FASTSPRING_STOREFRONT: 'teststore.test.onfastspring.com/embedded-teststore',
  MAIL_DISABLED: 'true',
};

const cspOf = async (t: TestApp, url = '/cart') => {
  const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
  expect(response.statusCode).toBe(200);
  return String(response.headers['content-security-policy']);
};

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? '';

describe('the page CSP with FastSpring as the payment provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: FASTSPRING_ENV, seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(['script-src', 'connect-src', 'frame-src', 'img-src'])('lets %s reach the SBL and the storefront', async (name) => {
    const value = directive(await cspOf(t), name);
    expect(value).toContain('https://sbl.onfastspring.com');
    expect(value).toContain('https://teststore.test.onfastspring.com');
  });

  it('tells the page which script and storefront to load', async () => {
    const response = await t.app.inject({ url: '/checkout', headers: { accept: 'text/html' } });
    expect(response.body).toContain('https://sbl.onfastspring.com/sbl/1.0.5/fastspring-builder.min.js');
    expect(response.body).toContain('teststore.test.onfastspring.com/embedded-teststore');
  });

  it('keeps API answers at default-src none', async () => {
    const response = await t.app.inject('/api/products/');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe('the page CSP with the sandbox provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('names no FastSpring origin', async () => {
    const csp = await cspOf(t);
    expect(csp).not.toContain('onfastspring.com');
    expect(directive(csp, 'frame-src')).toBe("frame-src 'self'");
  });
});
