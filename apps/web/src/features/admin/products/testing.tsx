import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { AdminProductDetail, AdminProductListItem } from '@store/contracts/admin';
import { Toaster } from '#web/components/ui/toast.tsx';
import { AdminApiProvider } from '../api/admin-api-context';

/** One answer of the fake store API: a status and a JSON body. */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

/** A request the page sent to the back office's API. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Renders a back-office page at `url` on a fake `/api/admin` (`answer` gets each request, without
 * the prefix), and returns what was sent.
 */
export function renderAdminPage(Page: ComponentType, { url, pattern, answer }: { url: string; pattern: string; answer: (request: SentRequest) => FakeAnswer }) {
  allowModalDialogs();
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const request = { method: init.method ?? 'GET', path: input.replace(/^\/api\/admin/, ''), body: init.body ? JSON.parse(String(init.body)) : undefined };
      sent.push(request);
      const { status = 200, body = null } = answer(request);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  const router = createMemoryRouter(
    [
      { path: pattern, element: <Page /> },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: [url] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AdminApiProvider getAccessToken={async () => 'token'}>
        <RouterProvider router={router} />
        <Toaster />
      </AdminApiProvider>
    </QueryClientProvider>,
  );
  return { ...view, sent, router };
}

export const CATEGORIES = {
  categories: [
    { slug: 'instruments', name: 'Instruments', intro: '', sortOrder: 10, productCount: 2 },
    { slug: 'loops', name: 'Loops', intro: '', sortOrder: 20, productCount: 1 },
  ],
};

export function listItem(overrides: Partial<AdminProductListItem> = {}): AdminProductListItem {
  return {
    id: 1,
    path: 'pad-mapper',
    displayName: 'Pad Mapper',
    category: 'Instruments',
    imagePath: '',
    priceMinor: 4900,
    deal: null,
    dealActive: false,
    live: true,
    soldCount: 3,
    isTrial: false,
    updatedAt: '2026-11-20T10:00:00.000Z',
    version: 4,
    ...overrides,
  };
}

export function productDetail(overrides: Partial<AdminProductDetail> = {}): AdminProductDetail {
  return {
    id: 1,
    path: 'pad-mapper',
    displayName: 'Pad Mapper',
    category: 'Instruments',
    priceMinor: 4900,
    currency: 'USD',
    deal: null,
    dealReason: '',
    dealStartsAt: null,
    dealEndsAt: null,
    summaryMarkdown: 'Maps pads.',
    summaryHtml: '<p>Maps pads.</p>',
    descriptionMarkdown: 'Long text.',
    keyFacts: [],
    upgradeOffers: [],
    relatedPaths: [],
    trialOfPath: null,
    licenceSeats: null,
    downloadable: true,
    live: true,
    sortOrder: 10,
    media: [],
    imagePath: '',
    soldCount: 0,
    version: 4,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** jsdom has <dialog> but not its modal methods. */
function allowModalDialogs() {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
