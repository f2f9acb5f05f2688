import { randomBytes } from 'node:crypto';
import { devices, expect, test, type Page } from '@playwright/test';
import { expectAxeClean, lookEverywhere, openAdmin } from '../support/admin';
import { payInSandbox } from '../support/checkout';
import { uniqueEmail } from '../support/identity';
import { untilRendered } from '../support/pages';

// Runs at 1440 and 390 px (the admin projects), signed in as the maker by the admin setup.

/** A count as the page shows it ("1,234") as a number. */
const countOf = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

const summaryFigure = async (page: Page, figure: string) => countOf(await page.locator(`[data-figure="${figure}"]`).first().textContent());

/** The all-products funnel's visitors at a step ("Bought"); 0 while the funnel says no product was viewed. */
const funnelStep = async (page: Page, step: string) => {
  const row = page
    .getByRole('region', { name: 'Funnel' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: step }) })
    .first();
  if ((await row.count()) === 0) {
    await expect(page.getByRole('region', { name: 'Funnel' })).toContainText('No product was viewed in this range.');
    return 0;
  }
  return countOf(await row.getByRole('cell').first().textContent());
};

const readFigures = async (page: Page) => ({
  visitors: await summaryFigure(page, 'visitors'),
  pageviews: await summaryFigure(page, 'pageviews'),
  views: await funnelStep(page, 'Viewed the product'),
  carts: await funnelStep(page, 'Added to cart'),
  checkouts: await funnelStep(page, 'Started checkout'),
  purchases: await funnelStep(page, 'Bought'),
});

test("a shopper's visit from a UTM link through a sandbox purchase shows on the analytics page, and nothing is kept in their browser for it", async ({
  page,
  playwright,
}, testInfo) => {
  // A purchase and its figures: 1 min on a quiet two-core machine, three times that on a busy one.
  test.setTimeout(240_000);
  await openAdmin(page, '/admin/analytics', 'Analytics');
  await expect(page.getByRole('region', { name: 'Funnel' })).toBeVisible();
  const before = await readFigures(page);

  // A shopper of their own: every test's browser comes from one address with one user agent,
  // which the store would count as one visitor; a user agent of its own makes this one new.
  const source = `newsletter-${randomBytes(4).toString('hex')}`;
  // A browser of its own whose own user agent is that one too: a page view sent as a page is left
  // (clicked on before the rendered page's code ran) carries the browser's user agent, not the page's.
  const userAgent = `${devices['Desktop Chrome'].userAgent} E2E/${randomBytes(4).toString('hex')}`;
  const { launchOptions } = testInfo.project.use;
  const shopperBrowser = await playwright.chromium.launch({ ...launchOptions, args: [...(launchOptions?.args ?? []), `--user-agent=${userAgent}`] });
  const shopperContext = await shopperBrowser.newContext({
    ...devices['Desktop Chrome'],
    baseURL: testInfo.project.use.baseURL,
    userAgent,
    storageState: { cookies: [], origins: [] },
  });
  const shopper = await shopperContext.newPage();
  const sent: Array<{ name: string; url: string; props?: Record<string, string> }> = [];
  shopper.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/analytics/event') sent.push(JSON.parse(request.postData() ?? '{}'));
  });

  await shopper.goto(`/products/plugins?utm_source=${source}&utm_medium=email&utm_campaign=autumn`);
  await shopper.getByRole('link', { name: 'reMIDI 4', exact: true }).first().click();
  await expect(shopper.getByRole('heading', { level: 1, name: /reMIDI 4/ })).toBeVisible();
  await shopper.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(shopper.getByRole('button', { name: /^Remove from Cart/ }).first()).toBeVisible({ timeout: 10_000 });
  await shopper.getByRole('link', { name: /cart/i }).first().click();
  await shopper.getByRole('button', { name: 'Secure Checkout' }).click();
  await payInSandbox(shopper, uniqueEmail('analytics-journey'));
  await expect(shopper).toHaveURL(/\/products\/purchase-success\?order=/, { timeout: 30_000 });

  // What the page sent: page views and each funnel step. (When the shopper clicks on before the
  // rendered landing page's code has run, its page view leaves with the page, where Playwright
  // cannot see it; the maker's UTM sources below show that it arrived either way.)
  await expect.poll(() => sent.map((event) => event.name)).toEqual(expect.arrayContaining(['pageview', 'product_view', 'add_to_cart', 'checkout_start']));
  expect(
    sent.some((event) => event.name === 'purchase'),
    'the browser never reports a purchase',
  ).toBe(false);
  const checkoutCode = sent.find((event) => event.name === 'checkout_start')!.props!.checkout!;
  expect(checkoutCode).toMatch(/^[A-Za-z0-9_-]{16,64}$/);

  // Nothing kept in the browser for analytics: no cookie, no storage entry, no database holds the
  // checkout's code or anything named for analytics (what the store keeps is listed in its cookie policy).
  const kept = await shopper.evaluate(async () => ({
    local: Object.entries(localStorage),
    session: Object.entries(sessionStorage),
    cookie: document.cookie,
    databases: (await indexedDB.databases()).map((database) => database.name ?? ''),
  }));
  const cookies = await shopperContext.cookies();
  const everything = JSON.stringify({ ...kept, cookies });
  expect(everything).not.toContain(checkoutCode);
  expect(everything).not.toMatch(/analytic|visitor|utm_/i);
  expect(kept.databases).toEqual([]);
  await shopperBrowser.close();

  // The maker sees the visit, its source and the completed funnel (events are written within a
  // second; the purchase once the sandbox's webhook is handled).
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(page.getByRole('region', { name: 'Funnel' })).toBeVisible();
        const now = await readFigures(page);
        return {
          visitors: now.visitors > before.visitors,
          pageviews: now.pageviews >= before.pageviews + 3,
          views: now.views > before.views,
          carts: now.carts > before.carts,
          checkouts: now.checkouts > before.checkouts,
          purchases: now.purchases > before.purchases,
        };
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toEqual({ visitors: true, pageviews: true, views: true, carts: true, checkouts: true, purchases: true });
  await expect(page.getByRole('region', { name: 'UTM sources' }).getByText(source)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Funnel' }).getByText('reMIDI 4').first()).toBeVisible();
  await expect(page.getByText(/visitors? in the last 30 minutes/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Countries' })).toContainText('Not shown');
  await expectAxeClean(page);
});

// A test of its own, so that the two parallel workers share the journey and the looks.
test('the analytics page is axe clean and is screenshotted at every size and theme', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  await openAdmin(page, '/admin/analytics', 'Analytics');
  await lookEverywhere(page, testInfo, 'admin-analytics', () => expect(page.locator('[data-figure="visitors"]')).toBeVisible());
});

