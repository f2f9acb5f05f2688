import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_MARKER_KEY, SESSION_MAX_AGE_MS } from '#web/features/identity/constants.ts';

/** index.html's first inline script (theme and kept sign-in), as the browser runs it before any other. */
const firstInlineScript = /<script>([\s\S]*?)<\/script>/.exec(
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'index.html'), 'utf8'),
)![1]!;
const runFirstScript = () => new Function(firstInlineScript)() as void;
const marked = () => document.documentElement.hasAttribute('data-stored-session');

describe("index.html's first script marks a kept sign-in before the page shows", () => {
  afterEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('data-stored-session');
  });

  it('marks a sign-in the app will keep: renewed within the day, or kept before the day was recorded', () => {
    localStorage.setItem('oidc.user:http://localhost:8080/idp:web', '{}');
    runFirstScript();
    expect(marked()).toBe(true);
    document.documentElement.removeAttribute('data-stored-session');
    localStorage.setItem(SESSION_MARKER_KEY, String(Date.now() - SESSION_MAX_AGE_MS + 60_000));
    runFirstScript();
    expect(marked()).toBe(true);
  });

  it('does not mark one the app will end (a day old), nor a browser without one, so the signup banner shows at once', () => {
    runFirstScript();
    expect(marked()).toBe(false);
    localStorage.setItem('oidc.user:http://localhost:8080/idp:web', '{}');
    localStorage.setItem(SESSION_MARKER_KEY, String(Date.now() - SESSION_MAX_AGE_MS - 60_000));
    runFirstScript();
    expect(marked()).toBe(false);
  });
});
