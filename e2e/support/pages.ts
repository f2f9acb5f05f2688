import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import path from 'node:path';

export type Theme = 'dark' | 'light';
export const THEMES: Theme[] = ['dark', 'light'];

/** Sets the stored theme before any page script runs, as a returning shopper would have it. */
export async function useTheme(page: Page, theme: Theme) {
  await page.addInitScript((value) => {
    try {
      localStorage.setItem('theme', value);
    } catch {
      // about:blank has no storage
    }
  }, theme);
}

/** The two sizes every page is looked at: a desktop and a phone. */
export const VIEW_SIZES = [
  { width: 1440, height: 900, name: 'desktop' },
  { width: 390, height: 844, name: 'mobile' },
] as const;

/**
 * Runs `look` at each size in each theme (it sets the theme its page needs), with `screenshot`
 * filing the picture under the size's name; ends back at the size it started at.
 * - A test that runs only in a desktop project looks at both sizes.
 * - A project whose tests also run in a project of the other size (`metadata.otherSizeRunsSameTests`,
 *   the back office's two projects) looks only at its own size. That halves each test's looks, and
 *   the two runs share them instead of one run doing all of them.
 * - The storefront's phone project does not look: its looks come from the desktop run.
 */
export async function atEverySizeAndTheme(page: Page, testInfo: TestInfo, look: (theme: Theme, screenshot: (name: string) => Promise<void>) => Promise<void>) {
  const ownWidth = page.viewportSize()?.width;
  const ownSizeOnly = testInfo.project.metadata?.otherSizeRunsSameTests === true;
  if (!ownSizeOnly && ownWidth !== VIEW_SIZES[0].width) return;
  const sizes = ownSizeOnly ? VIEW_SIZES.filter((size) => size.width === ownWidth) : VIEW_SIZES;
  if (sizes.length === 0) throw new Error(`No view size is ${ownWidth} px wide: the project's viewport must be one of VIEW_SIZES.`);
  for (const size of sizes) {
    await page.setViewportSize(size);
    const filedUnderSize = { ...testInfo, project: { ...testInfo.project, name: size.name } } as TestInfo;
    for (const theme of THEMES) await look(theme, (name) => saveScreenshot(page, filedUnderSize, theme, name));
  }
  if (!ownSizeOnly) await page.setViewportSize(VIEW_SIZES[0]);
}

/**
 * Saves a full-page screenshot under e2e/screenshots/<project>/<theme>/ (git-ignored).
 * `networkIdle: false` waits for the page's images instead of network idle: a page with a
 * cross-origin frame (the payment provider's checkout) sometimes never reports network idle.
 */
export async function saveScreenshot(page: Page, testInfo: TestInfo, theme: Theme, name: string, { networkIdle = true }: { networkIdle?: boolean } = {}) {
  // Scroll through the page so lazy images below the fold are loaded, as a shopper would see them.
  await page.evaluate(async () => {
    // 'instant': the site scrolls smoothly, and a capture taken mid-animation misplaces the sticky header.
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  if (networkIdle) await page.waitForLoadState('networkidle');
  else await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  const file = path.join(import.meta.dirname, '..', 'screenshots', testInfo.project.name, theme, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
}

/** Fails on any serious or critical accessibility violation, listing them readably. */
export async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const report = serious.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes
        .map((node) => node.target.join(' '))
        .slice(0, 5)
        .join('\n    ')}`,
  );
  expect(report, report.join('\n')).toEqual([]);
}

/** Collects console errors and uncaught exceptions (CSP violations show up here too). */
export function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * Like `watchConsole`, but a 404 answer for `allowedPath` is expected (the thank-you page asks
 * for its order until the webhook has recorded it). Returns a function giving the problems:
 * console errors, less that path's 404 lines, plus every other path that answered 404.
 */
export function watchConsoleAllowing404(page: Page, allowedPath: string) {
  const problems = watchConsole(page);
  const notFound: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) notFound.push(new URL(response.url()).pathname);
  });
  return () => {
    const unexpected = notFound.filter((path) => path !== allowedPath);
    if (unexpected.length > 0) return [...problems, ...unexpected.map((path) => `404 for ${path}`)];
    return problems.filter((problem) => !problem.includes('status of 404'));
  };
}

/** The server's HTML inside #root, or undefined when the page was sent unrendered. */
export function renderedRoot(html: string): string | undefined {
  return /<div id="root" data-server-rendered>([\s\S]*)<\/div>\s*<script type="application\/json" id="query-state">/.exec(html)?.[1];
}

/**
 * The server's HTML inside #root, once the server sends the page rendered. A render slower than the store's patience
 * (a second) is sent unrendered and goes on, kept for the next visitor: on a machine busy with two
 * browsers and the suite's other store work, the first ask after the catalogue changed can be that
 * slow, so this asks again until the page comes rendered. A shared page is then served from that
 * rendering while the catalogue stays the same, which a test's browser visit right after relies on.
 */
export async function untilRendered(request: APIRequestContext, path: string): Promise<string> {
  let root: string | undefined;
  await expect
    .poll(
      async () => {
        root = renderedRoot(await (await request.get(path, { headers: { accept: 'text/html' } })).text());
        return root !== undefined;
      },
      { message: `${path} is rendered on the server`, timeout: 30_000 },
    )
    .toBe(true);
  return root ?? '';
}
