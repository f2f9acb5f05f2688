import type { Page } from '@playwright/test';
import { THEMES, expectNoSeriousAxeViolations, saveScreenshot, useTheme, watchConsoleAllowing404 } from '../support/pages';
import { expect, FASTSPRING_SBL_URL, FASTSPRING_STOREFRONT, serveStubFastSpring, test } from '../support/sbl';

/**
 * The storefront in FastSpring mode (PAYMENTS_PROVIDER=fastspring, see playwright.config.ts),
 * with FastSpring's real SBL URL and storefront origin answered by the stub
 * (e2e/fixtures/stub-sbl.js). Nothing may touch the store's sandbox.
 */

const card = (page: Page, name: string) => page.getByRole('article').filter({ has: page.getByRole('link', { name, exact: true }) });
const checkoutFrame = (page: Page) => page.frameLocator('#fsc-embedded-checkout-container iframe');

let sandboxRequests: string[];
test.beforeEach(async ({ page }) => {
  sandboxRequests = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/sandbox/')) sandboxRequests.push(request.url());
  });
  await serveStubFastSpring(page);
});
test.afterEach(() => {
  expect(sandboxRequests).toEqual([]);
});

test('two products, a refused and an accepted coupon, and a paid order end on the thank-you page', async ({ page }) => {
  const problems = watchConsoleAllowing404(page, '/api/orders/');
  await page.goto('/products');

  const script = page.locator('script#fsc-api');
  await expect(script).toHaveAttribute('src', FASTSPRING_SBL_URL);
  await expect(script).toHaveAttribute('data-storefront', FASTSPRING_STOREFRONT);
  await expect(script).toHaveAttribute('data-continuous', 'true');

  await card(page, 'reMIDI 4').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(card(page, 'reMIDI 4').getByRole('button', { name: /^(Added!|Remove from Cart)$/ })).toBeVisible();
  await card(page, 'reChannel').getByRole('button', { name: 'Add to Cart' }).click();

  const cartLink = page.getByRole('link', { name: '2 item(s) in cart' });
  await expect(cartLink).toBeVisible();
  await expect(cartLink.getByTestId('cart-badge')).toHaveText('2');
  await expect(cartLink).toContainText('$102.20');
  await expect(card(page, 'reMIDI 4').getByRole('button', { name: 'Remove from Cart' })).toBeVisible({ timeout: 5_000 });

  await cartLink.click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  const lines = page.getByRole('region', { name: 'Items in your cart' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ has: page.getByRole('link', { name: 'reMIDI 4', exact: true }) })).toContainText('$79.00');
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary).toContainText('$102.20');

  const promo = page.getByRole('textbox', { name: 'Promo code' });
  await promo.fill('NOPE');
  await promo.press('Enter');
  await expect(page.getByText('Promo code NOPE wasn\'t accepted. The coupon code "NOPE" is not valid.')).toBeVisible();
  await expect(promo).toHaveValue('NOPE');

  await promo.fill('  e2e10 ');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Promo code E2E10 applied.')).toBeVisible();
  await expect(promo).toHaveValue('');
  await expect(page.getByRole('list', { name: 'Applied promo codes' })).toContainText('E2E10');
  await expect(summary).toContainText('$91.98');

  await page.getByRole('button', { name: 'Secure Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('Guest Checkout')).toBeVisible();
  const frame = checkoutFrame(page);
  await expect(frame.getByRole('heading', { name: 'Secure checkout' })).toBeVisible();
  await expect(frame.locator('#total')).toHaveText('$91.98');

  await frame.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/products\/purchase-success\?order=E2E[A-Z0-9]+$/);
  const reference = new URL(page.url()).searchParams.get('order')!;
  await expect(page.getByRole('heading', { level: 1, name: 'Thanks for your order! Please check your email for your download(s).' })).toBeVisible();
  await expect(page.getByText(reference, { exact: true })).toBeVisible();
  // The cart was emptied.
  await expect(page.getByRole('link', { name: 'View shopping cart' })).toBeVisible();
  // The stub's order never reaches our webhook, so the thank-you page's order lookup answers
  // 404 (and is asked again); nothing else may fail.
  expect(problems()).toEqual([]);
});

