import { expect, test } from '@playwright/test';
import { loginFromHeader } from '../support/account';
import { expectAxeClean, lookEverywhere } from '../support/admin';
import { createVerifiedAccount, readLatestEmail, uniqueEmail } from '../support/identity';

const PASSWORD = 'correct horse battery';

// Runs at 1440 and 390 px (the admin projects), signed in as the maker by the admin setup.
test('the maker gives a complimentary licence, the recipient sees it, and the desk finds, revokes and restores it', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const email = uniqueEmail(`press-${testInfo.project.name}`);

  // The form: a malformed address is refused before anything is sent, then the licence is issued.
  await page.goto('/admin/licences/complimentary');
  await expect(page.getByRole('heading', { level: 1, name: 'Issue a complimentary licence' })).toBeVisible();
  await page.getByLabel('Email').fill('not an email');
  await page.getByRole('button', { name: 'Issue licence' }).click();
  await expect(page.getByText('Enter a valid email address, like name@example.com.')).toBeVisible();
  await expectAxeClean(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Product').selectOption({ label: 'reMIDI 4' });
  await page.getByLabel('Purpose').selectOption('press');
  await page.getByLabel('Note (optional)').fill('Review for Synth Weekly');
  await page.getByRole('button', { name: 'Issue licence' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Complimentary licence issued' })).toBeVisible();
  const key = (await page.locator('span.font-mono').first().innerText()).trim();
  expect(key).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  await expectAxeClean(page);

  // The recipient: the email in the sandbox mailbox (its own page), then their account after signing up.
  const shopper = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: page.viewportSize() });
  const recipient = await shopper.newPage();
  const confirmation = await readLatestEmail(recipient, email, /Your .* order/);
  expect(confirmation).toContain(key);
  expect(confirmation).toContain('(complimentary)');
  await createVerifiedAccount(recipient, baseURL!, { email, password: PASSWORD, firstName: 'Pat', lastName: 'Press' });
  await recipient.goto('/');
  await loginFromHeader(recipient, email, PASSWORD);
  await recipient.goto('/account?tab=orders');
  const order = recipient.getByRole('listitem', { name: /^Order COMP-/ });
  await expect(order).toBeVisible();
  await expect(order.getByText('Complimentary')).toBeVisible();
  await expect(order.getByText('reMIDI 4').first()).toBeVisible();
  await expect(recipient.getByText(key).first()).toBeVisible();
  await shopper.close();

  // The desk finds it by the key typed in lower case without dashes.
  await page.goto('/admin/licences');
  await expect(page.getByRole('heading', { level: 1, name: 'Licences' })).toBeVisible();
  await page.getByLabel('Licence key or email').fill(key.toLowerCase().replaceAll('-', ''));
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('link', { name: key })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(page.viewportSize()!.width >= 768 ? 2 : 1);
  await expectAxeClean(page);
  await lookEverywhere(page, testInfo, 'admin-licence-desk', () => expect(page.getByRole('link', { name: key })).toBeVisible());
  await page.getByRole('link', { name: key }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Licence ${key}` })).toBeVisible();
  await expect(page.getByText('Given as a complimentary licence (Press): Review for Synth Weekly')).toBeVisible();
  await expectAxeClean(page);

  // Revoke (with a reason), then restore.
  await page.getByRole('button', { name: 'Revoke licence' }).click();
  const dialog = page.getByRole('dialog', { name: `Revoke ${key}?` });
  await expect(dialog).toContainText('stops working on every computer at its next check');
  await dialog.getByLabel('Reason').fill('Sent to the wrong address');
  await dialog.getByRole('button', { name: 'Revoke licence' }).click();
  await expect(page.getByText('Revoked: Sent to the wrong address')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restore licence' })).toBeVisible();
  const validation = await page.request.post('/api/licensing/v1/validate', {
    data: { licenseKey: key, product: 'remidi-4', fingerprint: 'e2e-desk-fingerprint' },
  });
  expect((await validation.json()).code).toBe('REVOKED');
  await page.getByRole('button', { name: 'Restore licence' }).click();
  await expect(page.getByText('Restored: the customer can activate it again')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Revoke licence' })).toBeVisible();
  await lookEverywhere(page, testInfo, 'admin-licence', () => expect(page.getByRole('heading', { level: 1, name: `Licence ${key}` })).toBeVisible());
  await page.goto('/admin/licences/complimentary');
  await lookEverywhere(page, testInfo, 'admin-complimentary-licence', () => expect(page.getByLabel('Product')).toBeVisible());
});
