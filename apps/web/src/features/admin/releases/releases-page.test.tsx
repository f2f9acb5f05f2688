import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductReleases, Release } from '@store/contracts/admin';
import { paths } from '@store/contracts/paths';
import { clearToasts, Toaster } from '#web/components/ui/toast.tsx';
import { AdminApiProvider } from '../api/admin-api-context';
import ReleasesPage from './releases-page';

const current: Release = {
  id: 11,
  version: '1.4.0',
  releasedAt: '2026-03-01',
  changelogMarkdown: 'Faster pads',
  major: false,
  publishedAt: '2026-03-01T10:00:00Z',
  current: true,
  files: [{ id: 5, os: 'mac', format: 'zip', filename: 'pad-mapper-1.4.0-mac.zip', sizeBytes: 2_700_000, sha256: 'ab12cd34ef56'.padEnd(64, '0') }],
};
const draft: Release = { id: 12, version: '2.0.0', releasedAt: '2026-11-24', changelogMarkdown: '', major: true, publishedAt: null, current: false, files: [] };
const releases = (versions: Release[], optedInOwners = 3): ProductReleases => ({
  product: { id: 7, display: 'Pad Mapper', path: 'pad-mapper', downloadable: true },
  optedInOwners,
  versions,
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: paths.admin.releases.path, element: <ReleasesPage /> }], { initialEntries: [paths.admin.releases.getHref(7)] });
  render(
    <QueryClientProvider client={client}>
      <AdminApiProvider getAccessToken={async () => 'token'}>
        <RouterProvider router={router} />
      </AdminApiProvider>
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
beforeEach(() => clearToasts());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ReleasesPage', () => {
  it('lists the versions with badges, files with size and a shortened checksum', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(releases([draft, current])));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pad Mapper: releases' })).toBeInTheDocument();
    const currentCard = screen.getByRole('article', { name: /Version 1\.4\.0/ });
    expect(within(currentCard).getByText('Current')).toBeInTheDocument();
    expect(within(currentCard).getByText(/macOS · zip · 2\.7 MB/)).toBeInTheDocument();
    expect(within(currentCard).getByText('ab12cd34ef56…')).toBeInTheDocument();
    expect(within(currentCard).getByRole('button', { name: 'Copy the SHA-256 of pad-mapper-1.4.0-mac.zip' })).toBeInTheDocument();
    expect(within(currentCard).queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    const draftCard = screen.getByRole('article', { name: /Version 2\.0\.0/ });
    expect(within(draftCard).getByText('Draft')).toBeInTheDocument();
    expect(within(draftCard).getByText('Major')).toBeInTheDocument();
    expect(within(draftCard).getByRole('combobox', { name: 'System' })).toBeInTheDocument();
    expect(within(draftCard).getByRole('button', { name: 'Upload the macOS ZIP file' })).toBeEnabled();
  });

  it('asks before publishing, saying how many owners will be emailed, then publishes', async () => {
    const withFile = { ...draft, files: [{ ...current.files[0]!, id: 6 }] };
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (input, init) =>
        init?.method === 'POST'
          ? json({ release: { ...withFile, publishedAt: '2026-11-24T10:00:00Z', current: true }, emailsQueued: 3 })
          : json(releases([withFile, current])),
      );
    renderPage();
    const card = await screen.findByRole('article', { name: /Version 2\.0\.0/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Publish' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish version 2.0.0?' });
    expect(dialog).toHaveTextContent('3 owners who asked for release emails get an email about it.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Version 2.0.0 is published')).toBeInTheDocument();
    expect(screen.getByText('3 release emails are on their way.')).toBeInTheDocument();
    const publish = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(publish[0])).toContain('/api/admin/products/7/versions/12/publish');
  });

  it("shows the store's refusal when publishing fails", async () => {
    const withFile = { ...draft, files: [{ ...current.files[0]!, id: 6 }] };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) =>
      init?.method === 'POST'
        ? json({ error: 'Conflict', message: 'Version 2.0.0 is published: only its release notes can be changed.' }, 409)
        : json(releases([withFile, current], 0)),
    );
    renderPage();
    const card = await screen.findByRole('article', { name: /Version 2\.0\.0/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Publish' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('No owner has asked for release emails');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Version 2.0.0 was not published')).toBeInTheDocument();
    expect(screen.getByText(/only its release notes can be changed/)).toBeInTheDocument();
  });

  it('does not offer Publish for a downloadable product’s draft without files, and says why', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(releases([draft, current])));
    renderPage();
    const card = await screen.findByRole('article', { name: /Version 2\.0\.0/ });
    const publish = within(card).getByRole('button', { name: 'Publish' });
    expect(publish).toBeDisabled();
    expect(publish).toHaveAccessibleDescription('Add at least one file to publish this version: owners would have nothing to download.');
  });

  it('removes a file only after confirming', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (_input, init) => (init?.method === 'DELETE' ? new Response(null, { status: 204 }) : json(releases([current]))));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove pad-mapper-1.4.0-mac.zip' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove pad-mapper-1.4.0-mac.zip?' });
    expect(dialog).toHaveTextContent('Owners can no longer download it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Remove pad-mapper-1.4.0-mac.zip' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove file' }));
    expect(await screen.findByText('pad-mapper-1.4.0-mac.zip removed')).toBeInTheDocument();
    const removal = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE')!;
    expect(String(removal[0])).toContain('/api/admin/products/7/versions/11/files/5');
  });

  it('deletes a draft after confirming', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (_input, init) => (init?.method === 'DELETE' ? new Response(null, { status: 204 }) : json(releases([draft, current]))));
    renderPage();
    const card = await screen.findByRole('article', { name: /Version 2\.0\.0/ });
    expect(within(screen.getByRole('article', { name: /Version 1\.4\.0/ })).queryByRole('button', { name: 'Delete draft' })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Delete draft' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete draft 2.0.0?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete draft' }));
    expect(await screen.findByText('Draft 2.0.0 deleted')).toBeInTheDocument();
    const removal = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE')!;
    expect(String(removal[0])).toMatch(/\/api\/admin\/products\/7\/versions\/12$/);
  });

  it('creates a draft from the New version form', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (_input, init) =>
        init?.method === 'POST' ? json({ ...draft, version: '1.5.0', major: false }, 201) : json(releases([current])),
      );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New version' }));
    await userEvent.type(screen.getByLabelText('Version'), '1.5.0');
    await userEvent.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(await screen.findByText('Draft 1.5.0 created')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({ version: '1.5.0', major: false });
    expect(screen.queryByRole('form', { name: 'New version' })).not.toBeInTheDocument();
  });
});
