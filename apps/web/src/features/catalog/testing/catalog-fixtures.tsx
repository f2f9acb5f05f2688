import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';

/** The stored widths of a seed cover, as the server publishes them. */
export function coverVariants(path: string) {
  return [400, 600, 800].map((width) => ({ src: `/media/covers/${path}.${width}.webp`, width }));
}

/** A list entry as `GET /api/products/` sends it; override any field. */
export function rawProduct(path: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    path,
    sku: path.toUpperCase(),
    display: `Product ${path}`,
    image: `/media/covers/${path}.800.webp`,
    imageVariants: coverVariants(path),
    price: '$10.00',
    priceValue: 10,
    total: '$10.00',
    totalValue: 10,
    currency: 'USD',
    description: { summary: `<p>About <strong>${path}</strong>.</p>` },
    attributes: { live: 'true', category: 'Tools', download: 'true' },
    discount: {},
    discountPercent: 0,
    ...overrides,
  };
}

/** The categories as `GET /api/categories` sends them, in menu order. */
export const CATEGORIES = [
  { slug: 'tools', name: 'Tools', intro: 'Tools that turn ideas into playable parts.' },
  { slug: 'loops', name: 'Loops', intro: 'Royalty-free loops for your next track.' },
];

/** The catalogue used across tests: every list view has members and non-members. */
export const CATALOG = [
  rawProduct('pad-mapper', {
    display: 'Pad Mapper',
    price: '$79.00',
    priceValue: 79,
    total: '$79.00',
    totalValue: 79,
    description: { summary: '<p><strong>Pad Mapper</strong> is our MIDI pad-mapping plugin.</p>' },
  }),
  rawProduct('pad-mapper-trial', {
    display: 'Pad Mapper Trial',
    price: '$0.00',
    priceValue: 0,
    total: '$0.00',
    totalValue: 0,
    description: { summary: '<p>Try <strong>Pad Mapper</strong> free for 14 days.</p>' },
  }),
  rawProduct('note-router', {
    display: 'Note Router',
    price: '$29.00',
    priceValue: 29,
    total: '$23.20',
    totalValue: 23.2,
    discount: { reason: 'Launch offer' },
    discountPercent: '20%',
  }),
  rawProduct('loop-kit-one', {
    display: 'Loop Kit One',
    price: '$24.99',
    priceValue: 24.99,
    total: '$24.99',
    totalValue: 24.99,
    attributes: { live: 'true', category: 'Loops', download: 'true' },
  }),
  rawProduct('loop-kit-two', {
    display: 'Loop Kit Two',
    price: '$24.99',
    priceValue: 24.99,
    total: '$21.24',
    totalValue: 21.24,
    attributes: { live: 'true', category: 'Loops', download: 'true' },
    discount: { reason: 'Bundle week' },
    discountPercent: 15,
  }),
  rawProduct('chord-library', {
    display: 'Chord Library',
    price: '$49.00',
    priceValue: 49,
    total: '$49.00',
    totalValue: 49,
    attributes: { live: 'true', category: 'Loops', download: 'true' },
  }),
  rawProduct('free-chord-sampler', {
    display: 'Free Chord Sampler',
    price: '$0.00',
    priceValue: 0,
    total: '$0.00',
    totalValue: 0,
    attributes: { live: 'true', category: 'Loops', download: 'true' },
  }),
  rawProduct('old-plugin', { display: 'Old Plugin', attributes: { live: 'false', category: 'Tools' }, discountPercent: 50 }),
  rawProduct('hidden-free-pack', {
    display: 'Hidden Free Pack',
    price: '$0.00',
    priceValue: 0,
    total: '$0.00',
    totalValue: 0,
    attributes: { category: 'Loops' },
  }),
];

/** A detail answer (`GET /api/products/{path}`) built from a list entry. */
export function rawDetail(path: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const base = CATALOG.find((product) => product.path === path) ?? rawProduct(path);
  return {
    ...base,
    longDescription: `## About ${String(base.display)}\n\nSee [support](/support).`,
    // What the server renders from longDescription (apps/server/src/lib/markdown.ts).
    descriptionHtml: `<h2>About ${String(base.display)}</h2>\n<p>See <a href="/support">support</a>.</p>\n`,
    media: [
      {
        kind: 'image',
        src: `/media/covers/${path}.800.webp`,
        title: `${String(base.display)} cover`,
        width: 800,
        height: 800,
        variants: coverVariants(path),
      },
    ],
    related: [],
    latestVersion: null,
    keyFacts: [],
    trial: null,
    trialOf: null,
    ...overrides,
  };
}

type Reply = { status?: number; statusText?: string; body?: unknown } | (() => { status?: number; statusText?: string; body?: unknown });

/**
 * Stubs `fetch` with answers by URL path; `/api/categories` answers `CATEGORIES` unless given,
 * other unknown paths answer 404. Returns the mock so tests can count calls.
 */
export function mockApi(given: Record<string, Reply>) {
  const routes: Record<string, Reply> = { '/api/categories': { body: CATEGORIES }, ...given };
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const reply = routes[url.pathname];
    const answer = typeof reply === 'function' ? reply() : (reply ?? { status: 404, statusText: 'Not Found', body: { error: 'Not Found' } });
    const status = answer.status ?? 200;
    return new Response(JSON.stringify(answer.body ?? null), {
      status,
      statusText: answer.statusText ?? (status === 200 ? 'OK' : ''),
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function requestedPaths(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
}

export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

/** Renders inside a fresh QueryClient (no retries) and a memory router at `path`. */
export function renderWithProviders(
  ui: ReactNode,
  { path = '/', routePath = '*', routes = [] }: { path?: string; routePath?: string; routes?: RouteObject[] } = {},
) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter([{ path: routePath, element: ui }, ...routes], { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
