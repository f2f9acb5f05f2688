import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { addFromCard, fillSandboxContact, payInSandbox } from '../support/checkout';
import { watchConsole, watchConsoleAllowing404 } from '../support/pages';

/**
 * Buying on the default store, end to end: the storefront, the sandbox provider's embedded
 * checkout, its signed webhook, the orders pipeline, the outbox and the mailbox.
 */

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** The mailbox's email to `email`, as its plain-text part. */
async function emailTo(page: Page, email: string) {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const list = await (await page.request.get('/dev/mailbox')).text();
        // One entry: link, status, then the recipient.
        id = new RegExp(`href="/dev/mailbox/(\\d+)">[^<]*</a><span class="status">[^<]*</span><div class="meta">To ${email.replace(/[.+]/g, '\\$&')} `).exec(
          list,
        )?.[1];
        return id;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  // Read over HTTP: rendering the page would make Playwright probe the sandboxed email frame.
  const html = await (await page.request.get(`/dev/mailbox/${id}`)).text();
  const text = /<pre>([^]*)<\/pre>/.exec(html)?.[1] ?? '';
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

test.describe('buying', () => {
  test.describe.configure({ timeout: 120_000 });

  test('two products, a coupon and the succeeding card: thank-you page, recorded order, email with keys and links', async ({ page }) => {
    const problems = watchConsoleAllowing404(page, '/api/orders/');
    const email = uniqueEmail('buyer');
    await page.goto('/products/plugins');
    await addFromCard(page, 'reMIDI 4');
    await addFromCard(page, 'reChannel');
    await expect(page.getByRole('link', { name: '2 item(s) in cart' })).toBeVisible();

    await page.getByRole('link', { name: '2 item(s) in cart' }).click();
    await page.getByRole('textbox', { name: 'Promo code' }).fill('  welcome10 ');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('list', { name: 'Applied promo codes' })).toContainText('WELCOME10');
    await expect(page.getByRole('textbox', { name: 'Promo code' })).toHaveValue('');
    // reMIDI 4 $79.00 + reChannel $23.20 (its deal), then 10 % off.
    await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText('$91.98');

    await page.getByRole('button', { name: 'Secure Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await payInSandbox(page, email);

    await expect(page).toHaveURL(/\/products\/purchase-success\?order=/, { timeout: 20_000 });
    const reference = new URL(page.url()).searchParams.get('order')!;
    await expect(page.getByRole('heading', { name: 'Thanks for your order! Please check your email for your download(s).' })).toBeVisible();
    await expect(page.getByText(reference)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Products in this order' })).toContainText('reMIDI 4', { timeout: 20_000 });
    await expect(page.getByText('$91.98')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View shopping cart' })).toBeVisible();

    // The order as the store recorded it.
    const summary = await page.request.post('/api/orders/', { data: { reference } });
    expect(summary.status()).toBe(200);
    expect(await summary.json()).toMatchObject({
      reference,
      total: '$91.98',
      items: [
        { path: 'remidi-4', quantity: 1 },
        { path: 'rechannel', quantity: 1 },
      ],
    });

    // The email: both products, a licence key for each plugin, download links that work.
    const text = await emailTo(page, email);
    expect(text).toContain(reference);
    expect(text).toContain('reMIDI 4');
    expect(text).toContain('reChannel');
    expect(text.match(/\b[0-9A-HJKMNP-TV-Z]{4}(?:-[0-9A-HJKMNP-TV-Z]{4}){3}\b/g)).toHaveLength(2);
    const link = /(\/api\/downloads\/\d+\?\S+)/.exec(text)![1]!;
    const download = await page.request.get(link);
    expect(download.status()).toBe(200);
    expect(
      createHash('sha256')
        .update(await download.body())
        .digest('hex'),
    ).toBe(download.headers()['x-content-sha256']);
    // The thank-you page may ask before the webhook has been processed (404, then again).
    expect(problems()).toEqual([]);
  });

  test('a declined card says so, and no order is made', async ({ page }) => {
    const problems = watchConsole(page);
    const email = uniqueEmail('declined');
    await page.goto('/products/sample-packs');
    await addFromCard(page, 'SW SELECT: SAMPLE LOOPS vol.1');
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Secure Checkout' }).click();
    const frame = await payInSandbox(page, email, '4000 0000 0000 0002');
    await expect(frame.getByRole('alert')).toHaveText('Your card was declined. Try another card.');
    await expect(page).toHaveURL(/\/checkout$/);
    await page.waitForTimeout(1500);
    expect((await (await page.request.get('/dev/mailbox')).text()).includes(email)).toBe(false);
    await expect(page.getByRole('link', { name: '1 item(s) in cart' })).toBeVisible();
    // The browser reports the declined payment's 402 answer; nothing else.
    expect(problems.filter((problem) => !problem.includes('status of 402'))).toEqual([]);
  });

  test('a free product checks out without a card', async ({ page }) => {
    const email = uniqueEmail('free');
    await page.goto('/products/free-downloads');
    await addFromCard(page, 'SW Free Chord Starter');
    await page.goto('/cart');
    await expect(page.getByText('Free checkout - no payment required!')).toBeVisible();
    await page.getByRole('button', { name: 'Get Free Products' }).click();
    const frame = await fillSandboxContact(page, email);
    await expect(frame.getByLabel('Card number')).toHaveCount(0);
    await frame.getByRole('button', { name: 'Get your free products' }).click();
    await expect(page).toHaveURL(/\/products\/purchase-success\?order=/, { timeout: 20_000 });
    expect(await emailTo(page, email)).toContain('SW Free Chord Starter');
  });

  test('a checkout link with buyNow, quantity and coupon fills the cart and shows the coupon', async ({ page }) => {
    await page.goto('/products/remidi-4');
    await page.getByRole('button', { name: 'Add to Cart' }).first().click();
    await expect(page.getByRole('link', { name: '1 item(s) in cart' })).toBeVisible();

    await page.goto('/checkout?product=rechannel&quantity=2&buyNow=true&coupon=WELCOME10');
    await expect(page.getByText('Coupon WELCOME10 applied to your order!')).toBeVisible();
    await expect(page.getByRole('link', { name: '2 item(s) in cart' })).toBeVisible();
    const frame = page.frameLocator('#fsc-embedded-checkout-container iframe');
    // 2 × $23.20 = $46.40, 10 % off → $41.76; reMIDI 4 was removed by buyNow.
    await expect(frame.getByRole('button', { name: 'Pay $41.76' })).toBeVisible();
  });

  test('an unknown product in the checkout link is ignored with a console warning', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto('/checkout?product=no-such-plugin&buyNow=true');
    await expect.poll(() => warnings.some((warning) => warning.includes('no-such-plugin'))).toBe(true);
    await expect(page.getByText(/no-such-plugin/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'View shopping cart' })).toBeVisible();
  });
});
