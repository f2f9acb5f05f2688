import { expect, test, type Page } from '@playwright/test';
import { loginFromHeader } from '../support/account';
import { createVerifiedAccount, uniqueEmail } from '../support/identity';
import { THEMES, useTheme } from '../support/pages';

/** The theme colours as the spec writes them (docs/behaviour/site.md#theme). */
const THEME_COLOURS = {
  dark: { primary: '#fff', secondary: '#ccc', tertiary: '#1a161a', border: '#575757', background: '#000' },
  light: { primary: '#000000', secondary: '#575757', tertiary: '#F7FAFC', border: '#575757', background: '#FFFFFF' },
} as const;

/** Any CSS colour as the browser computes it (`#fff` and `#FFFFFF` both become `rgb(255, 255, 255)`). */
async function computedColour(page: Page, colour: string): Promise<string> {
  return page.evaluate((value) => {
    const probe = document.createElement('span');
    probe.style.color = value;
    document.body.append(probe);
    const computed = getComputedStyle(probe).color;
    probe.remove();
    return computed;
  }, colour);
}

for (const theme of THEMES) {
  test(`the ${theme} theme's five colours (storefront spec §9)`, async ({ page }) => {
    await useTheme(page, theme);
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();

    for (const [token, value] of Object.entries(THEME_COLOURS[theme])) {
      const declared = await page.evaluate((name) => getComputedStyle(document.documentElement).getPropertyValue(`--${name}`).trim(), token);
      expect(await computedColour(page, declared), `--${token} in the ${theme} theme`).toBe(await computedColour(page, value));
    }
    // The page is drawn with them: the background and the text.
    const html = await page.evaluate(() => ({
      background: getComputedStyle(document.documentElement).backgroundColor,
      text: getComputedStyle(document.body).color,
    }));
    expect(html.background).toBe(await computedColour(page, THEME_COLOURS[theme].background));
    expect(html.text).toBe(await computedColour(page, THEME_COLOURS[theme].primary));
  });
}

test('a signed-in shopper is offered their account on the landing page (storefront spec §2), and the logout toast sits top-right for 5 s (account spec §9)', async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one sign-in is enough; the toast position is checked at 1440×900');
  // Records when each toast is added to and removed from the page, on every page load.
  await page.addInitScript(() => {
    const times: { text: string; added?: number; removed?: number }[] = [];
    (window as unknown as { toastTimes: typeof times }).toastTimes = times;
    const isToast = (node: Node): node is HTMLElement => node instanceof HTMLElement && node.parentElement?.getAttribute('aria-label') === 'Notifications';
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) if (isToast(node)) times.push({ text: node.textContent ?? '', added: performance.now() });
        for (const node of Array.from(record.removedNodes)) {
          const entry = times.find((item) => item.removed === undefined && item.text === node.textContent);
          if (entry) entry.removed = performance.now();
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });

  const email = uniqueEmail('landing');
  const password = 'correct horse battery';
  await createVerifiedAccount(page, baseURL!, { email, password });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign Up' })).toBeVisible();
  await loginFromHeader(page, email, password);

  await page.goto('/');
  const hero = page.getByRole('region', { name: 'One wish — to help songs come true' });
  await expect(hero.getByRole('link', { name: 'My Account' })).toBeVisible();
  await expect(hero.getByRole('button', { name: 'Sign Up' })).toHaveCount(0);
  await hero.getByRole('link', { name: 'My Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();

  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  const toast = page.getByRole('status').filter({ hasText: 'You have been logged out successfully' });
  await expect(toast).toBeVisible();

  const box = (await toast.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(viewport.width - (box.x + box.width), 'gap to the right edge').toBeLessThanOrEqual(24);
  expect(box.y, 'gap to the top').toBeLessThanOrEqual(24);
  expect(box.x, 'in the right half').toBeGreaterThan(viewport.width / 2);

  await expect(toast).toBeHidden({ timeout: 10_000 });
  const shown = await page.evaluate(() =>
    (window as unknown as { toastTimes: { text: string; added?: number; removed?: number }[] }).toastTimes.find((item) =>
      item.text.includes('You have been logged out successfully'),
    ),
  );
  expect(shown?.added).toBeDefined();
  expect(shown?.removed).toBeDefined();
  const duration = shown!.removed! - shown!.added!;
  expect(duration).toBeGreaterThanOrEqual(4_900);
  expect(duration).toBeLessThan(5_600);
});

test("the Support page's quick links: sign-up starts the provider's sign-up, the video channel opens in a new tab (account spec §2)", async ({ page }) => {
  await page.goto('/support');
  const quickLinks = page.getByRole('region', { name: 'Quick links' });
  const video = quickLinks.getByRole('link', { name: /video channel/ });
  const footerVideo = page.getByRole('contentinfo').getByRole('link', { name: /YouTube/ });
  await expect(video).toHaveAttribute('href', (await footerVideo.getAttribute('href'))!);
  await expect(video).toHaveAttribute('target', '_blank');
  await expect(video).toHaveAttribute('rel', /noopener/);

  await quickLinks.getByRole('button', { name: /Create your account/ }).click();
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  await expect(page.getByLabel('First name')).toBeVisible();
});
