import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The cookie policy promises to list everything the store keeps in the shopper's browser. These
 * tests tie its table to the code: every file of the browser code that touches a browser store
 * is listed here with the policy rows that cover it, and every row is backed by such a file.
 * A new use of storage or cookies fails here until the policy says what it is.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const policy = readFileSync(path.join(root, 'packages/content/pages/cookie-policy.md'), 'utf8');

type BrowserStore = 'localStorage' | 'sessionStorage' | 'document.cookie' | 'cookieStore' | 'indexedDB';

/** The rows of the policy's table (first column) and where each is kept (second column). */
const ROWS = {
  'Theme choice (dark or light)': 'local storage',
  'Cart session id': 'local storage',
  'Sign-in session tokens': 'local storage',
  'Sign-in session time': 'local storage',
  'Sign-in in progress': 'local storage',
  'Sign-in retry count': 'session storage',
  'Logged-out note': 'session storage',
  'Falling-notes animation settings': 'local storage',
  'Pending "remix" note': 'session storage',
} as const;
type Row = keyof typeof ROWS;
const STORE_OF: Record<(typeof ROWS)[Row], BrowserStore> = { 'local storage': 'localStorage', 'session storage': 'sessionStorage' };

/** Each file of the browser code that uses a browser store, and the rows that tell the shopper about what it keeps. */
const USES: Record<string, Row[]> = {
  'apps/web/index.html': ['Theme choice (dark or light)'],
  'apps/web/src/features/layout/hooks/use-theme.ts': ['Theme choice (dark or light)'],
  // oidc-client-ts keeps the signed-in user and, by default, the sign-in in progress in localStorage.
  // Both hand localStorage to utils/session-marker.ts, which keeps the time of the last sign-in or renewal.
  'apps/web/src/features/identity/oidc-client.ts': ['Sign-in session tokens', 'Sign-in session time', 'Sign-in in progress'],
  'apps/web/src/features/identity/identity-store.ts': ['Sign-in session tokens', 'Sign-in session time', 'Logged-out note'],
  // What the store does with the OpenID client: a new sign-in resets the retry count, a logout leaves the note.
  'apps/web/src/features/identity/identity-operations.ts': ['Sign-in retry count', 'Logged-out note'],
  'apps/web/src/features/identity/components/callback-page.tsx': ['Sign-in retry count'],
  'apps/web/src/features/visualizer/options/player-options.ts': ['Falling-notes animation settings'],
  'apps/web/src/app/navigation-effects.tsx': ['Pending "remix" note'],
  // The sandbox payment provider's script runs on the store's pages.
  'apps/server/src/modules/payments/sandbox/browser/builder.ts': ['Cart session id'],
};

/** The code that runs in the shopper's browser. */
const BROWSER_CODE = ['apps/web/index.html', 'apps/web/src', 'apps/server/src/modules/payments/sandbox/browser'];
const NOT_SHIPPED = /\.(?:test|spec)\.[jt]sx?$|\/testing\//;
const STORE_USE = /\b(?:localStorage|sessionStorage|document\.cookie|cookieStore|indexedDB)\b/g;

function files(relative: string): string[] {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full).flatMap((name) => files(path.posix.join(relative, name)));
}

/** Code without its comments, so a comment naming localStorage does not count as a use (a `//` after `:` is a URL). */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

function storesUsedIn(file: string): BrowserStore[] {
  const code = withoutComments(readFileSync(path.join(root, file), 'utf8'));
  return [...new Set(code.match(STORE_USE) ?? [])].sort() as BrowserStore[];
}

/** The policy's table as first column → second column. */
function policyTable(): Map<string, string> {
  const section = policy.slice(policy.indexOf('## What the store keeps in your browser'));
  const table = section.slice(0, section.indexOf('\n## '));
  const rows = table
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2);
  return new Map(rows.map((line) => line.split('|').map((cell) => cell.trim())).map((cells) => [cells[1] ?? '', cells[2] ?? '']));
}

describe('the cookie policy', () => {
  it('covers every use of browser storage in the code, and nothing the code does not keep', () => {
    const found = Object.fromEntries(
      BROWSER_CODE.flatMap(files)
        .filter((file) => /\.(?:ts|tsx|js|mjs|html)$/.test(file) && !NOT_SHIPPED.test(file))
        .map((file) => [file, storesUsedIn(file)] as const)
        .filter(([, stores]) => stores.length > 0),
    );
    const expected = Object.fromEntries(Object.entries(USES).map(([file, rows]) => [file, [...new Set(rows.map((row) => STORE_OF[ROWS[row]]))].sort()]));
    expect(found).toEqual(expected);
  });

  it('has exactly these rows, each saying where it is kept', () => {
    expect(Object.fromEntries(policyTable())).toEqual(ROWS);
    expect(new Set(Object.values(USES).flat())).toEqual(new Set(Object.keys(ROWS)));
  });

  it("says the store's pages set no cookies of their own, and how visits are counted without any", () => {
    expect(policy).toContain("The store's pages set no cookies themselves");
    const counting = policy.slice(policy.indexOf('## How we count visits'));
    expect(counting).toContain('nothing is kept in your browser');
    expect(counting).toContain('deleted after 48 hours');
    expect(counting).toMatch(/Do Not Track[\s\S]*Global Privacy Control[\s\S]*nothing is recorded/);
  });
});

/**
 * The policies describe the assistant and analytics only while they exist. When the assistant
 * (`lyra`) or analytics land, these fail until the policies say what they keep.
 */
describe('the policies describe the features the store has', () => {
  const privacy = readFileSync(path.join(root, 'packages/content/pages/privacy-policy.md'), 'utf8');
  const exists = (...dirs: string[]) => dirs.some((dir) => existsSync(path.join(root, dir)));

  it('the privacy policy mentions an assistant exactly when the store has one', () => {
    const hasAssistant = exists('apps/web/src/features/lyra', 'apps/server/src/modules/lyra');
    expect(/\bassistant\b|\bLyra\b/i.test(privacy)).toBe(hasAssistant);
  });

  it('the cookie policy says there is no analytics only while the store has none', () => {
    const hasAnalytics = exists('apps/web/src/features/analytics', 'apps/server/src/modules/analytics');
    expect(policy.includes('The store uses no analytics')).toBe(!hasAnalytics);
  });
});
