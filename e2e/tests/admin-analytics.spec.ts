import { randomBytes } from 'node:crypto';
import { devices, expect, test, type Page } from '@playwright/test';
import { expectAxeClean, openAdmin } from '../support/admin';
import { payInSandbox } from '../support/checkout';
import { uniqueEmail } from '../support/identity';
import { atEverySizeAndTheme, useTheme } from '../support/pages';

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
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await openAdmin(page, '/admin/analytics', 'Analytics');
  await expect(page.getByRole('region', { name: 'Funnel' })).toBeVisible();
  const before = await readFigures(page);

  // A shopper of their own: every test's browser comes from one address with one user agent,
  // which the store would count as one visitor; a user agent of its own makes this one new.
  const source = `newsletter-${randomBytes(4).toString('hex')}`;
  const shopperContext = await browser.newContext({
    ...devices['Desktop Chrome'],
    userAgent: `${devices['Desktop Chrome'].userAgent} E2E/${randomBytes(4).toString('hex')}`,
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

  // What the page sent: the first page view with the campaign, then each funnel step.
  await expect.poll(() => sent.map((event) => event.name)).toEqual(expect.arrayContaining(['pageview', 'product_view', 'add_to_cart', 'checkout_start']));
  expect(new URL(sent.find((event) => event.name === 'pageview')!.url).searchParams.get('utm_source')).toBe(source);
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
  await shopperContext.close();

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
      { timeout: 30_000, intervals: [1000] },
    )
    .toEqual({ visitors: true, pageviews: true, views: true, carts: true, checkouts: true, purchases: true });
  await expect(page.getByRole('region', { name: 'UTM sources' }).getByText(source)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Funnel' }).getByText('reMIDI 4').first()).toBeVisible();
  await expect(page.getByText(/visitors? in the last 30 minutes/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Countries' })).toContainText('Not shown');
  await expectAxeClean(page);

  await atEverySizeAndTheme(page, testInfo, async (theme, screenshot) => {
    await useTheme(page, theme);
    await page.reload();
    await expect(page.locator('[data-figure="visitors"]')).toBeVisible();
    await expectAxeClean(page);
    await screenshot('admin-analytics');
  });
});
