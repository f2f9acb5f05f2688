import { expect, test } from '@playwright/test';
import { buyAsGuest, loginFromHeader } from '../support/account';
import { createVerifiedAccount, readLatestEmail, uniqueEmail } from '../support/identity';
import { atEverySizeAndTheme, expectNoSeriousAxeViolations, saveScreenshot, THEMES, VIEW_SIZES } from '../support/pages';

/**
 * A refund, end to end: a guest buys two plugins in the sandbox, the seller refunds one of
 * them from the sandbox's order page (which sends FastSpring's return.created webhook), and
 * the shopper sees it everywhere: a refund email, the email's download link refused with a
 * page saying why, and the account marking the order partly refunded, the line refunded and
 * its licence revoked, while the other plugin still downloads.
 */
const PASSWORD = 'correct horse battery';

test('a refunded line: refund email, refused download link, and the account shows it', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('refund-journey');
  const reference = await buyAsGuest(page, email, '/products/plugins', 'reMIDI 4', 'reChannel');
  const orderEmail = await readLatestEmail(page, email, /Your .* order/);
  // Download lines read '<file> for <system> (<size>): <link>'; reMIDI 4's files are named after it.
  const remidiLink = /^\s+reMIDI\S* .*: (http:\/\/\S+\/api\/downloads\/\S+)$/m.exec(orderEmail)?.[1];
  expect(remidiLink, 'a reMIDI 4 download link in the order email').toBeTruthy();

  // The seller refunds reMIDI 4 from the sandbox's order page, found by reference.
  await page.goto(`/sandbox/fastspring/orders?reference=${reference}`);
  await expect(page.getByRole('heading', { name: `Order ${reference}` })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Refund reMIDI 4' }).click();
  await expect(page.getByRole('status')).toHaveText(/Refunded/);
  await expect(page.getByRole('button', { name: 'Refund reMIDI 4' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Refund reChannel' })).toBeVisible();
  await atEverySizeAndTheme(page, testInfo, async (theme, screenshot) => {
    await page.emulateMedia({ colorScheme: theme });
    await expectNoSeriousAxeViolations(page);
    await screenshot('sandbox-order-refunded');
  });
  await page.emulateMedia({ colorScheme: null });

  await expect.poll(async () => (await page.request.get('/dev/mailbox')).text(), { timeout: 20_000 }).toContain('refund for order');
  const refundEmail = await readLatestEmail(page, email, /refund for order/);
  expect(refundEmail).toContain('We refunded part of your order');
  expect(refundEmail).toContain('reMIDI 4');

  // The link from the order email: still signed and within its 30 days, refused with the reason.
  const refused = await page.goto(remidiLink!);
  expect(refused!.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'This purchase was refunded' })).toBeVisible();
  await expect(page.getByText(/write to \S+@\S+/)).toBeVisible();

  await createVerifiedAccount(page, baseURL!, { email, password: PASSWORD, firstName: 'Robin', lastName: 'Keys' });
  await page.goto('/');
  await loginFromHeader(page, email, PASSWORD);
  const order = page.getByRole('listitem', { name: `Order ${reference}` });
  await expect(order).toBeVisible();
  await expect(order.getByText('Partly refunded')).toBeVisible();
  await expect(order.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(order.getByText('Refunded: no downloads')).toBeVisible();
  await expect(order.getByRole('link', { name: 'Download reChannel' })).toBeVisible();
  await expect(order.getByRole('link', { name: 'Download reMIDI 4' })).toHaveCount(0);
  const licences = page.getByRole('region', { name: 'Licenses' });
  await expect(licences.getByRole('listitem').filter({ hasText: 'reMIDI 4' }).getByText('Revoked')).toBeVisible();
  await expect(licences.getByRole('listitem').filter({ hasText: 'reChannel' }).getByText('Active')).toBeVisible();

  await atEverySizeAndTheme(page, testInfo, async (theme, screenshot) => {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    await page.goto('/account?tab=orders');
    await expect(order.getByText('Partly refunded')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await screenshot('account-refunded');
  });
  // The refused-download page, in both themes at phone width.
  await page.setViewportSize(VIEW_SIZES[1]);
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto(remidiLink!);
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, { ...testInfo, project: { ...testInfo.project, name: 'mobile' } } as typeof testInfo, theme, 'download-refunded');
  }
});
