import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

const fixtures = path.join(import.meta.dirname, '..', 'fixtures');

/** The stand-in Store Builder Library (e2e/fixtures/stub-sbl.js) and its checkout frame. */
export const STUB_SBL = readFileSync(path.join(fixtures, 'stub-sbl.js'), 'utf8');
export const STUB_CHECKOUT_PAGE = readFileSync(path.join(fixtures, 'stub-checkout.html'), 'utf8');

/** What the FastSpring project's server is configured with (playwright.config.ts). */
export const FASTSPRING_SBL_URL = 'https://sbl.onfastspring.com/sbl/1.0.5/fastspring-builder.min.js';
export const FASTSPRING_STOREFRONT = 'teststore.test.onfastspring.com/embedded-teststore';
export const FASTSPRING_STOREFRONT_ORIGIN = `https://${FASTSPRING_STOREFRONT.split('/')[0]}`;

/**
 * Answers FastSpring's real URLs with the stub: the SBL script, and the storefront origin
 * that serves the embedded checkout frame. Nothing reaches the internet.
 */
export async function serveStubFastSpring(page: Page) {
  await page.route(FASTSPRING_SBL_URL, (route) => route.fulfill({ contentType: 'text/javascript', body: STUB_SBL }));
  await page.route(`${FASTSPRING_STOREFRONT_ORIGIN}/**`, (route) => route.fulfill({ contentType: 'text/html', body: STUB_CHECKOUT_PAGE }));
}

export { base as test, expect };
