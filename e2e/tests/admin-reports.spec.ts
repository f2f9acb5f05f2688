import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { expectAxeClean, lookEverywhere, openAdmin } from '../support/admin';
import { addFromCard, payInSandbox } from '../support/checkout';
import { uniqueEmail } from '../support/identity';

// Runs at 1440 and 390 px (the admin projects), signed in as the maker by the admin setup.

/** "$1,234.56" or "-$5.00" as minor units. */
const minorOf = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

const figure = async (page: Page, name: string) => minorOf((await page.locator(`[data-figure="${name}"]`).first().textContent()) ?? '');

/** Clicks a "Download CSV" button and reads the file it saves. */
async function downloadCsv(page: Page, button: string): Promise<string[][]> {
  // Pressed from the keyboard: the page scrolls smoothly, so a pointer click can land on what scrolls under it.
  await page.getByRole('button', { name: button }).focus();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  return parse(await readFile((await download.path())!, 'utf8')) as string[][];
}

/** The sum of a CSV column of amounts in major units, in minor units. */
function columnTotal(rows: string[][], header: string): number {
  const column = rows[0]!.indexOf(header);
  expect(column, `the CSV has a "${header}" column`).toBeGreaterThan(-1);
  return rows.slice(1).reduce((sum, row) => sum + Math.round(Number(row[column]) * 100), 0);
}

const DAY_MS = 86_400_000;
const MIDNIGHT_MARGIN_MS = 180_000;

/**
 * Today's figures start at the store's midnight (UTC here): a sale made just before it would be
 * counted in a day the dashboard no longer shows. A test begun in the day's last minutes waits it out.
 */
async function awayFromMidnight(page: Page) {
  const untilMidnight = DAY_MS - (Date.now() % DAY_MS);
  if (untilMidnight < MIDNIGHT_MARGIN_MS) await page.waitForTimeout(untilMidnight + 2_000);
}
test("a sale shows on the dashboard, and the month's revenue and orders CSVs add up to the report", async ({ page, browser }) => {
  test.setTimeout(180_000 + MIDNIGHT_MARGIN_MS);
  await awayFromMidnight(page);
  await openAdmin(page, '/admin', 'Overview');
  const ordersBefore = Number(((await page.locator('[data-figure="today-revenue"]').locator('xpath=following-sibling::dd').textContent()) ?? '').split(' ')[0]);

  // A shopper (a browser of their own, not the maker's) buys in the sandbox.
  const shopperContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const shopper = await shopperContext.newPage();
  await shopper.goto('/products/plugins');
  await addFromCard(shopper, 'reMIDI 4');
  await shopper.goto('/cart');
  await shopper.getByRole('button', { name: 'Secure Checkout' }).click();
  await payInSandbox(shopper, uniqueEmail('reports-journey'));
  await expect(shopper).toHaveURL(/\/products\/purchase-success\?order=/, { timeout: 20_000 });
  await shopperContext.close();

  // Today's figures include it.
  await openAdmin(page, '/admin', 'Overview');
  await expect
    .poll(async () => Number(((await page.locator('[data-figure="today-revenue"]').locator('xpath=following-sibling::dd').textContent()) ?? '').split(' ')[0]))
    .toBeGreaterThan(ordersBefore);
  expect(await figure(page, 'today-revenue')).toBeGreaterThan(0);

  // This month's report: the revenue CSV's net column adds up to the net on the page.
  await page.getByRole('link', { name: 'Open the reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.locator('[data-figure="net"]')).toBeVisible();
  // The store's time zone is UTC here: this month is the UTC month so far.
  const today = new Date().toISOString().slice(0, 10);
  const month = { from: `${today.slice(0, 8)}01`, to: today };
  await expect(async () => {
    await openAdmin(page, '/admin/reports', 'Reports');
    const shownNet = await figure(page, 'net');
    expect(shownNet).toBeGreaterThan(0);
    expect(columnTotal(await downloadCsv(page, 'Download the revenue report as CSV'), 'Net')).toBe(shownNet);
    // The accountant's orders CSV of the month: one row per order line, whose nets add up to the same.
    await openAdmin(page, `/admin/orders?from=${month.from}&to=${month.to}`, 'Orders');
    expect(columnTotal(await downloadCsv(page, 'Export CSV'), 'Net')).toBe(shownNet);
  }).toPass({ timeout: 90_000 });
});

// Their own tests, so the two parallel workers share the looks at every size and theme.
test('the dashboard is axe clean and is screenshotted at every size and theme', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  await openAdmin(page, '/admin', 'Overview');
  await expect(page.locator('[data-figure="month-revenue"]')).toBeVisible();
  await expectAxeClean(page);
  await lookEverywhere(page, testInfo, 'admin-dashboard', () => expect(page.locator('[data-figure="month-revenue"]')).toBeVisible());
});

test('the reports page refuses an end date before the start date, and is axe clean at every size and theme', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  await openAdmin(page, '/admin/reports', 'Reports');
  await expect(page.locator('[data-figure="net"]')).toBeVisible();
  await expectAxeClean(page);

  await page.getByLabel('Dates').selectOption('custom');
  await page.getByLabel('From').fill('2025-03-10');
  await page.getByLabel('To').fill('2025-03-01');
  await expect(page.getByText('The end date is before the start date')).toBeVisible();
  await page.getByLabel('Dates').selectOption('this-month');

  await lookEverywhere(page, testInfo, 'admin-reports', () => expect(page.locator('[data-figure="net"]')).toBeVisible());
});
