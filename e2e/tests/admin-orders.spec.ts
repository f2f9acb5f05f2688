import { expect, test } from '@playwright/test';
import { buyAsGuest, loginFromHeader } from '../support/account';
import { expectAxeClean, lookEverywhere } from '../support/admin';
import { createVerifiedAccount, readLatestEmail, uniqueEmail } from '../support/identity';

const PASSWORD = 'correct horse battery';

/** The first licence key listed under `product` in the order email's text. */
function keyOf(emailText: string, product: string): string {
  const escaped = product.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const key = new RegExp(`^${escaped}\\b[^\\n]*\\n  Licence keys?[^\\n]*:\\n    (\\S+)`, 'm').exec(emailText)?.[1];
  expect(key, `a ${product} licence key in the order email`).toBeTruthy();
  return key!;
}

// Runs at 1440 and 390 px (the admin projects), signed in as the maker by the admin setup.
test('the maker finds an order by a licence key and refunds one line; the shopper sees it refunded and its download stops', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  const email = uniqueEmail(`orders-${testInfo.project.name}`);

  // The shopper buys two plugins as a guest, in a browser of their own.
  const shopperContext = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: page.viewportSize(), baseURL });
  const shopper = await shopperContext.newPage();
  const reference = await buyAsGuest(shopper, email, '/products/plugins', 'reMIDI 4', 'reChannel');
  // The mailbox in a page of its own (its frames log console errors).
  const mailbox = await shopperContext.newPage();
  await expect.poll(async () => (await mailbox.request.get('/dev/mailbox')).text(), { timeout: 30_000 }).toContain(email);
  const orderEmail = await readLatestEmail(mailbox, email, /Your .* order/);
  const remidiKey = keyOf(orderEmail, 'reMIDI 4');
  const rechannelKey = keyOf(orderEmail, 'reChannel');
  const remidiLink = /^\s+reMIDI\S* .*: (http:\/\/\S+\/api\/downloads\/\S+)$/m.exec(orderEmail)?.[1];
  expect(remidiLink, 'a reMIDI 4 download link in the order email').toBeTruthy();

  // The maker searches the orders by the reMIDI 4 key.
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Orders' })).toBeVisible();
  await expectAxeClean(page);
  await page.getByLabel('Search').fill(remidiKey);
  await expect(page).toHaveURL(new RegExp(`q=${remidiKey}`));
  const link = page.getByRole('table', { name: 'Orders' }).getByRole('link', { name: reference });
  await expect(link).toBeVisible();
  await expect(page.getByRole('table', { name: 'Orders' }).getByRole('link')).toHaveCount(1);
  await lookEverywhere(page, testInfo, 'admin-orders', () => expect(link).toBeVisible());

  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${reference}` })).toBeVisible();
  await expect(page.getByText(remidiKey, { exact: true })).toBeVisible();
  await expect(page.getByText(rechannelKey, { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Emails sent for this order' })).toContainText(email);
  await expectAxeClean(page);

  // Refund reMIDI 4 only, with a reason, through the confirmation.
  await page.getByRole('button', { name: 'Refund…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: `Refund order ${reference}` })).toBeVisible();
  await expectAxeClean(page);
  await dialog.getByRole('checkbox', { name: /reChannel/ }).uncheck();
  await dialog.getByLabel('Reason').fill('Bought by mistake');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toContainText(`1 licence key will be revoked: ${remidiKey}`);
  await expect(dialog).toContainText('Downloads of reMIDI 4 stop.');
  await expect(dialog).not.toContainText('Downloads of reChannel');
  await expect(dialog).toContainText('The customer is emailed.');
  await expectAxeClean(page);
  await dialog.getByRole('button', { name: /^Refund \$/ }).click();
  await expect(dialog.getByRole('heading', { name: 'Refunded' })).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Partially refunded').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Order lines' }).getByText('1 of 1 refunded')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: remidiKey }).getByText('Revoked', { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: rechannelKey }).getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refund…' })).toBeVisible();
  await lookEverywhere(page, testInfo, 'admin-order', () => expect(page.getByRole('heading', { level: 1, name: `Order ${reference}` })).toBeVisible());

  // The shopper: the email's reMIDI 4 link is refused, and the account shows the line refunded.
  expect((await shopper.request.get(remidiLink!)).status()).toBe(403);
  await createVerifiedAccount(mailbox, baseURL!, { email, password: PASSWORD, firstName: 'Robin', lastName: 'Keys' });
  await shopper.goto('/');
  await loginFromHeader(shopper, email, PASSWORD);
  await shopper.goto('/account?tab=orders');
  const order = shopper.getByRole('listitem', { name: `Order ${reference}` });
  await expect(order).toBeVisible();
  await expect(order.getByText('Partly refunded')).toBeVisible();
  await expect(order.getByText('Refunded: no downloads')).toBeVisible();
  await expect(order.getByRole('link', { name: 'Download reChannel' })).toBeVisible();
  await expect(order.getByRole('link', { name: 'Download reMIDI 4' })).toHaveCount(0);
  await shopperContext.close();
});
