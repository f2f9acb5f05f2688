import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, saveScreenshot, THEMES, useTheme, watchConsole } from '../support/pages';

/**
 * The sandbox payment provider in a real browser, under the real CSP: a store page loads
 * builder.js exactly like FastSpring's SBL, and a shopper pays in the embedded checkout.
 */

interface Recorded {
  data: Array<{ selections: number; total: string; coupons: string[] }>;
  errors: Array<[string, string]>;
  orders: Array<{ id: string; reference: string }>;
  closed: unknown[];
}

/**
 * Opens a store page and loads the SBL script into it, with its four named callbacks. The
 * storefront has loaded its own copy already: its element and builder are taken away so the
 * script finds the test's element (it reads `#fsc-api`).
 */
async function loadBuilder(page: Page) {
  await page.goto('/about');
  await page.waitForFunction(() => 'fastspring' in window);
  await page.evaluate(() => {
    document.getElementById('fsc-api')?.remove();
    delete (window as { fastspring?: unknown }).fastspring;
    const recorded: Recorded = { data: [], errors: [], orders: [], closed: [] };
    Object.assign(window, {
      recorded,
      onSblData: (data: Recorded['data'][number]) => recorded.data.push(data),
      onSblError: (code: string, message: string) => recorded.errors.push([code, message]),
      onSblOrder: (order: Recorded['orders'][number]) => recorded.orders.push(order),
      onSblClosed: (reference: unknown) => recorded.closed.push(reference),
    });
    const container = document.createElement('div');
    container.id = 'fsc-embedded-checkout-container';
    document.body.prepend(container);
    const script = document.createElement('script');
    script.id = 'fsc-api';
    script.src = '/sandbox/fastspring/builder.js';
    Object.entries({
      storefront: `${location.host}/sandbox`,
      continuous: 'true',
      'data-callback': 'onSblData',
      'error-callback': 'onSblError',
      'popup-webhook-received': 'onSblOrder',
      'popup-closed': 'onSblClosed',
    }).forEach(([name, value]) => script.setAttribute(`data-${name}`, value));
    document.body.append(script);
  });
  await expect.poll(() => recorded(page).then((value) => value.data.length)).toBeGreaterThan(0);
}

const recorded = (page: Page) => page.evaluate(() => (window as unknown as { recorded: Recorded }).recorded);
/** Calls `window.fastspring.builder[method](...args, callback)` and waits for the callback. */
const builder = (page: Page, method: string, ...args: unknown[]) =>
  page.evaluate(
    ([name, values]) =>
      new Promise((resolve) => {
        const sbl = (window as unknown as { fastspring: { builder: Record<string, (...params: unknown[]) => void> } }).fastspring.builder;
        sbl[name]!(...values, resolve);
      }),
    [method, args] as const,
  );

