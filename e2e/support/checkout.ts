import { expect, type Page } from '@playwright/test';

/** Adds a product from its card on the current list page and waits for the card to show it. */
export async function addFromCard(page: Page, productName: string) {
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: productName, exact: true }) });
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(card.getByRole('button', { name: /^Remove from Cart/ })).toBeVisible({ timeout: 10_000 });
}

/** Fills the sandbox checkout's contact and billing fields; returns the checkout frame. */
export async function fillSandboxContact(page: Page, email: string) {
  const frame = page.frameLocator('#fsc-embedded-checkout-container iframe');
  await expect(frame.getByText('Sandbox — no real payment')).toBeVisible();
  await frame.getByLabel('Email').fill(email);
  await frame.getByLabel('First name').fill('Robin');
  await frame.getByLabel('Last name').fill('Keys');
  await frame.getByLabel('Country').selectOption('CA');
  await frame.getByLabel('Postal code').fill('H2X 1Y4');
  return frame;
}

/** Pays in the sandbox checkout with a test card; returns the checkout frame. */
export async function payInSandbox(page: Page, email: string, card = '4242 4242 4242 4242') {
  const frame = await fillSandboxContact(page, email);
  await frame.getByLabel('Card number').fill(card);
  await frame.getByLabel('Expiry (MM/YY)').fill('12/39');
  await frame.getByLabel('Security code (CVC)').fill('123');
  await frame.getByRole('button', { name: /^Pay / }).click();
  return frame;
}
