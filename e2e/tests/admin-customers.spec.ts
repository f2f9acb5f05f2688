import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { buyAsGuest } from '../support/account';
import { expectAxeClean, lookEverywhere, openAdmin } from '../support/admin';
import { createVerifiedAccount, uniqueEmail } from '../support/identity';
import { VIEW_SIZES } from '../support/pages';

/**
 * A customer's privacy request, end to end: a shopper buys as a guest and signs up; the maker
 * finds them under Customers, sees the order, the licence and the verified account, exports
 * their data as JSON, then erases them. Afterwards their address is nowhere in the back office,
 * and the order is still there under the placeholder.
 */
const PASSWORD = 'customer correct horse battery';

test('a maker finds a customer, exports their data and erases them', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('customer-privacy');

  // The shopper, in a browser of their own: buys as a guest, then signs up with the same address.
  const shopperContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const shopper = await shopperContext.newPage();
  const reference = await buyAsGuest(shopper, email, '/products/plugins', 'reMIDI 4');
  await createVerifiedAccount(shopper, baseURL!, { email, password: PASSWORD, firstName: 'Robin', lastName: 'Erasmus' });
  await shopperContext.close();

  // The maker finds them by the start of their address.
  await openAdmin(page, `/admin/customers?q=${encodeURIComponent(email.slice(0, 20))}`, 'Customers');
  const link = page.getByRole('link', { name: email });
  await expect(link).toBeVisible();
  await expectAxeClean(page);
  await lookEverywhere(page, testInfo, 'admin-customers', () => expect(link).toBeVisible());

  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: /Robin|customer-privacy/ })).toBeVisible();
  const orderLink = page.getByRole('link', { name: reference, exact: true });
  await expect(orderLink).toHaveAttribute('href', /\/admin\/orders\/\d+$/);
  await expect(page.getByRole('link', { name: /^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/ })).toHaveAttribute('href', /\/admin\/licences\/\d+$/);
  await expect(page.getByText(/^Verified, created/)).toBeVisible();
  await expectAxeClean(page);
  await lookEverywhere(page, testInfo, 'admin-customer', () => expect(orderLink).toBeVisible());
  const customerUrl = page.url();
  const orderId = Number(/\/admin\/orders\/(\d+)$/.exec((await orderLink.getAttribute('href'))!)![1]);

  // The export: a JSON file of everything, without the password hash.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export data (JSON)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^customer-\d+\.json$/);
  const text = await readFile((await download.path())!, 'utf8');
  const exported = JSON.parse(text) as {
    customer: { email: string };
    orders: Array<{ reference: string }>;
    licences: unknown[];
    account: { emailVerified: boolean };
  };
  expect(exported.customer.email).toBe(email);
  expect(exported.orders.map((order) => order.reference)).toEqual([reference]);
  expect(exported.licences).toHaveLength(1);
  expect(exported.account.emailVerified).toBe(true);
  expect(text).not.toMatch(/passwordHash|scrypt\$/);

  // The erasure: the dialog says what goes and stays, and wants the address typed.
  await page.getByRole('button', { name: 'Erase personal data…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase this customer’s personal data?' });
  await expect(dialog).toContainText('which keep working');
  const erase = dialog.getByRole('button', { name: 'Erase personal data' });
  await expect(erase).toBeDisabled();
  await dialog.getByRole('textbox', { name: `Type ${email} to confirm` }).fill(email.toUpperCase());
  await expectAxeClean(page);
  // Each of the two admin projects pictures the dialog at its own size.
  const size = VIEW_SIZES.find(({ width }) => width === page.viewportSize()?.width) ?? VIEW_SIZES[0];
  await page.screenshot({ path: path.join(import.meta.dirname, '..', 'screenshots', size.name, 'light', 'admin-customer-erase-dialog.png') });
  await erase.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Erased customer' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Erase personal data…' })).toHaveCount(0);
  await expect(page.getByText(email)).toHaveCount(0);
  await expect(page.getByRole('link', { name: reference, exact: true })).toBeVisible();
  await expectAxeClean(page);
  await lookEverywhere(page, testInfo, 'admin-customer-erased', () => expect(page.getByRole('heading', { level: 1, name: 'Erased customer' })).toBeVisible());

  // Nowhere in the back office: the customer search finds nobody; the order remains, anonymised.
  await openAdmin(page, `/admin/customers?q=${encodeURIComponent(email)}`, 'Customers');
  await expect(page.getByText('No customer’s email starts with')).toBeVisible();
  await page.goto(customerUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Erased customer' })).toBeVisible();
  // The order remains for the bookkeeping, anonymised; searching the orders by the old address finds nothing.
  await openAdmin(page, `/admin/orders/${orderId}`, new RegExp(reference));
  await expect(page.getByText('Erased customer')).toBeVisible();
  await expect(page.getByText(/@erased\.invalid$/).first()).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  await openAdmin(page, `/admin/orders?q=${encodeURIComponent(email)}`, 'Orders');
  await expect(page.getByText('No order matches these filters.')).toBeVisible();
  await openAdmin(page, `/admin/licences?q=${encodeURIComponent(email)}`, 'Licences');
  await expect(page.getByText('No licence matches.')).toBeVisible();
});
