import { createHash, randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/**
 * The embedded identity provider from a real browser. `createVerifiedAccount` is the quick way
 * to a signed-up, email-confirmed shopper in an end-to-end test: it signs up on the provider's
 * page, then follows the confirmation link from the sandbox mailbox (/dev/mailbox) and presses
 * "Verify my email" on the page it opens, exactly as a person would. It works whenever the store runs the sandbox without SMTP_URL.
 */
export const CLIENT_ID = 'songwish-web';

export function authorizeUrl(baseURL: string, options: { signup?: boolean; state?: string } = {}) {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    redirect_uri: `${baseURL}/callback`,
    scope: 'openid profile email offline_access',
    audience: `${baseURL}/api`,
    state: options.state ?? randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...(options.signup ? { screen_hint: 'signup' } : {}),
  });
  return { url: `/idp/auth?${query}`, verifier };
}

export const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;

/** Opens the newest sandbox email to `to` whose subject matches, and returns its plain text. */
export async function readLatestEmail(page: Page, to: string, subject: RegExp): Promise<string> {
  await page.goto('/dev/mailbox');
  const item = page
    .getByRole('listitem')
    .filter({ hasText: `To ${to}` })
    .filter({ has: page.getByRole('link', { name: subject }) })
    .first();
  await item.getByRole('link', { name: subject }).click();
  return page.locator('pre').innerText();
}

export async function createVerifiedAccount(
  page: Page,
  baseURL: string,
  account: { email: string; password: string; firstName?: string; lastName?: string },
  /** Runs on the confirmation page, before its button is pressed. */
  onConfirmPage?: (page: Page) => Promise<void>,
) {
  await page.goto(authorizeUrl(baseURL, { signup: true }).url);
  await page.getByLabel('First name').fill(account.firstName ?? 'Ada');
  await page.getByLabel('Last name').fill(account.lastName ?? 'Lovelace');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const text = await readLatestEmail(page, account.email, /Confirm your email/);
  const link = /https?:\/\/\S+\/idp\/verify-email\?token=[\w-]+/.exec(text)?.[0];
  expect(link, 'a confirmation link in the email').toBeTruthy();
  // Opening the link only shows a form (mail scanners open links too); the account's password and the button confirm.
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
  await onConfirmPage?.(page);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Verify my email' }).click();
  await expect(page.getByRole('heading', { name: 'Your email is confirmed' })).toBeVisible();
}
