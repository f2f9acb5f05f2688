import { expect, test } from '@playwright/test';

test.describe('storefront served by the store', () => {
  test('the home page loads the catalogue from the API with no console errors', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'One wish — to help songs come true' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'reMIDI 4', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'reMIDI 5 (in development)' })).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('a deep link is served by the history fallback', async ({ page }) => {
    const response = await page.goto('/products');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  });

  test('an unknown page answers 404 and shows a way home', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
