import type { Page } from '@playwright/test';
import { expect, test } from '../support/sbl';

/** Every JSON-LD block of the page, parsed (a block that is not JSON fails the test). */
async function structuredData(page: Page): Promise<Array<Record<string, unknown>>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

const canonical = (page: Page) => page.locator('link[rel="canonical"]');

test('a product page names one canonical address and describes the product and the price it shows', async ({ page, baseURL }) => {
  await page.goto('/products/remidi-4');
  await expect(page.getByRole('heading', { level: 1, name: 'reMIDI 4' })).toBeVisible();
  await expect(canonical(page)).toHaveCount(1);
  await expect(canonical(page)).toHaveAttribute('href', `${baseURL}/products/remidi-4`);

  const data = await structuredData(page);
  const product = data.find((block) => block['@type'] === 'Product');
  expect(product).toMatchObject({ name: 'reMIDI 4', url: `${baseURL}/products/remidi-4`, offers: { availability: 'https://schema.org/InStock' } });
  const offer = product!.offers as { price: string; priceCurrency: string };
  expect(offer.priceCurrency).toBe('USD');
  const shown = await page
    .locator('main span', { hasText: /^Price: / })
    .first()
    .textContent();
  expect(shown).toBe(`Price: $${offer.price}`);
  expect(data.find((block) => block['@type'] === 'BreadcrumbList')).toBeTruthy();
});

test('a trial’s address names its paid product’s page as canonical, and moving on leaves one canonical link', async ({ page, baseURL }) => {
  await page.goto('/products/remidi-4-trial');
  await expect(page.getByRole('heading', { level: 1, name: 'reMIDI 4' })).toBeVisible();
  await expect(canonical(page)).toHaveCount(1);
  await expect(canonical(page)).toHaveAttribute('href', `${baseURL}/products/remidi-4`);

  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(canonical(page)).toHaveCount(1);
  await expect(canonical(page)).toHaveAttribute('href', `${baseURL}/products`);
  expect((await structuredData(page)).map((block) => block['@type'])).toEqual(['BreadcrumbList']);
});
