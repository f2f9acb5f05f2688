import { describe, expect, it } from 'vitest';
import type { AnalyticsEventRow, NewAnalyticsEventRow } from '#server/db/schema.ts';
import { agentOf, createAnalyticsService, externalHost, ForeignPageError, type RequestContext } from './analytics.service';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const SAFARI_IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const SMART_TV = 'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36';

/** A repository in memory: salts by day (made on first use, as the real one does) and the written batches. */
function memoryRepository() {
  const salts = new Map<string, string>();
  const batches: NewAnalyticsEventRow[][] = [];
  const deletedBefore: string[] = [];
  let failWrites = false;
  let failReads = false;
  return {
    salts,
    batches,
    deletedBefore,
    failWrites: (fail: boolean) => (failWrites = fail),
    failReads: (fail: boolean) => (failReads = fail),
    repository: {
      saltFor: async (day: string) => {
        if (!salts.has(day)) salts.set(day, `salt-${day}-${salts.size}`);
        return salts.get(day)!;
      },
      deleteSaltsBefore: async (day: string) => {
        deletedBefore.push(day);
        for (const stored of salts.keys()) if (stored < day) salts.delete(stored);
      },
      insertEvents: async (rows: NewAnalyticsEventRow[]) => {
        if (failWrites) throw Object.assign(new Error('connection refused for 192.0.2.1'), { code: 'ECONNREFUSED' });
        batches.push(rows);
      },
      findCheckoutStart: async (code: string) => {
        if (failReads) throw Object.assign(new Error(`no answer for ${code}`), { code: '57P01' });
        const found = batches.flat().findLast((row) => row.name === 'checkout_start' && row.props?.checkout === code);
        return found && ({ id: 1, ...found } as AnalyticsEventRow);
      },
    },
  };
}

function setup(overrides: { enabled?: boolean; batchSize?: number } = {}) {
  const memory = memoryRepository();
  const warnings: Array<{ details: object; message: string }> = [];
  const analytics = createAnalyticsService({
    repository: memory.repository,
    enabled: overrides.enabled ?? true,
    publicUrl: 'https://shop.example',
    log: { warn: (details, message) => warnings.push({ details, message }) },
    batchSize: overrides.batchSize,
  });
  const rows = async () => {
    await analytics.flush();
    return memory.batches.flat();
  };
  return { analytics, memory, warnings, rows };
}

const context = (overrides: Partial<RequestContext> = {}): RequestContext => ({
  address: '192.0.2.10',
  userAgent: FIREFOX_WINDOWS,
  dnt: undefined,
  gpc: undefined,
  now: new Date('2026-11-24T10:00:00Z'),
  ...overrides,
});

const pageview = { name: 'pageview' as const, url: '/' };