test('a buy-now link resets the cart, adds the product with its quantity and applies its coupon', async ({ page }) => {
  await page.goto('/products');
  await card(page, 'reChannel').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('link', { name: '1 item(s) in cart' })).toBeVisible();

  await page.goto('/checkout?buyNow=true&product=remidi-4&quantity=2&coupon=E2E10');
  await expect(page.getByText('Coupon E2E10 applied to your order!')).toBeVisible();
  const frame = checkoutFrame(page);
  await expect(frame.getByText('reMIDI 4 × 2')).toBeVisible();
  await expect(frame.getByText('reChannel')).toHaveCount(0);
  await expect(frame.locator('#total')).toHaveText('$142.20');
  await expect(page.getByRole('link', { name: '2 item(s) in cart' })).toBeVisible();

  // Closing the checkout without paying stays on the page and keeps the cart.
  await frame.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/checkout\?/);
  await expect(page.getByRole('link', { name: '2 item(s) in cart' })).toBeVisible();
});

test('an unknown product in a checkout link is ignored with a console warning only', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto('/checkout?product=not-for-sale&quantity=2.5');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  expect(warnings).toContain('Checkout: ignoring the unknown product "not-for-sale" from the link');
  expect(warnings).toContain('Checkout: the quantity "2.5" is not a whole number of at least 1; using 1');
  await expect(page.getByText('not-for-sale')).toHaveCount(0);
});

test('a free cart checks out as Get Free Products', async ({ page }) => {
  await page.goto('/checkout?buyNow=true&product=sw-free-chord-starter');
  await expect(checkoutFrame(page).getByRole('button', { name: 'Complete free order' })).toBeVisible();
  await page.getByRole('link', { name: /Back to Cart/ }).click();
  await expect(page.getByRole('button', { name: 'Get Free Products' })).toBeVisible();
  await expect(page.getByText('Free checkout - no payment required!')).toBeVisible();
});

test('when the payment script cannot be loaded the shopper is told what to do', async ({ page }) => {
  await page.unroute(FASTSPRING_SBL_URL);
  await page.route(FASTSPRING_SBL_URL, (route) => route.abort('connectionfailed'));
  await page.goto('/cart');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText("We couldn't reach the payment service. Check your connection and reload the page.");
  await expect(alert.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(page.getByText("Your cart can't be shown right now.")).toBeVisible();
  // The store's /status answers OK, so it is the payment service that is missing.
  await expect(page.getByText("The store is up, but the payment service your cart needs isn't reachable.", { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await page.goto('/checkout');
  await expect(page.getByText('Checkout not loading')).toBeVisible();
});

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

for (const theme of THEMES) {
  for (const viewport of VIEWPORTS) {
    test(`cart and checkout pages at ${viewport.width}×${viewport.height} in the ${theme} theme pass axe and are screenshotted`, async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      await useTheme(page, theme);
      await page.setViewportSize(viewport);
      const size = `${viewport.width}`;

      await page.goto('/cart');
      await expect(page.getByText('Your cart is empty')).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, testInfo, theme, `cart-empty-${size}`);

      // The payment service unreachable: the cart's failure state, with what to do from /status.
      await page.route(FASTSPRING_SBL_URL, (route) => route.abort('connectionfailed'));
      await page.reload();
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
      await expect(page.getByText('The store is up, but', { exact: false })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, testInfo, theme, `cart-provider-failed-${size}`);
      await page.unroute(FASTSPRING_SBL_URL);
      await serveStubFastSpring(page);

      await page.goto('/checkout?buyNow=true&product=remidi-4&quantity=2');
      await expect(checkoutFrame(page).getByText('reMIDI 4 × 2')).toBeVisible();
      await page.goto('/products/rechannel');
      await page.getByRole('button', { name: 'Add to Cart' }).first().click();
      await page.getByRole('link', { name: '3 item(s) in cart' }).click();
      await page.getByRole('textbox', { name: 'Promo code' }).fill('E2E10');
      await page.getByRole('textbox', { name: 'Promo code' }).press('Enter');
      await expect(page.getByRole('list', { name: 'Applied promo codes' })).toContainText('E2E10');
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, testInfo, theme, `cart-items-${size}`);

      await page.getByRole('button', { name: 'Clear Cart' }).click();
      await expect(page.getByRole('dialog', { name: 'Clear your cart?' })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, testInfo, theme, `cart-clear-dialog-${size}`);
      await page.getByRole('button', { name: 'Keep items' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.getByRole('button', { name: 'Secure Checkout' }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      await expect(checkoutFrame(page).getByRole('button', { name: 'Pay now' })).toBeVisible();
      // The provider's cross-origin frame sometimes keeps Playwright from reporting network idle.
      await saveScreenshot(page, testInfo, theme, `checkout-${size}`, { networkIdle: false });
      await expectNoSeriousAxeViolations(page);
    });
  }
}
