import { expect, test } from '@playwright/test';
import { E2E_ADMIN_EMAIL } from '../playwright.config';
import { expectAxeClean, openAdmin } from '../support/admin';
import { saveScreenshot, THEMES, useTheme } from '../support/pages';

for (const theme of THEMES) {
  test.describe(`the back office's frame, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await useTheme(page, theme);
    });

    test('the overview, the administrators and the audit log open for the maker, axe clean', async ({ page }, testInfo) => {
      await openAdmin(page, '/admin', 'Overview');
      await expectAxeClean(page);
      await saveScreenshot(page, testInfo, theme, 'admin-overview');

      await openAdmin(page, '/admin/administrators', 'Administrators');
      await expect(page.getByRole('main').getByText(E2E_ADMIN_EMAIL)).toBeVisible();
      await expectAxeClean(page);
      await saveScreenshot(page, testInfo, theme, 'admin-administrators');

      await openAdmin(page, '/admin/audit', 'Audit log');
      await expectAxeClean(page);
      await saveScreenshot(page, testInfo, theme, 'admin-audit');
    });
  });
}

test("the storefront's account menu offers 'Admin' to the maker", async ({ page }, testInfo) => {
  await page.goto('/');
  const banner = page.getByRole('banner');
  if (testInfo.project.name === 'admin-mobile') await banner.getByRole('button', { name: 'Open menu' }).click();
  else await banner.getByRole('button', { name: /Account menu for/ }).click();
  // A menu item in the desktop dropdown, a link in the phone's menu.
  await page
    .getByRole('menuitem', { name: 'Admin' })
    .or(page.getByRole('link', { name: 'Admin' }))
    .locator('visible=true')
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
});

test('a wrong address says so, and a bad email is refused beside its field', async ({ page }) => {
  await openAdmin(page, '/admin/no-such-page', 'No such page in the back office');
  await openAdmin(page, '/admin/administrators', 'Administrators');
  await page.getByLabel('Email address').fill('not an address');
  await page.getByRole('button', { name: 'Make administrator' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /email/i })).toBeVisible();
});

test.describe('a shopper', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('who is not signed in is not shown the back office', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toHaveCount(0);
  });
});
