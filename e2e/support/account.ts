import { expect, type Page } from '@playwright/test';
import { addFromCard, payInSandbox } from './checkout';

/** Signs in from the header's Login button (in the menu on a phone) on the embedded provider's page; lands on `landing`. */
export async function loginFromHeader(page: Page, email: string, password: string, landing: RegExp = /\/account/) {
  const banner = page.getByRole('banner');
  const menu = banner.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Login', exact: true }).locator('visible=true').first().click();
  const signIn = page.getByRole('heading', { level: 1, name: 'Sign in' });
  // A shopper still signed in at the provider comes straight back.
  await expect(signIn.or(page.getByRole('heading', { level: 1, name: 'My account' }))).toBeVisible();
  if (!(await signIn.isVisible())) return;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(landing);
}

/** Buys products from their cards on `listPath` as a guest on the sandbox with `email`; returns the order reference. */
export async function buyAsGuest(page: Page, email: string, listPath: string, ...productNames: [string, ...string[]]) {
  await page.goto(listPath);
  for (const productName of productNames) await addFromCard(page, productName);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Secure Checkout' }).click();
  await payInSandbox(page, email);
  await expect(page).toHaveURL(/\/products\/purchase-success\?order=/, { timeout: 30_000 });
  return new URL(page.url()).searchParams.get('order')!;
}
