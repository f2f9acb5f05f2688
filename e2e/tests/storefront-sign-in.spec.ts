import { expect, test } from '@playwright/test';
import { authorizeUrl, CLIENT_ID, createVerifiedAccount, uniqueEmail } from '../support/identity';
import { expectNoSeriousAxeViolations, saveScreenshot, THEMES, watchConsole } from '../support/pages';

const PASSWORD = 'correct horse battery';

for (const theme of THEMES) {
  test(`the sign-up page in the ${theme} theme: accessible, strict CSP, errors tied to fields`, async ({ page, baseURL }, testInfo) => {
    await page.emulateMedia({ colorScheme: theme });
    const problems = watchConsole(page);
    await page.goto(authorizeUrl(baseURL!, { signup: true }).url);
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await expect(page.getByLabel('First name')).toBeFocused();
    await expectNoSeriousAxeViolations(page);
    // Nothing wider than the screen, down to 390 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await saveScreenshot(page, testInfo, theme, 'idp-sign-up');

    await page.getByLabel('Email').fill('not an email');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toContainText('Please fix the 4 problems below.');
    await expect(page.getByLabel('First name')).toBeFocused();
    await expect(page.getByLabel('First name')).toHaveAccessibleDescription('Enter your first name.');
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription(/At least 10 characters.*Use at least 10 characters\./);
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, testInfo, theme, 'idp-sign-up-errors');
    // The form with its errors is answered with status 400 on purpose; nothing else may be reported.
    expect(problems.filter((problem) => !/status of 400/.test(problem))).toEqual([]);
  });
}

test('a shopper signs up, confirms the email with the password, signs in; sign-out asks unless the store sends its ID token', async ({
  page,
  baseURL,
}, testInfo) => {
  const email = uniqueEmail('e2e-shopper');
  await createVerifiedAccount(page, baseURL!, { email, password: PASSWORD });
  const problems = watchConsole(page);

  const { url } = authorizeUrl(baseURL!, { state: 'e2e-state' });
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong password here');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Email or password is incorrect.');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/callback\?/);
  const callback = new URL(page.url());
  expect(callback.searchParams.get('state')).toBe('e2e-state');
  expect(callback.searchParams.get('code')).toBeTruthy();

  // Another site sending the shopper to the sign-out address gets a question, not a signed-out shopper.
  await page.goto(`/idp/session/end?${new URLSearchParams({ client_id: CLIENT_ID, post_logout_redirect_uri: `${baseURL}/` })}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign out?' })).toBeVisible();
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, testInfo, theme, 'idp-sign-out');
  }
  await page.getByRole('link', { name: 'Stay signed in and go back to the store' }).click();
  await page.waitForURL(`${baseURL}/`);
  const silent = authorizeUrl(baseURL!);
  await page.goto(silent.url);
  await page.waitForURL(/\/callback\?/);
  // The store's own sign-out carries its ID token: straight back to the store, no question.
  const tokens = await page.request.post(`${baseURL}/idp/token`, {
    form: {
      grant_type: 'authorization_code',
      code: new URL(page.url()).searchParams.get('code')!,
      redirect_uri: `${baseURL}/callback`,
      client_id: CLIENT_ID,
      code_verifier: silent.verifier,
    },
  });
  expect(tokens.ok()).toBe(true);
  const { id_token: idToken } = (await tokens.json()) as { id_token: string };
  await page.goto(`/idp/session/end?${new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: `${baseURL}/` })}`);
  await page.waitForURL(`${baseURL}/`);
  // Signed out: a new authorization asks for the password again.
  await page.goto(authorizeUrl(baseURL!).url);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // The wrong password is answered with 401 on purpose; nothing else may be reported (CSP included).
  expect(problems.filter((problem) => !/status of 401/.test(problem))).toEqual([]);
});
