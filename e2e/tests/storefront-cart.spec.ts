import { watchConsole } from '../support/pages';
import { expect, test } from '../support/sbl';

/**
 * The cart against the default store's payment provider, the embedded sandbox. Only the
 * Store Builder contract is assumed (fastspring-checkout.spec.ts runs the same storefront
 * against a stub of FastSpring's own script).
 */
test('a product added from its card shows in the header and the cart, and the checkout opens', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/products');
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: 'reMIDI 4', exact: true }) });
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  const cartLink = page.getByRole('link', { name: '1 item(s) in cart' });
  await expect(cartLink).toBeVisible();
  await expect(card.getByRole('button', { name: 'Remove from Cart' })).toBeVisible({ timeout: 5_000 });

  await cartLink.click();
  await expect(page.getByRole('region', { name: 'Items in your cart' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Items in your cart' })).toContainText('reMIDI 4');
  await expect(page.getByRole('button', { name: 'Decrease quantity of reMIDI 4' })).toBeDisabled();
  await page.getByRole('button', { name: 'Increase quantity of reMIDI 4' }).click();
  await expect(page.getByRole('link', { name: '2 item(s) in cart' })).toBeVisible();

  await page.getByRole('button', { name: 'Secure Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.locator('#fsc-embedded-checkout-container > *').first()).toBeAttached({ timeout: 10_000 });
  await expect(page.getByText('Checkout not loading')).toHaveCount(0);

  await page.getByRole('link', { name: /Back to Cart/ }).click();
  await page.getByRole('button', { name: 'Clear Cart' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clear Cart' }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View shopping cart' })).toBeVisible();
  expect(problems).toEqual([]);
});