test('a shopper who leaves a rendered page before its code has run is still counted, with the campaign they came from', async ({
  page,
  playwright,
  request,
}, testInfo) => {
  const source = `early-${randomBytes(4).toString('hex')}`;
  // The page view goes as the page is left, from the browser rather than the page, so it carries
  // the browser's own user agent (Playwright's per-page one is gone with the page): a browser of
  // the shopper's own, with a user agent of its own, as a real one would send.
  const { launchOptions } = testInfo.project.use;
  const userAgent = `${devices['Desktop Chrome'].userAgent} E2E/${randomBytes(4).toString('hex')}`;
  const shopperBrowser = await playwright.chromium.launch({ ...launchOptions, args: [...(launchOptions?.args ?? []), `--user-agent=${userAgent}`] });
  const shopper = await shopperBrowser.newPage({ baseURL: testInfo.project.use.baseURL, userAgent });
  // The page's code never arrives, as on a connection that drops after the HTML: the app never
  // counts this page; only index.html's loader can, as the shopper follows a link away.
  await shopper.route('**/assets/*.js', (route) => route.abort());
  // The page this shopper lands on is rendered (asked for first: see untilRendered), as it is for
  // a visitor who comes after another.
  await untilRendered(request, '/products');
  await shopper.goto(`/products?utm_source=${source}&utm_medium=social`);
  await expect(shopper.locator('#root')).toHaveAttribute('data-server-rendered', '');
  await shopper.locator('a[data-card-link]').first().click();
  await expect(shopper).toHaveURL(/\/products\/[^?]+$/);

  await openAdmin(page, '/admin/analytics', 'Analytics');
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(page.getByRole('region', { name: 'UTM sources' })).toBeVisible();
        return page.getByRole('region', { name: 'UTM sources' }).getByText(source).count();
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(1);
  // Open until here: closing a browser at once would cancel a beacon still on its way.
  await shopperBrowser.close();
});
