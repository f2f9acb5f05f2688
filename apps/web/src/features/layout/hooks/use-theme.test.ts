import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY, useTheme } from './use-theme';

const root = document.documentElement;

beforeEach(() => {
  root.className = '';
  root.style.colorScheme = '';
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useTheme', () => {
  it('defaults to dark and applies it to <html>', () => {
    const { result } = renderHook(() => useTheme());
    expect(result.current.theme).toBe('dark');
    expect(root).toHaveClass('dark');
    expect(root.style.colorScheme).toBe('dark');
  });

  it('reads a stored light theme', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    const { result } = renderHook(() => useTheme());
    expect(result.current.theme).toBe('light');
    expect(root).not.toHaveClass('dark');
    expect(root.style.colorScheme).toBe('light');
  });

  it('toggles, writing localStorage and the class on <html>', () => {
    const { result } = renderHook(() => useTheme());
    act(() => result.current.toggleTheme());
    expect(result.current.theme).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(root).not.toHaveClass('dark');
    expect(root.style.colorScheme).toBe('light');

    act(() => result.current.toggleTheme());
    expect(result.current.theme).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(root).toHaveClass('dark');
  });

  it('sets an explicit theme', () => {
    const { result } = renderHook(() => useTheme());
    act(() => result.current.setTheme('light'));
    expect(result.current.theme).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('keeps every user of the hook in step', () => {
    const first = renderHook(() => useTheme());
    const second = renderHook(() => useTheme());
    act(() => first.result.current.toggleTheme());
    expect(second.result.current.theme).toBe('light');
  });

  it('treats junk in storage as dark', () => {
    localStorage.setItem(THEME_STORAGE_KEY, '{"mode":"light"}');
    const { result } = renderHook(() => useTheme());
    expect(result.current.theme).toBe('dark');
    expect(root).toHaveClass('dark');
  });

  it('follows a change made in another tab', () => {
    const { result } = renderHook(() => useTheme());
    act(() => {
      localStorage.setItem(THEME_STORAGE_KEY, 'light');
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'light' }));
    });
    expect(result.current.theme).toBe('light');
    expect(root).not.toHaveClass('dark');
  });

  it('does not crash when storage throws, and the toggle still works for this page', async () => {
    // A fresh module: the in-memory fallback must not leak into the other tests.
    vi.resetModules();
    const fresh = await import('./use-theme');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'QuotaExceededError');
    });

    const { result } = renderHook(() => fresh.useTheme());
    expect(result.current.theme).toBe('dark');
    act(() => result.current.toggleTheme());
    expect(result.current.theme).toBe('light');
    expect(root).not.toHaveClass('dark');
  });
});
