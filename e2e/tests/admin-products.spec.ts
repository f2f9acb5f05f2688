import { expect, test } from '@playwright/test';
import { expectAxeClean } from '../support/admin';

// Runs at 1440 and 390 px (the admin projects), signed in as the maker by the admin setup.
test('a maker creates a product in the back office and shoppers see it; every page is axe clean', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const name = `Loop Kit Live ${testInfo.project.name.replace('admin-', '')}`;
  const path = name.toLowerCase().replaceAll(' ', '-');

  await page.goto('/admin/products');
  await expect(page.getByRole('table', { name: 'Products' })).toBeVisible();
  await expectAxeClean(page);
  await page.goto('/admin/products/new');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('A product needs a name')).toBeVisible();
  await expectAxeClean(page);
  await page.goto('/admin/products/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  await expectAxeClean(page);

  await page.goto('/admin/products/new');
  await page.getByLabel('Name').fill(name);
  await expect(page.getByLabel('Path')).toHaveValue(path);
  await page.getByLabel('Price').fill('19.00');
  await page.getByRole('checkbox', { name: /^Live\b/ }).check();
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Saved · version 1')).toBeVisible();
  await expectAxeClean(page);
  expect((await page.request.get(`/api/products/${path}`)).status()).toBe(200);

  // Taken offline from the list: shoppers stop seeing it at once.
  await page.goto(`/admin/products?search=${path}`);
  await page.getByRole('button', { name: `Take offline: ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Take offline' }).click();
  await expect(page.getByText(`${name} is offline`)).toBeVisible();
  expect((await page.request.get(`/api/products/${path}`)).status()).toBe(404);
});
