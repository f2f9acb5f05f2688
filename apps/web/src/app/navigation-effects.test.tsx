import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NavigationEffects, PENDING_REMIX_KEY, storePendingRemix } from './navigation-effects';

describe('pending remix', () => {
  it('stores inspiration and remix parameters in session storage', () => {
    storePendingRemix('?inspiration=night%20drive&remix=r-42&other=x');
    expect(JSON.parse(sessionStorage.getItem(PENDING_REMIX_KEY)!)).toMatchObject({ inspiration: 'night drive', remix: 'r-42' });
  });

  it('keeps one of them alone, and nothing when neither is present', () => {
    storePendingRemix('?remix=only');
    expect(JSON.parse(sessionStorage.getItem(PENDING_REMIX_KEY)!)).not.toHaveProperty('inspiration');
    sessionStorage.clear();
    storePendingRemix('?q=1');
    expect(sessionStorage.getItem(PENDING_REMIX_KEY)).toBeNull();
  });

  it('bounds what it stores from the URL', () => {
    storePendingRemix(`?remix=${'x'.repeat(10_000)}`);
    expect(JSON.parse(sessionStorage.getItem(PENDING_REMIX_KEY)!).remix).toHaveLength(500);
  });

  it('survives storage that throws', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(() => storePendingRemix('?remix=1')).not.toThrow();
    setItem.mockRestore();
  });
});

describe('NavigationEffects', () => {
  beforeEach(() => {
    window.scrollTo = vi.fn();
  });

  it('scrolls to the top smoothly when the path changes, not when only the query changes', async () => {
    const router = createMemoryRouter([{ path: '*', element: <NavigationEffects /> }], { initialEntries: ['/a'] });
    render(<RouterProvider router={router} />);
    expect(window.scrollTo).toHaveBeenCalledTimes(1);
    await act(() => router.navigate('/a?x=1'));
    expect(window.scrollTo).toHaveBeenCalledTimes(1);
    await act(() => router.navigate('/b'));
    expect(window.scrollTo).toHaveBeenCalledTimes(2);
    expect(window.scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ top: 0, behavior: 'smooth' }));
  });
});
