import type { ActivateResponse, LicensingRefusal } from '@store/contracts/licensing';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { buyAsGuest, loginFromHeader } from '../support/account';
import { createVerifiedAccount, readLatestEmail, uniqueEmail } from '../support/identity';
import { atEverySizeAndTheme, expectNoSeriousAxeViolations, saveScreenshot, THEMES, watchConsole } from '../support/pages';

/**
 * Licensing end to end: a guest buys reMIDI 4 in the sandbox, a plugin activates its key on three
 * computers through the public API and a fourth is refused; the shopper signs in, frees one
 * computer on the account page (confirm dialog, toast), and the fourth then activates.
 */
const PASSWORD = 'correct horse battery';
const PRODUCT = 'remidi-4';
const COMPUTERS = [
  { fingerprint: 'e2e-studio-mac-0001', machineName: 'Studio Mac', platform: 'macos' },
  { fingerprint: 'e2e-laptop-win-0002', machineName: 'Tour Laptop', platform: 'windows' },
  { fingerprint: 'e2e-linux-box-0003', machineName: 'Linux Box', platform: 'linux' },
] as const;
const FOURTH = { fingerprint: 'e2e-new-mac-mini-0004', machineName: 'New Mac mini', platform: 'macos' } as const;

function activate(request: APIRequestContext, licenseKey: string, computer: { fingerprint: string; machineName: string; platform: string }) {
  return request.post('/api/licensing/v1/activate', { data: { licenseKey, product: PRODUCT, ...computer, appVersion: '4.2.1' } });
}

test('three computers, a fourth refused, one freed on the account page, then the fourth activates', async ({ page, request, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  const email = uniqueEmail('licensing');
  await buyAsGuest(page, email, '/products/plugins', 'reMIDI 4');

  // The key, from the order confirmation in the sandbox mailbox: a line of its own under 'Licence key'.
  // Read in a page of its own, like the sign-up below.
  const mailbox = await page.context().newPage();
  const orderEmail = await readLatestEmail(mailbox, email, /Your .* order/);
  await mailbox.close();
  const licenseKey = /^\s+([0-9A-Z]{4}(?:-[0-9A-Z]{4}){3})\s*$/m.exec(orderEmail)?.[1];
  expect(licenseKey, 'a licence key in the order email').toBeTruthy();

  for (const [index, computer] of COMPUTERS.entries()) {
    const response = await activate(request, licenseKey!, computer);
    expect(response.status(), `activating ${computer.machineName}`).toBe(201);
    const body = (await response.json()) as ActivateResponse;
    expect(body).toMatchObject({ valid: true, code: 'VALID', license: { product: PRODUCT, maxMachines: 3, activationsUsed: index + 1 } });
    expect(body.machineFile).toContain('-----BEGIN MACHINE FILE-----');
  }
  // Activating an active computer again is idempotent: 200, still three.
  const again = await activate(request, licenseKey!, COMPUTERS[0]);
  expect(again.status()).toBe(200);
  expect(((await again.json()) as ActivateResponse).license.activationsUsed).toBe(3);

  const refused = await activate(request, licenseKey!, FOURTH);
  expect(refused.status()).toBe(409);
  const refusal = (await refused.json()) as LicensingRefusal;
  expect(refusal).toMatchObject({ valid: false, code: 'TOO_MANY_MACHINES' });
  // It tells the shopper where to free a computer.
  expect(refusal.message).toMatch(/account/);

  // Signed up in a page of its own: the confirmation is read from the sandbox mailbox (a developer's
  // tool whose sandboxed email frames log to the console), not from a page the shopper sees.
  const signUp = await page.context().newPage();
  await createVerifiedAccount(signUp, baseURL!, { email, password: PASSWORD, firstName: 'Robin', lastName: 'Keys' });
  await signUp.close();
  await page.goto('/');
  await loginFromHeader(page, email, PASSWORD);
  const licences = page.getByRole('region', { name: 'Licenses' });
  const licence = licences.getByRole('listitem', { name: 'reMIDI 4 licence' });
  await expect(licence.getByText(licenseKey!)).toBeVisible();
  await expect(licence.getByText(/3 of 3 computers/)).toBeVisible();
  const computers = licence.getByRole('list', { name: 'Computers using the reMIDI 4 licence' });
  for (const computer of COMPUTERS) await expect(computers.getByText(computer.machineName)).toBeVisible();
  await expect(computers.getByText(/macOS/)).toBeVisible();
  await expect(computers.getByText(/Last seen (just now|\d+ minutes? ago) \(/)).toHaveCount(3);

  await atEverySizeAndTheme(page, testInfo, async (theme, screenshot) => {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    await page.goto('/account?tab=orders');
    await expect(licence.getByText(/3 of 3 computers/)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await screenshot('account-licence-computers');
  });

  // Free the Studio Mac: a confirmation first (Cancel has the focus), then a toast and the list read again.
  await computers.getByRole('button', { name: 'Deactivate Studio Mac' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate “Studio Mac”?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoSeriousAxeViolations(page);
  // The theme the loop above ended on.
  await saveScreenshot(page, testInfo, THEMES.at(-1)!, 'account-deactivate-dialog');
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Freed “Studio Mac”. 2 deactivations left; each counts for 30 days.')).toBeVisible({ timeout: 10_000 });
  await expect(licence.getByText(/2 of 3 computers/)).toBeVisible();
  await expect(computers.getByText('Studio Mac')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // The seat is free: the fourth computer activates now.
  const fourth = await activate(request, licenseKey!, FOURTH);
  expect(fourth.status()).toBe(201);
  expect(((await fourth.json()) as ActivateResponse).license.activationsUsed).toBe(3);
  await page.reload();
  await expect(computers.getByText(FOURTH.machineName)).toBeVisible();
  await expect(licence.getByText(/3 of 3 computers/)).toBeVisible();

  expect(problems).toEqual([]);
});
