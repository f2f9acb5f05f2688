import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { loginFromHeader } from '../support/account';
import { createVerifiedAccount, uniqueEmail } from '../support/identity';
import { expectNoSeriousAxeViolations, saveScreenshot, THEMES, useTheme, watchConsole } from '../support/pages';

/** What oidc-client-ts keeps after a sign-in whose access token has since expired; renewed within the day (docs/behaviour/sign-in.md#renewing-tokens). */
async function storeExpiredSession(page: Page) {
  const origin = new URL(page.url() === 'about:blank' ? test.info().project.use.baseURL! : page.url()).origin;
  await page.addInitScript((key) => {
    const expired = { access_token: 'expired', token_type: 'Bearer', profile: { sub: 'someone' }, expires_at: 1 };
    window.localStorage.setItem(key, JSON.stringify(expired));
    window.localStorage.setItem('identity:session-at', String(Date.now() - 60_000));
  }, `oidc.user:${origin}/idp:songwish-web`);
}

/** The sign-in callback's error screens, the route guard and logout (docs/behaviour/sign-in.md). */
for (const theme of THEMES) {
  test.describe(`sign-in states in the ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await useTheme(page, theme);
    });

    test('a callback without code and state explains it, and is accessible', async ({ page }, testInfo) => {
      await page.goto('/callback');
      await expect(page.getByRole('heading', { level: 1, name: 'Authentication Error' })).toBeVisible();
      await expect(page.getByText('Missing required authentication parameters in callback URL')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign in again' })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, testInfo, theme, 'callback-error');
    });

    test('the route guard says when verifying the session takes longer than expected', async ({ page }, testInfo) => {
      test.setTimeout(60_000);
      // A returning shopper whose stored session has expired: the OpenID client (in the identity
      // operations' file, fetched on first use) must load to check it.
      // It takes 12 s and then fails to arrive: Verifying, 'Taking Longer Than Expected' after 10 s,
      // then 'Authentication Required'.
      await storeExpiredSession(page);
      await page.route(/\/assets\/identity-operations-[^/]*\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 12_000));
        await route.abort().catch(() => undefined);
      });
      await page.goto('/account');
      await expect(page.getByRole('heading', { level: 1, name: 'Verifying' })).toBeVisible();
      if (testInfo.project.name === 'desktop') await expect(page.getByRole('banner').getByText('Loading...')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Taking Longer Than Expected' })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({
        path: path.join(import.meta.dirname, '..', 'screenshots', testInfo.project.name, theme, 'account-guard-slow.png'),
        fullPage: true,
        animations: 'disabled',
      });
      await expect(page.getByRole('heading', { level: 1, name: 'Authentication Required' })).toBeVisible({ timeout: 10_000 });
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, testInfo, theme, 'account-guard-error');
    });
  });
}

test('a provider error in the callback shows its description, or names the provider', async ({ page }) => {
  await page.goto('/callback?error=access_denied&error_description=The+user+cancelled&state=abc');
  await expect(page.getByRole('heading', { level: 1, name: 'Authentication Error' })).toBeVisible();
  await expect(page.getByText('The user cancelled')).toBeVisible();
  // Not retryable: a new sign-in, not a reload.
  await expect(page.getByRole('button', { name: /Try again/ })).toHaveCount(0);
  await page.goto('/callback?error=access_denied&state=abc');
  await expect(page.getByText('SongWish sign-in returned error: access_denied')).toBeVisible();
});

test('a forged state is refused: error screen and no session', async ({ page }, testInfo) => {
  await page.goto('/callback?code=forged-code&state=forged-state');
  await expect(page.getByRole('heading', { level: 1, name: 'Authentication Error' })).toBeVisible();
  await expect(page.getByText('Invalid state', { exact: true })).toBeVisible();
  if (testInfo.project.name === 'desktop') {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login' }).first()).toBeVisible();
  }
  await page.goto('/account');
  await expect(page).toHaveURL(/\/$/);
});

test('signed out, /account sends the visitor home', async ({ page }) => {
  await page.goto('/account');
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { level: 1, name: 'One wish — to help songs come true' })).toBeVisible();
});

test('sign in from the header, then Logout returns home with a toast', async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the header menu flow once is enough');
  const email = uniqueEmail('logout');
  const password = 'correct horse battery';
  await createVerifiedAccount(page, baseURL!, { email, password });
  const problems = watchConsole(page);
  await page.goto('/');
  await loginFromHeader(page, email, password);
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  // No customer for this email yet (404): the warning toast, the banner and 'No orders found.'
  await expect(page.getByRole('alert').filter({ hasText: 'No store purchases found for this email' }).first()).toBeVisible();
  await expect(page.getByText('No orders found.')).toBeVisible();

  await page.getByRole('button', { name: /Account menu for/ }).click();
  await expect(page.getByRole('menuitem', { name: 'My Orders' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('status').filter({ hasText: 'You have been logged out successfully' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' }).first()).toBeVisible();
  // The 404 'No orders found' is expected; nothing else may be reported.
  expect(problems.filter((problem) => !/status of 404/.test(problem))).toEqual([]);
});
