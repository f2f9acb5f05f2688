import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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
