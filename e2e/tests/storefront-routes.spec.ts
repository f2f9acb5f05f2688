import { expect, test } from '../support/sbl';
import { expectNoSeriousAxeViolations, saveScreenshot, THEMES, useTheme, watchConsole } from '../support/pages';

/** Every page of both spec documents, with the text a shopper must see there. */
const ROUTES: { path: string; name: string; heading: string | RegExp; status?: number; expected404?: boolean }[] = [
  { path: '/', name: 'home', heading: 'One wish — to help songs come true' },
  { path: '/about', name: 'about', heading: 'About Us' },
  { path: '/support', name: 'support', heading: 'Support Center' },
  { path: '/products', name: 'products', heading: 'Products' },
  { path: '/products/plugins', name: 'plugins', heading: 'Plugins' },
  { path: '/products/sample-packs', name: 'sample-packs', heading: 'Sample Packs' },
  { path: '/products/free-downloads', name: 'free-downloads', heading: 'Free Downloads & Trials' },
  { path: '/products/deals', name: 'deals', heading: 'Deals' },
  { path: '/products/remidi-4', name: 'product-remidi-4', heading: 'reMIDI 4' },
  { path: '/products/remidi-4-trial', name: 'product-remidi-4-trial', heading: 'reMIDI 4' },
  { path: '/products/rechannel', name: 'product-rechannel', heading: 'reChannel' },
  { path: '/products/sw-select-sample-loops-vol-1', name: 'product-loops-1', heading: 'SW SELECT: SAMPLE LOOPS vol.1' },
  { path: '/products/sw-select-sample-loops-vol-2', name: 'product-loops-2', heading: 'SW SELECT: SAMPLE LOOPS vol.2' },
  { path: '/products/sw-jazz-complete-vol-1-11', name: 'product-jazz', heading: 'SW Jazz Complete vol.1-11' },
  // No such order exists: the page asks the API (404) while it waits for the order to be recorded.
  {
    path: '/products/purchase-success?order=SW-E2E-1001',
    name: 'purchase-success',
    heading: 'Thanks for your order! Please check your email for your download(s).',
    expected404: true,
  },
  { path: '/cart', name: 'cart', heading: 'Your cart' },
  { path: '/checkout', name: 'checkout', heading: 'Checkout' },
  // Without code and state the callback has nothing to process (docs/behaviour/sign-in.md#callback-errors).
  { path: '/callback', name: 'callback', heading: 'Authentication Error' },
  // Signed out: the route guard sends the visitor home (docs/behaviour/sign-in.md#route-guard).
  { path: '/account', name: 'account', heading: 'One wish — to help songs come true' },
  { path: '/lyra', name: 'lyra', heading: 'Ask Lyra' },
  { path: '/privacy-policy', name: 'privacy-policy', heading: 'Privacy Policy' },
  { path: '/refund-policy', name: 'refund-policy', heading: 'Refund Policy' },
  { path: '/terms-and-conditions', name: 'terms-and-conditions', heading: 'Terms and Conditions' },
  { path: '/marketing-policy', name: 'marketing-policy', heading: 'Marketing Policy' },
  { path: '/cookie-policy', name: 'cookie-policy', heading: 'Cookie Policy' },
  { path: '/remidi-4-installation', name: 'installation', heading: 'reMIDI 4 Installation' },
  { path: '/user-manuals', name: 'user-manuals', heading: 'User Manuals' },
  { path: '/user-manuals/remidi-4-user-manual', name: 'manual', heading: 'reMIDI 4 User Manual' },
  { path: '/products/no-such-product', name: 'unknown-product', heading: /couldn.t find that product/i, status: 404 },
  { path: '/no/such/page', name: 'not-found', heading: 'Page not found', status: 404 },
];

for (const theme of THEMES) {
  test.describe(`every page in the ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await useTheme(page, theme);
    });

    for (const route of ROUTES) {
      test(`${route.path} shows its content, passes axe and is screenshotted`, async ({ page }, testInfo) => {
        const problems = watchConsole(page);
        const response = await page.goto(route.path);
        expect(response?.status()).toBe(route.status ?? 200);
        await expect(page.getByRole('heading', { level: 1, name: route.heading }).first()).toBeVisible();
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark).*$/);
        await expect(page.getByRole('navigation').first()).toBeVisible();
        await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));
        // Let lazy content (product lists, Markdown) settle before judging the page.
        await page.waitForLoadState('networkidle');
        await expectNoSeriousAxeViolations(page);
        await saveScreenshot(page, testInfo, theme, route.name);
        // A not-found page's own 404 is reported by the browser; nothing else may be.
        const expected = route.status === 404 || route.expected404 ? /status of 404/ : null;
        expect(problems.filter((problem) => !expected?.test(problem))).toEqual([]);
      });
    }
  });
}