describe('recording an event', () => {
  it('keeps the path, the UTM parameters and the external referrer host, never other query parameters', async () => {
    const { analytics, rows } = setup();
    const outcome = await analytics.record(
      {
        name: 'pageview',
        url: 'https://shop.example/products/remidi-4?utm_source=Newsletter&utm_medium=email&utm_campaign=%20autumn%20&token=secret#top',
        referrer: 'https://news.example:8443/article?id=7',
      },
      context(),
    );
    expect(outcome).toBe('recorded');
    const [row] = await rows();
    expect(row).toMatchObject({
      name: 'pageview',
      pathname: '/products/remidi-4',
      utmSource: 'Newsletter',
      utmMedium: 'email',
      utmCampaign: 'autumn',
      referrerHost: 'news.example:8443',
      props: null,
    });
    expect(JSON.stringify(row)).not.toContain('secret');
    expect(JSON.stringify(row)).not.toContain('192.0.2.10');
  });

  it.each([
    ['another origin', 'https://evil.example/products'],
    ['another scheme of the store', 'http://shop.example/'],
    ['another port of the store', 'https://shop.example:8443/'],
    ['a protocol-relative URL', '//evil.example/'],
    ['not a URL', 'https://'],
  ])('refuses the page of %s', async (_case, url) => {
    const { analytics, rows } = setup();
    await expect(analytics.record({ name: 'pageview', url }, context())).rejects.toThrow(ForeignPageError);
    expect(await rows()).toEqual([]);
  });

  it.each([
    ['DNT: 1', { dnt: '1' }, 'ignored-dnt'],
    ['Sec-GPC: 1', { gpc: '1' }, 'ignored-dnt'],
    ['a crawler', { userAgent: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' }, 'ignored-bot'],
    [
      'a headless browser',
      { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36' },
      'ignored-bot',
    ],
    ['curl', { userAgent: 'curl/8.5.0' }, 'ignored-bot'],
    ['an empty user agent', { userAgent: '  ' }, 'ignored-bot'],
    ['no user agent', { userAgent: undefined }, 'ignored-bot'],
  ] as const)('records nothing for %s', async (_case, overrides, outcome) => {
    const { analytics, rows } = setup();
    expect(await analytics.record(pageview, context(overrides))).toBe(outcome);
    expect(await rows()).toEqual([]);
  });

  it('records with DNT: 0 and Sec-GPC: 0', async () => {
    const { analytics, rows } = setup();
    expect(await analytics.record(pageview, context({ dnt: '0', gpc: '0' }))).toBe('recorded');
    expect(await rows()).toHaveLength(1);
  });

  it('records nothing when switched off', async () => {
    const { analytics, rows, memory } = setup({ enabled: false });
    expect(await analytics.record(pageview, context())).toBe('off');
    expect(await rows()).toEqual([]);
    expect(memory.salts.size).toBe(0);
  });
});

describe('visitor ids', () => {
  it('are stable within a UTC day and differ across days, addresses and user agents', async () => {
    const { analytics, rows } = setup();
    await analytics.record(pageview, context({ now: new Date('2026-11-24T00:00:01Z') }));
    await analytics.record(pageview, context({ now: new Date('2026-11-24T23:59:59Z') }));
    await analytics.record(pageview, context({ now: new Date('2026-11-25T00:00:01Z') }));
    await analytics.record(pageview, context({ address: '192.0.2.11' }));
    await analytics.record(pageview, context({ userAgent: SAFARI_IPHONE }));
    const ids = (await rows()).map((row) => row.visitorId);
    expect(ids[0]).toBe(ids[1]);
    expect(new Set([ids[0], ids[2], ids[3], ids[4]]).size).toBe(4);
  });
});

describe('salt rotation', () => {
  it('makes one salt per UTC day and deletes the salts older than 48 hours at the day change', async () => {
    const { analytics, memory } = setup();
    memory.salts.set('2026-11-20', 'old');
    memory.salts.set('2026-11-22', 'older than 48 hours');
    memory.salts.set('2026-11-23', 'yesterday');
    await analytics.record(pageview, context({ now: new Date('2026-11-24T10:00:00Z') }));
    await analytics.record(pageview, context({ now: new Date('2026-11-24T11:00:00Z') }));
    await analytics.stop();
    expect(memory.deletedBefore).toEqual(['2026-11-23']);
    expect([...memory.salts.keys()].sort()).toEqual(['2026-11-23', '2026-11-24']);

    await analytics.record(pageview, context({ now: new Date('2026-11-25T00:00:05Z') }));
    await analytics.stop();
    expect(memory.deletedBefore).toEqual(['2026-11-23', '2026-11-24']);
    expect([...memory.salts.keys()].sort()).toEqual(['2026-11-24', '2026-11-25']);
  });
});

describe('writing', () => {
  it('writes in batches of the batch size', async () => {
    const { analytics, memory } = setup({ batchSize: 3 });
    for (let n = 0; n < 7; n++) await analytics.record(pageview, context());
    await analytics.flush();
    expect(memory.batches.map((batch) => batch.length)).toEqual([3, 3, 1]);
  });

  it('drops a batch that cannot be written with a warning holding no event data, and goes on', async () => {
    const { analytics, memory, warnings, rows } = setup();
    memory.failWrites(true);
    await analytics.record({ ...pageview, props: { email: 'a@b.example' } }, context());
    await analytics.flush();
    expect(warnings).toEqual([{ details: { reason: 'ECONNREFUSED', events: 1 }, message: expect.stringContaining('dropped') }]);
    memory.failWrites(false);
    await analytics.record(pageview, context());
    expect(await rows()).toHaveLength(1);
  });
});

describe('purchases', () => {
  const code = 'c0ffee00c0ffee00c0ffee00c0ffee00';
  const checkout = { name: 'checkout_start' as const, url: '/checkout?utm_source=news', props: { checkout: code, products: 'a' } };
  const at = new Date('2026-11-24T10:05:00Z');

  it('copies the visitor, page and source of the checkout, whether it is written or still in memory', async () => {
    const { analytics, rows } = setup();
    await analytics.record(checkout, context({ userAgent: SAFARI_IPHONE }));
    await analytics.purchaseCompleted({ checkoutCode: code, products: ['a', 'b'], at });
    await analytics.purchaseCompleted({ checkoutCode: code, products: ['c'], at });
    const [start, first, second] = await rows();
    for (const purchase of [first, second]) {
      expect(purchase).toMatchObject({
        name: 'purchase',
        occurredAt: at,
        visitorId: start!.visitorId,
        pathname: '/checkout',
        utmSource: 'news',
        device: 'mobile',
      });
    }
    expect([first!.props, second!.props]).toEqual([
      { checkout: code, products: 'a,b' },
      { checkout: code, products: 'c' },
    ]);
  });

  it('counts nothing for an unknown code or when switched off', async () => {
    const { analytics, rows } = setup();
    await analytics.record(checkout, context());
    await analytics.purchaseCompleted({ checkoutCode: 'ffffffffffffffffffffffffffffffff', products: ['a'], at });
    expect((await rows()).map((row) => row.name)).toEqual(['checkout_start']);

    const off = setup({ enabled: false });
    await off.analytics.purchaseCompleted({ checkoutCode: code, products: ['a'], at });
    expect(await off.rows()).toEqual([]);
  });

  it('warns without the code when the database does not answer, and never throws', async () => {
    const { analytics, memory, warnings, rows } = setup();
    memory.failReads(true);
    await expect(analytics.purchaseCompleted({ checkoutCode: code, products: ['a'], at })).resolves.toBeUndefined();
    expect(await rows()).toEqual([]);
    expect(warnings).toEqual([{ details: { reason: '57P01' }, message: 'recording a purchase for analytics failed' }]);
    expect(JSON.stringify(warnings)).not.toContain(code);
  });
});

describe('user agents', () => {
  it.each([
    [FIREFOX_WINDOWS, { device: 'desktop', browser: 'Firefox', os: 'Windows' }],
    [SAFARI_IPHONE, { device: 'mobile', browser: 'Safari', os: 'iOS' }],
    [SAFARI_IPAD, { device: 'tablet', browser: 'Safari', os: 'iOS' }],
    [CHROME_ANDROID, { device: 'mobile', browser: 'Chrome', os: 'Android' }],
    [SMART_TV, { device: 'other' }],
  ])('reads %s as its device, browser and system', (userAgent, expected) => {
    expect(agentOf(userAgent)).toMatchObject(expected);
  });
});

describe('referrers', () => {
  const store = new URL('https://shop.example');
  it.each([
    [undefined, null],
    ['', null],
    ['https://shop.example/products', null],
    ['not a url', null],
    ['https://www.google.com/search?q=midi', 'www.google.com'],
    ['android-app://com.google.android.gm/', 'com.google.android.gm'],
  ])('keeps only the host of another site (%s)', (referrer, host) => {
    expect(externalHost(referrer, store)).toBe(host);
  });
});
