import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../src/db/schema';
import type { AnalyticsService } from '../src/modules/analytics/analytics.service';
import { createReopenableDatabase, createTestApp, TEST_ENGINES, type TestApp } from './helpers';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe.each(TEST_ENGINES)('analytics ingest on %s', (engine) => {
  let t: TestApp;
  let analytics: AnalyticsService;
  let nextAddress = 1;
  /** Each test sends from its own address, so the rate limit of one never spends another's budget. */
  let address: string;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      seed: false,
      env: { ANALYTICS_EVENTS_PER_MINUTE: '5', RATE_LIMIT_MAX: '100000' },
      onAnalytics: (service) => (analytics = service),
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    address = `192.0.2.${nextAddress++}`;
    await t.database.db.delete(analyticsEvents);
  });

  const send = (payload: unknown, headers: Record<string, string> = {}, app = t.app) =>
    app.inject({
      method: 'POST',
      url: '/api/analytics/event',
      remoteAddress: address,
      headers: { 'content-type': 'application/json', 'user-agent': FIREFOX, ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  const storedEvents = async (service = analytics, app = t) => {
    await service.flush();
    return app.database.db.select().from(analyticsEvents).orderBy(analyticsEvents.id);
  };

  it('stores a pageview with its path, UTM source and external referrer host, and no address or user agent', async () => {
    const response = await send({
      name: 'pageview',
      url: 'http://localhost:8080/products/remidi-4?utm_source=newsletter&utm_medium=email&utm_campaign=autumn&email=a@b.example',
      referrer: 'https://www.google.com/search?q=midi',
      props: { plan: 'pro', seats: 2, trial: false },
    });
    expect(response.statusCode).toBe(202);
    expect(response.body).toBe('');

    const [row, ...others] = await storedEvents();
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      name: 'pageview',
      pathname: '/products/remidi-4',
      referrerHost: 'www.google.com',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'autumn',
      device: 'desktop',
      browser: 'Firefox',
      os: 'Windows',
      props: { plan: 'pro', seats: 2, trial: false },
    });
    expect(row!.visitorId).toMatch(/^[0-9a-f]{64}$/);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(address);
    expect(stored).not.toContain(FIREFOX);
    expect(stored).not.toContain('a@b.example');
  });

  it('accepts the text/plain body navigator.sendBeacon sends, and a path for the page', async () => {
    const response = await send(JSON.stringify({ name: 'add_to_cart', url: '/cart', referrer: 'http://localhost:8080/products/remidi-4' }), {
      'content-type': 'text/plain;charset=UTF-8',
    });
    expect(response.statusCode).toBe(202);
    expect(await storedEvents()).toEqual([expect.objectContaining({ name: 'add_to_cart', pathname: '/cart', referrerHost: null, utmSource: null })]);
  });

  it.each([
    ['an unknown name', { name: 'signup', url: '/' }, 'Unknown event name.'],
    ['purchase, which only the server records', { name: 'purchase', url: '/' }, 'Unknown event name.'],
    ['31 properties', { name: 'pageview', url: '/', props: Object.fromEntries(Array.from({ length: 31 }, (_, n) => [`p${n}`, n])) }, 'At most 30 properties.'],
    ['an unknown field', { name: 'pageview', url: '/', ip: '1.2.3.4' }, 'Unknown fields: ip.'],
    ['a page of another site', { name: 'pageview', url: 'https://elsewhere.example/' }, 'must be a path on this store'],
    ['a protocol-relative page of another site', { name: 'pageview', url: '//elsewhere.example/' }, 'must be a path on this store'],
  ])('refuses %s with 400 and stores nothing', async (_case, payload, message) => {
    const response = await send(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Bad Request', message: expect.stringContaining(message) });
    expect(await storedEvents()).toEqual([]);
  });

  it.each([
    ['application/json', 'application/json'],
    ['text/plain', 'text/plain'],
  ])('refuses malformed JSON sent as %s with 400', async (_case, contentType) => {
    const response = await send('{"name": "pageview",', { 'content-type': contentType });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'The request body is not valid JSON.' });
  });

  it('refuses a body over 4 KiB with 413', async () => {
    const response = await send({ name: 'pageview', url: `/${'a'.repeat(2000)}`, referrer: `https://x.example/${'b'.repeat(2040)}` });
    expect(response.statusCode).toBe(413);
    expect(await storedEvents()).toEqual([]);
  });

  it.each([
    ['DNT: 1', { dnt: '1' }],
    ['Sec-GPC: 1', { 'sec-gpc': '1' }],
    ['a bot', { 'user-agent': GOOGLEBOT }],
    ['no user agent', { 'user-agent': '' }],
  ])('answers %s with 202 and stores nothing', async (_case, headers) => {
    const response = await send({ name: 'pageview', url: '/' }, headers);
    expect(response.statusCode).toBe(202);
    expect(await storedEvents()).toEqual([]);
  });

  it('gives two events of one address and user agent on one day the same visitor id, and another address another', async () => {
    await send({ name: 'pageview', url: '/' });
    await send({ name: 'product_view', url: '/products/remidi-4' });
    const firstAddress = address;
    address = `198.51.100.${nextAddress++}`;
    await send({ name: 'pageview', url: '/' });
    const [first, second, third] = await storedEvents();
    expect(first!.visitorId).toBe(second!.visitorId);
    expect(third!.visitorId).not.toBe(first!.visitorId);
    expect(firstAddress).not.toBe(address);
  });

  it('answers 429 once an address has spent its budget, while another address still sends', async () => {
    for (let n = 0; n < 5; n++) expect((await send({ name: 'pageview', url: '/' })).statusCode).toBe(202);
    const limited = await send({ name: 'pageview', url: '/' });
    expect(limited.statusCode).toBe(429);
    address = `203.0.113.${nextAddress++}`;
    expect((await send({ name: 'pageview', url: '/' })).statusCode).toBe(202);
    expect(await storedEvents()).toHaveLength(6);
  });

  it('writes the buffered events when the store closes', async () => {
    const data = await createReopenableDatabase(engine);
    try {
      const first = await createTestApp(engine, { seed: false, database: await data.open() });
      expect((await send({ name: 'checkout_start', url: '/checkout' }, {}, first.app)).statusCode).toBe(202);
      await first.close();
      const reopened = await data.open();
      try {
        expect(await reopened.db.select({ name: analyticsEvents.name }).from(analyticsEvents)).toEqual([{ name: 'checkout_start' }]);
      } finally {
        await reopened.close();
      }
    } finally {
      await data.destroy();
    }
  });
});

describe.each(TEST_ENGINES)('analytics switched off on %s', (engine) => {
  let t: TestApp;
  let analytics: AnalyticsService;
  beforeAll(async () => {
    t = await createTestApp(engine, { seed: false, env: { ANALYTICS: 'off' }, onAnalytics: (service) => (analytics = service) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 202 and stores nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/event',
      headers: { 'content-type': 'text/plain', 'user-agent': FIREFOX },
      payload: JSON.stringify({ name: 'pageview', url: '/' }),
    });
    expect(response.statusCode).toBe(202);
    await analytics.flush();
    expect(await t.database.db.select().from(analyticsEvents)).toEqual([]);
  });
});
