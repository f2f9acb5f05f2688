import { useCallback, useEffect, useSyncExternalStore } from 'react';

export type Theme = 'dark' | 'light';

/** The same key and values as the pre-paint script in index.html. */
export const THEME_STORAGE_KEY = 'theme';

const listeners = new Set<() => void>();

// Holds the shopper's choice when storage refuses writes (private mode, quota), so the toggle still works.
let unsavedTheme: Theme | null = null;

function parseTheme(value: unknown): Theme {
  return value === 'light' ? 'light' : 'dark';
}

export function readTheme(): Theme {
  if (unsavedTheme) return unsavedTheme;
  try {
    return parseTheme(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'dark';
  }
}

/** Mirrors index.html's pre-paint script so the first paint and later toggles agree. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement) {
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

function saveTheme(theme: Theme) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
    unsavedTheme = null;
  } catch {
    unsavedTheme = theme;
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the theme (key null: that tab cleared storage).
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    applyTheme(readTheme());
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const serverTheme = (): Theme => 'dark';

/** The colour theme (docs/behaviour/site.md#theme): dark by default, kept in localStorage, shared across tabs. */
export function useTheme(): { theme: Theme; toggleTheme: () => void; setTheme: (theme: Theme) => void } {
  const theme = useSyncExternalStore(subscribe, readTheme, serverTheme);

  useEffect(() => {
    applyTheme(theme);
  }, [theme]);

  const setTheme = useCallback((next: Theme) => saveTheme(parseTheme(next)), []);
  const toggleTheme = useCallback(() => saveTheme(readTheme() === 'dark' ? 'light' : 'dark'), []);

  return { theme, toggleTheme, setTheme };
}
