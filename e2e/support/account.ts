import { expect, type Page } from '@playwright/test';

/** Signs in from the header's Login button on the embedded provider's page; lands on `landing`. */
export async function loginFromHeader(page: Page, email: string, password: string, landing: RegExp = /\/account/) {
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).first().click();
  const signIn = page.getByRole('heading', { level: 1, name: 'Sign in' });
  // A shopper still signed in at the provider comes straight back.
  await expect(signIn.or(page.getByRole('heading', { level: 1, name: 'My account' }))).toBeVisible({ timeout: 15_000 });
  if (!(await signIn.isVisible())) return;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(landing);
}

/** Buys one product from its card as a guest on the sandbox with `email`; returns the order reference. */
export async function buyAsGuest(page: Page, email: string, listPath: string, productName: string) {
  await page.goto(listPath);
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: productName, exact: true }) });
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(card.getByRole('button', { name: /^Remove from Cart/ })).toBeVisible({ timeout: 10_000 });
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Secure Checkout' }).click();
  const frame = page.frameLocator('#fsc-embedded-checkout-container iframe');
  await expect(frame.getByText('Sandbox — no real payment')).toBeVisible({ timeout: 15_000 });
  await frame.getByLabel('Email').fill(email);
  await frame.getByLabel('First name').fill('Robin');
  await frame.getByLabel('Last name').fill('Keys');
  await frame.getByLabel('Country').selectOption('CA');
  await frame.getByLabel('Postal code').fill('H2X 1Y4');
  await frame.getByLabel('Card number').fill('4242 4242 4242 4242');
  await frame.getByLabel('Expiry (MM/YY)').fill('12/39');
  await frame.getByLabel('Security code (CVC)').fill('123');
  await frame.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/products\/purchase-success\?order=/, { timeout: 20_000 });
  return new URL(page.url()).searchParams.get('order')!;
}