test.describe('sandbox checkout', () => {
  test('a shopper is declined, uses another test card, pays, and the store hears the order', async ({ page }) => {
    const problems = watchConsole(page);
    await loadBuilder(page);
    await builder(page, 'add', 'rechannel');
    await builder(page, 'promo', 'summer24');
    expect((await recorded(page)).errors).toEqual([['expired', 'This code expired on August 31, 2024']]);
    await builder(page, 'promo', 'welcome10');
    await builder(page, 'checkout');

    const frame = page.frameLocator('#fsc-embedded-checkout-container iframe');
    await expect(frame.getByText('Sandbox — no real payment')).toBeVisible();
    await expect(frame.getByRole('button', { name: 'Pay $20.88' })).toBeVisible();

    await frame.getByLabel('Email').fill('maria@example.com');
    await frame.getByLabel('First name').fill('Maria');
    await frame.getByLabel('Last name').fill('Lopez');
    await frame.getByLabel('Country').selectOption('ES');
    await frame.getByLabel('Postal code').fill('28001');

    // A number that fails the Luhn check is caught on the field.
    await frame.getByLabel('Card number').fill('4242 4242 4242 4241');
    await frame.getByLabel('Expiry (MM/YY)').fill('1239');
    await expect(frame.getByLabel('Expiry (MM/YY)')).toHaveValue('12/39');
    await frame.getByLabel('Security code (CVC)').fill('123');
    await frame.getByRole('button', { name: 'Pay $20.88' }).click();
    await expect(frame.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
    await expect(frame.getByLabel('Card number')).toBeFocused();
    await expect(frame.getByText('This card number is not valid. Check it and try again.')).toBeVisible();

    await frame.getByRole('button', { name: /Use test card 4000 0000 0000 0002/ }).click();
    await frame.getByRole('button', { name: 'Pay $20.88' }).click();
    await expect(frame.getByRole('alert')).toHaveText('Your card was declined. Try another card.');

    await frame.getByRole('button', { name: /Use test card 4242 4242 4242 4242/ }).click();
    await frame.getByRole('button', { name: 'Pay $20.88' }).click();

    await expect.poll(async () => (await recorded(page)).closed.length).toBe(1);
    const events = await recorded(page);
    expect(events.orders).toHaveLength(1);
    const order = events.orders[0]!;
    expect(order.reference).toMatch(/^SON\d{6}-\d{4}-\d{5}$/);
    expect(events.closed).toEqual([{ id: order.id, reference: order.reference }]);
    expect(events.data.at(-1)).toMatchObject({ selections: 0, total: '$0.00' });
    await expect(page.locator('#fsc-embedded-checkout-container iframe')).toHaveCount(0);
    // The browser logs the declined payment's 402 answer; nothing else may go wrong (CSP included).
    expect(problems.filter((problem) => !problem.includes('status of 402'))).toEqual([]);
  });

  test('the frame grows with its content, and a free order asks for no card', async ({ page }) => {
    const problems = watchConsole(page);
    await loadBuilder(page);
    await builder(page, 'reset');
    await builder(page, 'add', 'remidi-4-trial');
    await builder(page, 'checkout');
    const frame = page.frameLocator('#fsc-embedded-checkout-container iframe');
    await expect(frame.getByRole('button', { name: 'Get your free products' })).toBeVisible();
    await expect(frame.getByLabel('Card number')).toHaveCount(0);
    const iframe = page.locator('#fsc-embedded-checkout-container iframe');
    await expect
      .poll(async () =>
        iframe.evaluate((element: HTMLIFrameElement) => element.getBoundingClientRect().height - (element.contentDocument?.documentElement.scrollHeight ?? 0)),
      )
      .toBeGreaterThanOrEqual(-1);
    expect(await iframe.evaluate((element) => element.getBoundingClientRect().height)).toBeGreaterThanOrEqual(600);

    await frame.getByLabel('Email').fill('sam@example.com');
    await frame.getByLabel('First name').fill('Sam');
    await frame.getByLabel('Last name').fill('Ng');
    await frame.getByLabel('Country').selectOption('US');
    await frame.getByLabel('Postal code').fill('10001');
    await frame.getByRole('button', { name: 'Get your free products' }).click();
    await expect.poll(async () => (await recorded(page)).orders.length).toBe(1);
    expect(problems).toEqual([]);
  });

  for (const theme of THEMES) {
    test(`the checkout page is accessible and readable (${theme})`, async ({ page }, testInfo) => {
      await useTheme(page, theme);
      await loadBuilder(page);
      await builder(page, 'reset');
      await builder(page, 'update', 'remidi-4', 2);
      await builder(page, 'add', 'rechannel');
      await builder(page, 'promo', 'WELCOME10');
      const session = await page.evaluate((key) => localStorage.getItem(key), `fsc-sandbox-session:${new URL(page.url()).host}/sandbox`);
      await page.goto(`/sandbox/fastspring/checkout/${session}?theme=${theme}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Secure checkout' })).toBeVisible();
      await page.getByRole('button', { name: 'Pay $163.08' }).click();
      await expect(page.getByLabel('Email')).toBeFocused();
      await expect(page.getByText('Enter a valid email address')).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await saveScreenshot(page, testInfo, theme, 'sandbox-checkout');
    });
  }
});
