import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePageviews } from './pageviews';

/** The setup's quiet beacon, put back after a test replaced it. */
const quietBeacon = navigator.sendBeacon.bind(navigator);

function Pageviews() {
  usePageviews();
  return null;
}

describe('page views', () => {
  let beacon: ReturnType<typeof vi.fn>;
  const sent = () => beacon.mock.calls.map(([, body]) => JSON.parse(body as string) as { name: string; url: string; referrer?: string });
  const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 5)));

  beforeEach(() => {
    beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
    Object.defineProperty(document, 'referrer', { value: 'https://news.example.com/story', configurable: true });
    window.history.replaceState(null, '', '/landing?utm_source=newsletter&utm_campaign=autumn');
  });
  afterEach(() => {
    Object.defineProperty(navigator, 'sendBeacon', { value: quietBeacon, configurable: true, writable: true });
  });

  it('counts the first page once (StrictMode too) with its UTM parameters and referrer, then each new path with the page before', async () => {
    const router = createBrowserRouter([{ path: '*', element: <Pageviews /> }]);
    render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
    await settle();
    expect(sent()).toEqual([
      { name: 'pageview', url: 'http://localhost:3000/landing?utm_source=newsletter&utm_campaign=autumn', referrer: 'https://news.example.com/story' },
    ]);

    await act(() => router.navigate('/products/test-plugin'));
    await settle();
    // The same page with another query or hash is not a new page view.
    await act(() => router.navigate('/products/test-plugin?tab=files#reviews'));
    await settle();
    expect(sent().slice(1)).toEqual([
      {
        name: 'pageview',
        url: 'http://localhost:3000/products/test-plugin',
        referrer: 'http://localhost:3000/landing?utm_source=newsletter&utm_campaign=autumn',
      },
    ]);
  });
});
