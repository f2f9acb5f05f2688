import { expect, test as setup } from '@playwright/test';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_STATE } from '../playwright.config';
import { loginFromHeader } from '../support/account';
import { createVerifiedAccount } from '../support/identity';
import { ADMIN_PASSWORD } from '../support/admin';

// The maker named in ADMIN_EMAILS signs up (confirming the address from the sandbox mailbox) and
// signs in once; every back-office test starts signed in from the saved browser state.
setup('the maker signs up and signs in', async ({ page, baseURL }) => {
  await createVerifiedAccount(page, baseURL!, { email: E2E_ADMIN_EMAIL, password: ADMIN_PASSWORD, firstName: 'Mia', lastName: 'Maker' });
  await page.goto('/');
  await loginFromHeader(page, E2E_ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await page.context().storageState({ path: E2E_ADMIN_STATE });
});
