import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { loginFromHeader } from '../support/account';
import { addFromCard, payInSandbox } from '../support/checkout';
import { expectAxeClean } from '../support/admin';
import { createVerifiedAccount, readLatestEmail, uniqueEmail } from '../support/identity';
import { saveScreenshot, useTheme } from '../support/pages';

const SHOPPER_PASSWORD = 'shopper correct horse battery';

/** A real PNG (a colour gradient), so the store's image check and WebP renditions have something to work on. */
function pngImage(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) rows.set([(x * 255) / width, (y * 255) / height, 160], y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An installer stand-in: bytes the store only stores and hands out. */
const installer = (version: string) => ({
  name: `pad-mapper-${version}-mac.zip`,
  mimeType: 'application/zip',
  buffer: Buffer.from(`PK\u0003\u0004 installer ${version} ${randomBytes(2048).toString('hex')}`),
});

async function publishVersion(page: Page, version: string, notes: string) {
  await page.getByRole('button', { name: 'New version' }).click();
  const form = page.getByRole('form', { name: 'New version' });
  await form.getByLabel('Version').fill(version);
  await form.getByLabel('Release notes (Markdown)').fill(notes);
  await form.getByRole('button', { name: 'Create draft' }).click();
  const card = page.getByRole('article').filter({ hasText: version }).first();
  await expect(card.getByText('Draft', { exact: true })).toBeVisible();
  await card.locator('input[type=file][aria-label="Upload the macOS ZIP file"]').setInputFiles(installer(version));
  await expect(card.getByText(`pad-mapper-${version}-mac.zip`, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await card.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(card.getByText('Current', { exact: true })).toBeVisible();
}

// Runs at 1440 and 390 px (the admin projects): the maker is signed in from the admin setup; the
// shopper is a second browser context of the same size.
test('the maker adds a product with an image, a key fact and a file; a shopper finds it, buys it with the maker’s coupon, and hears of version 1.1', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  const tag = randomBytes(3).toString('hex');
  const name = `Pad Mapper ${tag}`;
  const path = `pad-mapper-${tag}`;
  const code = `MAKER-${tag}`.toUpperCase();
  await useTheme(page, 'dark');

  // The product: a key fact, live, in the first category.
  await page.goto('/admin/products/new');
  await page.getByLabel('Name').fill(name);
  await expect(page.getByLabel('Path')).toHaveValue(path);
  await page.getByLabel('Price').fill('29.00');
  const category = (await page.getByLabel('Category').locator('option:checked').textContent())!.trim();
  await page.getByRole('button', { name: 'Add a key fact' }).click();
  await page.getByLabel('Label').fill('Formats');
  await page.getByLabel('Value').fill('VST3 and AU, macOS and Windows');
  await page.getByRole('checkbox', { name: /^Live\b/ }).check();
  await page.getByRole('button', { name: 'Create product' }).click();
  await page.waitForURL(/\/admin\/products\/\d+$/);
  await expect(page.getByText('Saved · version 1')).toBeVisible();

  // Its image: uploaded, turned into WebP renditions, saved with the product.
  await page.locator('input[type=file][aria-label="Add media"]').setInputFiles({ name: 'pad-mapper.png', mimeType: 'image/png', buffer: pngImage(480, 360) });
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByText('You have unsaved changes.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved · version 2')).toBeVisible();
  await expectAxeClean(page);
  await saveScreenshot(page, testInfo, 'dark', 'admin-product-form');

  // Version 1.0.0 with its file, published.
  await page.getByRole('link', { name: 'Releases and files' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name}: releases` })).toBeVisible();
  await publishVersion(page, '1.0.0', 'First release.');
  await expectAxeClean(page);
  await saveScreenshot(page, testInfo, 'dark', 'admin-releases');

  // A coupon for this product.
  await page.goto('/admin/coupons/new');
  await page.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await page.getByLabel('Percentage off').fill('10');
  await page.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByText(code).first()).toBeVisible();
  await expectAxeClean(page);

  // The shopper: signed up, opted in to release emails, finds the product under its category.
  const shopperContext = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: page.viewportSize()!, baseURL });
  const shopper = await shopperContext.newPage();
  const email = uniqueEmail('pad-buyer');
  await createVerifiedAccount(shopper, baseURL!, { email, password: SHOPPER_PASSWORD, firstName: 'Robin', lastName: 'Keys' });
  await shopper.goto('/');
  await loginFromHeader(shopper, email, SHOPPER_PASSWORD);
  await shopper.goto('/account?tab=profile');
  // The box is disabled until the shopper's current choice has loaded.
  const releaseEmails = shopper.getByLabel('Email me when a product I own has a new version');
  await expect(releaseEmails).toBeEnabled();
  await releaseEmails.check();
  await expect(shopper.getByText('Saved.', { exact: true })).toBeVisible({ timeout: 10_000 });

  const categories = (await (await shopper.request.get('/api/categories')).json()) as Array<{ slug: string; name: string }>;
  const slug = categories.find((entry) => entry.name === category)!.slug;
  await shopper.goto(`/products/${slug}`);
  await expect(shopper.getByRole('heading', { level: 1, name: category })).toBeVisible();
  await addFromCard(shopper, name);
  await shopper.goto(`/products/${path}`);
  await expect(shopper.getByText('VST3 and AU, macOS and Windows')).toBeVisible();

  // Checkout with the maker's coupon, in the sandbox.
  await shopper.goto('/cart');
  await shopper.getByLabel('Promo code').fill(code.toLowerCase());
  await shopper.getByRole('button', { name: 'Apply' }).click();
  await expect(shopper.getByRole('main').getByText('$26.10').first()).toBeVisible();
  await shopper.getByRole('button', { name: 'Secure Checkout' }).click();
  await payInSandbox(shopper, email);
  await expect(shopper).toHaveURL(/\/products\/purchase-success\?order=/, { timeout: 30_000 });

  // The first download from the account records version 1.0.0.
  await shopper.goto('/account');
  const download = shopper.getByRole('link', { name: `Download ${name}` });
  await expect(download).toBeVisible({ timeout: 30_000 });
  const tracked = shopper.waitForResponse((response) => response.url().endsWith('/api/track-download') && response.request().method() === 'POST');
  await download.click();
  expect((await tracked).ok()).toBe(true);

  // The maker publishes 1.1.0 with its changelog.
  await page.goto('/admin/products');
  await page.getByRole('link', { name: `Releases of ${name}` }).click();
  await publishVersion(page, '1.1.0', 'Faster pad editor and a new **Slice** mode.');

  // The shopper sees the update, and the release email arrived.
  await shopper.goto('/account');
  await expect(shopper.getByRole('link', { name: `Download Update ${name}` })).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => readLatestEmail(shopper, email, new RegExp(`${name} 1\\.1\\.0 is out`)).catch(() => ''), { timeout: 30_000 })
    .toContain('Slice');
  await shopperContext.close();
});
