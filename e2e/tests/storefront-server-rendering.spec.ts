import { expect, test, type Page } from '@playwright/test';
import { renderedRoot, untilRendered } from '../support/pages';

/** What React logs when the browser's first render differs from the server's HTML (development and production builds). */
const HYDRATION_PROBLEM = /hydrat|did not match|Minified React error #(418|423|425)/i;

function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (HYDRATION_PROBLEM.test(message.text())) problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test.describe('server-rendered storefront pages', () => {
  test('public pages arrive rendered and the browser adopts them without a hydration mismatch', async ({ page, request }) => {
    const products = (await (await request.get('/api/products/')).json()) as { path: string }[] | { data: { items: { path: string }[] } };
    const list = Array.isArray(products) ? products : products.data.items;
    const productPath = list[0]?.path;
    expect(productPath, 'the catalogue has a product').toBeTruthy();

    for (const path of ['/', '/products', `/products/${productPath}`, '/about', '/products/purchase-success?order=SW-E2E-SSR-1']) {
      await test.step(path, async () => {
        const root = await untilRendered(request, path);
        const serverHeading = /<h1[^>]*>([\s\S]*?)<\/h1>/
          .exec(root)?.[1]
          ?.replace(/<[^>]*>/g, '')
          .trim();
        expect(serverHeading, `${path} has its h1 in the server's HTML`).toBeTruthy();

        const problems = watchHydration(page);
        await page.goto(path);
        await expect(page.locator('h1').first()).toHaveText(serverHeading ?? '');
        // Once React has adopted the page it takes the server's mark off #root, and its buttons take clicks.
        await expect(page.locator('#root')).not.toHaveAttribute('data-server-rendered');
        await page.waitForLoadState('networkidle');
        expect(problems, `${path} hydrates cleanly`).toEqual([]);
        page.removeAllListeners('console');
        page.removeAllListeners('pageerror');
      });
    }
  });

  test('a visitor with a kept sign-in gets the rendered page without a mismatch or a signup banner flash', async ({ page }) => {
    // What the sign-in library keeps in the browser; the session check that follows fails, as for an expired session.
    await page.addInitScript(() => {
      if (!location.pathname.startsWith('/about')) return;
      localStorage.setItem(`oidc.user:${location.origin}/idp:songwish-web`, '{}');
      // The mark lives only until the check ends, which may be before the load event: record that it was set.
      new MutationObserver(() => {
        if (document.documentElement?.hasAttribute('data-stored-session')) (window as { keptSessionMarked?: boolean }).keptSessionMarked = true;
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-stored-session'] });
    });
    const problems = watchHydration(page);
    await page.goto('/about');
    await page.waitForLoadState('networkidle');
    // The banner was hidden from the first paint while the kept sign-in was checked.
    expect(await page.evaluate(() => (window as { keptSessionMarked?: boolean }).keptSessionMarked)).toBe(true);
    expect(problems).toEqual([]);
  });

  test("until the app's code runs, a rendered page reads in full, its links work and its buttons take no clicks", async ({ page, request }) => {
    await untilRendered(request, '/products');
    // The page's code never arrives, as on a connection that drops after the HTML.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    const firstCard = page.locator('a[data-card-link]').first();
    await expect(firstCard).toBeVisible();
    const button = page.getByRole('banner').getByRole('button').first();
    expect(await button.evaluate((element) => getComputedStyle(element).pointerEvents)).toBe('none');
    await expect(page.locator('#root')).toHaveAttribute('data-server-rendered', '');
    // A link is a plain link meanwhile: the next page arrives rendered from the server.
    const href = await firstCard.getAttribute('href');
    await firstCard.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('signed-in-only pages stay rendered in the browser', async ({ request }) => {
    for (const path of ['/cart', '/checkout', '/account']) {
      const html = await (await request.get(path, { headers: { accept: 'text/html' } })).text();
      expect(renderedRoot(html), path).toBeUndefined();
      expect(html).toContain('<div id="root"></div>');
    }
  });
});
