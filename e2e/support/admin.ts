import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { atEverySizeAndTheme } from './pages';

export const ADMIN_PASSWORD = 'maker correct horse battery';

/** Opens a back-office page and waits for its heading. */
export async function openAdmin(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** The back office is held to every axe rule, not only the serious ones: no violation at all. */
export async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const report = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes
        .map((node) => node.target.join(' '))
        .slice(0, 5)
        .join(', ')}`,
  );
  expect(report, report.join('\n')).toEqual([]);
}

/**
 * The page as the maker sees it at every size in both themes: each time reloaded in the theme,
 * `shown` waited for, axe clean, and a screenshot named `name`.
 */
export async function lookEverywhere(page: Page, testInfo: TestInfo, name: string, shown: () => Promise<void>) {
  await atEverySizeAndTheme(page, testInfo, async (theme, screenshot) => {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    await page.reload();
    await shown();
    await expectAxeClean(page);
    await screenshot(name);
  });
}
