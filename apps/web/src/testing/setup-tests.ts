import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy/waitFor give up after 1 s by default: too short for a page's first render in jsdom on a
// loaded two-core CI machine, where a passing test then fails at random.
configure({ asyncUtilTimeout: 5_000 });

// Browsers send analytics with navigator.sendBeacon, which jsdom lacks: without it the script would
// fall back to fetch and every test's fetch double would see its events. The analytics tests replace it.
Object.defineProperty(navigator, 'sendBeacon', { value: () => true, configurable: true, writable: true });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
