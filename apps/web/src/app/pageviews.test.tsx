import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createBrowserRouter, createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGEVIEW_COUNTED_ATTRIBUTE } from '@store/contracts/server-rendering';
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
    document.documentElement.removeAttribute(PAGEVIEW_COUNTED_ATTRIBUTE);
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

  it('counts the landing page with its campaign when the shopper moves on at once (a click as the page comes alive)', async () => {
    const router = createBrowserRouter([{ path: '*', element: <Pageviews /> }]);
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/products/test-plugin'));
    await settle();
    expect(sent()).toEqual([
      { name: 'pageview', url: 'http://localhost:3000/landing?utm_source=newsletter&utm_campaign=autumn', referrer: 'https://news.example.com/story' },
      {
        name: 'pageview',
        url: 'http://localhost:3000/products/test-plugin',
        referrer: 'http://localhost:3000/landing?utm_source=newsletter&utm_campaign=autumn',
      },
    ]);
  });

  it('counts the page the app shows, with its campaign, even when the address bar has already moved on to the next', async () => {
    // A click replayed as the page comes alive can change the address before the first page
    // view's effect runs: the address bar then names the next page, without the campaign.
    window.history.replaceState(null, '', '/products/test-plugin');
    const router = createMemoryRouter([{ path: '*', element: <Pageviews /> }], { initialEntries: ['/landing?utm_source=newsletter&utm_campaign=autumn'] });
    render(<RouterProvider router={router} />);
    await settle();
    expect(sent()).toEqual([
      { name: 'pageview', url: 'http://localhost:3000/landing?utm_source=newsletter&utm_campaign=autumn', referrer: 'https://news.example.com/story' },
    ]);
  });

  it("does not count the landing page again when the page's loader already did, and counts the next page with it as referrer", async () => {
    // What index.html's loader leaves when the shopper left the rendered page before this code ran.
    document.documentElement.setAttribute(PAGEVIEW_COUNTED_ATTRIBUTE, '');
    const router = createBrowserRouter([{ path: '*', element: <Pageviews /> }]);
    render(<RouterProvider router={router} />);
    await settle();
    expect(sent()).toEqual([]);

    await act(() => router.navigate('/products/test-plugin'));
    await settle();
    expect(sent()).toEqual([
      {
        name: 'pageview',
        url: 'http://localhost:3000/products/test-plugin',
        referrer: 'http://localhost:3000/landing?utm_source=newsletter&utm_campaign=autumn',
      },
    ]);
  });

  it('marks the landing page as counted, so the loader does not send it when the shopper leaves', async () => {
    render(<RouterProvider router={createBrowserRouter([{ path: '*', element: <Pageviews /> }])} />);
    await settle();
    expect(sent()).toHaveLength(1);
    expect(document.documentElement.hasAttribute(PAGEVIEW_COUNTED_ATTRIBUTE)).toBe(true);
  });
});
