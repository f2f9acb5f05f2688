import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_DATA_DIR = path.join(os.tmpdir(), `songwish-e2e-${E2E_PORT}`);
/** The maker the back office's tests sign in as (ADMIN_EMAILS of the sandbox store). */
export const E2E_ADMIN_EMAIL = 'maker@example.com';
/** Where the admin setup keeps the signed-in maker's browser state for the back-office tests. */
export const E2E_ADMIN_STATE = path.join(E2E_DATA_DIR, '..', `songwish-e2e-admin-state-${E2E_PORT}.json`);
/** A second store, with FastSpring as the payment provider (its SBL is stubbed in the tests). */
export const E2E_FASTSPRING_PORT = Number(process.env.E2E_FASTSPRING_PORT ?? E2E_PORT + 1);
const FASTSPRING_TESTS = /fastspring-.*\.spec\.ts/;
const ADMIN_TESTS = /admin-.*\.spec\.ts/;
const ADMIN_SETUP = /admin\.setup\.ts/;
const root = path.resolve(import.meta.dirname, '..');
/** Set by `npm test`: each store writes its log there, and its errors are shown when tests fail. */
const storeLogs = process.env.E2E_STORE_LOGS;
const storeLog = (port: number): Record<string, string> => (storeLogs ? { E2E_STORE_LOG: path.join(storeLogs, `store-${port}.log`) } : {});

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A store that stops answering fails every test after it, each after its full timeout: stop
  // early and say so, rather than run past CI's time limit with nothing to show.
  maxFailures: 15,
  forbidOnly: Boolean(process.env.CI),
  // Tests that run axe and take screenshots at several sizes take 45–60 s on a slow two-core
  // machine; a minute left them failing there on time alone.
  timeout: 90_000,
  // The same machine, loaded with two browsers, axe and the store, sometimes takes more than the
  // default 5 s to show a page's answer (a Lyra sketch, a table after a reload): CI failed on that
  // wait alone. An assertion still has to come true; it is only given the time to.
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    launchOptions: chromium,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: [FASTSPRING_TESTS, ADMIN_TESTS],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium },
    },
    {
      name: 'mobile',
      // Only the tests about what a shopper sees run twice; server tests run once.
      testMatch: /storefront-.*\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, launchOptions: chromium },
    },
    {
      // Signs the maker up and in once; the back-office tests start from that browser state.
      name: 'admin-setup',
      testMatch: ADMIN_SETUP,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium },
    },
    {
      name: 'admin-desktop',
      testMatch: ADMIN_TESTS,
      dependencies: ['admin-setup'],
      // Each of the two admin projects looks at its own size (e2e/support/pages.ts).
      metadata: { otherSizeRunsSameTests: true },
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium, storageState: E2E_ADMIN_STATE },
    },
    {
      name: 'admin-mobile',
      testMatch: ADMIN_TESTS,
      dependencies: ['admin-setup'],
      metadata: { otherSizeRunsSameTests: true },
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        launchOptions: chromium,
        storageState: E2E_ADMIN_STATE,
      },
    },
    {
      // The same storefront against FastSpring's contract: proves nothing in it is sandbox-specific.
      name: 'fastspring',
      testMatch: FASTSPRING_TESTS,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
        launchOptions: chromium,
        baseURL: `http://localhost:${E2E_FASTSPRING_PORT}`,
      },
    },
  ],
  webServer: [
    {
      command: 'node scripts/e2e-server.mjs',
      cwd: root,
      url: `http://localhost:${E2E_PORT}/status`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        ...storeLog(E2E_PORT),
        DATA_DIR: E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '100000',
        // Every sign-up of the suite comes from one address, and the suite makes more than ten.
        IDP_EMAIL_FORMS_PER_15_MINUTES: '1000',
        // Every page of the suite sends analytics events from one address.
        ANALYTICS_EVENTS_PER_MINUTE: '100000',
        // The back office's tests sign in as this maker (e2e/support/admin.ts).
        ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      },
    },
    {
      command: 'node scripts/e2e-server.mjs',
      cwd: root,
      url: `http://localhost:${E2E_FASTSPRING_PORT}/status`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_FASTSPRING_PORT),
        ...storeLog(E2E_FASTSPRING_PORT),
        DATA_DIR: path.join(os.tmpdir(), `songwish-e2e-fastspring-${E2E_FASTSPRING_PORT}`),
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '100000',
        // Every sign-up of the suite comes from one address, and the suite makes more than ten.
        IDP_EMAIL_FORMS_PER_15_MINUTES: '1000',
        PAYMENTS_PROVIDER: 'fastspring',
        FASTSPRING_STOREFRONT: 'teststore.test.onfastspring.com/embedded-teststore',
        MAIL_DISABLED: 'true',
      },
    },
  ],
});
