import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { buyAsGuest, loginFromHeader } from '../support/account';
import { startBuiltServer, type RunningServer } from '../support/built-server';
import { createVerifiedAccount, uniqueEmail } from '../support/identity';
import { atEverySizeAndTheme, expectNoSeriousAxeViolations, saveScreenshot, THEMES, type Theme } from '../support/pages';
import { openStoreDatabase } from '../support/store-database';

/**
 * Issue #5, end to end: a guest buys, signs up with the same email, confirms it from the mailbox
 * with the account's password, signs in, and the account shows the order, its licence key and
 * its download; the file's bytes match the store's hash. Then the maker publishes a new version
 * and the account offers the update.
 *
 * Publishing needs published rows in product_versions/product_files (the back office's journey does
 * it through the browser). The shared e2e server's PGlite cannot
 * be opened from here, and nothing new is exposed on the server for it: this test runs its own
 * built store (PGlite in its own DATA_DIR), stops it, inserts the rows with PGlite directly, and
 * starts it again on the same data. The browser keeps its session across the restart (tokens and
 * signing keys live in the database and DATA_DIR), as a shopper's would across a deploy.
 */
const PASSWORD = 'correct horse battery';
const NEW_VERSION = '4.3.0';

async function publishVersion(dataDir: string) {
  const filename = `reMIDI-4-${NEW_VERSION}.zip`;
  const storageKey = `remidi-4/${NEW_VERSION}/${filename}`;
  const bytes = Buffer.from(`reMIDI 4 ${NEW_VERSION} ${randomBytes(16).toString('hex')}`);
  await mkdir(path.join(dataDir, 'files', 'remidi-4', NEW_VERSION), { recursive: true });
  await writeFile(path.join(dataDir, 'files', ...storageKey.split('/')), bytes);
  const db = await openStoreDatabase(dataDir);
  try {
    const version = await db.query<{ id: number }>(
      `insert into product_versions (product_id, version, released_at, published_at, changelog_markdown)
       select id, $1, now(), now(), 'Faster pad editing.' from products where path = 'remidi-4' returning id`,
      [NEW_VERSION],
    );
    await db.query(`insert into product_files (version_id, os, format, filename, storage_key, size_bytes, sha256) values ($1, 'any', 'zip', $2, $3, $4, $5)`, [
      version.rows[0]!.id,
      filename,
      storageKey,
      bytes.byteLength,
      createHash('sha256').update(bytes).digest('hex'),
    ]);
  } finally {
    await db.close();
  }
}

async function setTheme(page: Page, theme: Theme) {
  await page.evaluate((value) => localStorage.setItem('theme', value), theme);
  await page.reload();
}

test('a guest purchase appears in the account after sign-up, with its licence and download; a new version offers Download Update', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'runs its own store once');
  test.setTimeout(240_000);
  const port = String(Number(process.env.E2E_PORT ?? 8181) + 150 + testInfo.workerIndex);
  const baseURL = `http://localhost:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'songwish-account-'));
  const env = { PORT: port, DATA_DIR: dataDir, RATE_LIMIT_MAX: '100000', PUBLIC_URL: baseURL };
  let server: RunningServer | null = await startBuiltServer(env);
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  try {
    const email = uniqueEmail('account-journey');
    const reference = await buyAsGuest(page, email, '/products/plugins', 'reMIDI 4');

    await createVerifiedAccount(page, baseURL, { email, password: PASSWORD, firstName: 'Robin', lastName: 'Keys' }, async (confirmPage) => {
      // The link alone confirms nothing: opened again, it still asks for the account's password.
      await confirmPage.reload();
      await expect(confirmPage.getByRole('button', { name: 'Verify my email' })).toBeVisible();
      await expect(confirmPage.getByLabel('Password')).toBeVisible();
      await expectNoSeriousAxeViolations(confirmPage);
      for (const theme of THEMES) {
        await confirmPage.emulateMedia({ colorScheme: theme });
        await saveScreenshot(confirmPage, testInfo, theme, 'verify-email');
      }
      // The way out for whoever does not know the password, and back.
      await confirmPage.getByRole('link', { name: 'Set a new password' }).click();
      await expect(confirmPage.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
      for (const theme of THEMES) {
        await confirmPage.emulateMedia({ colorScheme: theme });
        await expectNoSeriousAxeViolations(confirmPage);
        await saveScreenshot(confirmPage, testInfo, theme, 'verify-email-new-password');
      }
      await confirmPage.emulateMedia({ colorScheme: null });
      await confirmPage.getByRole('link', { name: 'I know the password' }).click();
      await expect(confirmPage.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
    });
    await page.goto('/');
    await loginFromHeader(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    await expect(page.getByText('Welcome back, Robin')).toBeVisible();
    // The header knows the shopper.
    await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();

    const order = page.getByRole('listitem', { name: `Order ${reference}` });
    await expect(order).toBeVisible();
    await expect(order.getByText('Completed')).toBeVisible();
    await expect(order.getByText('Version tracking starts after your first download.')).toBeVisible();
    const licences = page.getByRole('region', { name: 'Licenses' });
    await expect(licences.getByText('reMIDI 4')).toBeVisible();
    await expect(licences.getByText(/^[0-9A-HJKMNP-TV-Z]{4}(?:-[0-9A-HJKMNP-TV-Z]{4}){3}$/)).toBeVisible();
    await expect(licences.getByText('Active')).toBeVisible();

    // The first download: the file's bytes match the store's hash, and the download is recorded.
    const link = order.getByRole('link', { name: 'Download reMIDI 4' });
    const href = (await link.getAttribute('href'))!;
    const tracked = page.waitForResponse((response) => response.url().endsWith('/api/track-download') && response.request().method() === 'POST');
    const downloadEvent = page.waitForEvent('download');
    await link.click();
    const download = await downloadEvent;
    const bytes = await readFile((await download.path())!);
    expect((await tracked).ok()).toBe(true);
    const head = await page.request.get(href, { headers: { range: 'bytes=0-0' } });
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(head.headers()['x-content-sha256']);

    await page.reload();
    await expect(order.getByText(/^Up to date/)).toBeVisible();

    // The maker publishes a new version.
    await server.stop();
    server = null;
    await publishVersion(dataDir);
    server = await startBuiltServer(env);
    await page.reload();
    await expect(order.getByRole('link', { name: 'Download Update reMIDI 4' })).toBeVisible();
    await expect(order.getByText(new RegExp(`Update available: .* → ${NEW_VERSION.replace(/\./g, '\\.')}`))).toBeVisible();

    // Screenshots of both tabs, both themes, phone and desktop; no serious accessibility problems.
    await atEverySizeAndTheme(page, testInfo, async (theme, screenshot) => {
      await setTheme(page, theme);
      await page.goto('/account?tab=orders');
      await expect(order).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await screenshot('account-orders');
      await page.getByRole('link', { name: 'Profile' }).click();
      await expect(page.getByRole('heading', { name: 'Purchase Summary' })).toBeVisible();
      await expect(page.getByText('Verified', { exact: true })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await screenshot('account-profile');
    });
  } finally {
    await context.close();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
