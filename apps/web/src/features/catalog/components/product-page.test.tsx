import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATALOG, mockApi, rawDetail, requestedPaths, renderWithProviders } from '../testing/catalog-fixtures';
import { ProductPage } from './product-page';

const REMIDI_VERSION = {
  version: '4.2.1',
  releasedAt: '2026-10-20T10:00:00.000Z',
  changelog: '- Slice offset can now be set by index\n- Fixed blurry text',
  changelogHtml: '<ul>\n<li>Slice offset can now be set by index</li>\n<li>Fixed blurry text</li>\n</ul>\n',
  files: [
    { os: 'mac', format: 'zip', filename: 'reMIDI-4-mac.zip', sizeBytes: 4049, sha256: 'a'.repeat(64) },
    { os: 'windows', format: 'zip', filename: 'reMIDI-4-win.zip', sizeBytes: 2248, sha256: 'b'.repeat(64) },
  ],
};

function renderProductPage(productPath: string) {
  return renderWithProviders(<ProductPage productPath={productPath} />, { path: `/products/${productPath}` });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ProductPage', () => {
  it('shows the reMIDI 4 page at /products/remidi-4-trial, keeping the URL and offering the trial', async () => {
    const fetchMock = mockApi({
      '/api/products/': { body: CATALOG },
      '/api/products/remidi-4': {
        body: rawDetail('remidi-4', {
          longDescription: '## Turn MIDI into playable pads\n\nPads.',
          descriptionHtml: '<h2>Turn MIDI into playable pads</h2>\n<p>Pads.</p>\n',
          latestVersion: REMIDI_VERSION,
        }),
      },
    });
    const { router } = renderProductPage('remidi-4-trial');

    expect(await screen.findByRole('heading', { level: 1, name: 'reMIDI 4' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Turn MIDI into playable pads' })).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain('/api/products/remidi-4');
    expect(requestedPaths(fetchMock)).not.toContain('/api/products/remidi-4-trial');
    expect(router.state.location.pathname).toBe('/products/remidi-4-trial');

    const trial = await screen.findByRole('region', { name: /reMIDI 4 Trial/ });
    expect(within(trial).getByText('Try reMIDI 4 free for 14 days.')).toBeInTheDocument();
    expect(within(trial).getByRole('button', { name: 'Loading...' })).toBeDisabled();
    await waitFor(() => expect(document.title).toBe('reMIDI 4 — SongWish'));
  });

  it('shows the reMIDI 4 key facts, links and plugin version details', async () => {
    mockApi({
      '/api/products/': { body: CATALOG },
      '/api/products/remidi-4': { body: rawDetail('remidi-4', { latestVersion: REMIDI_VERSION }) },
    });
    renderProductPage('remidi-4');
    const facts = await screen.findByRole('region', { name: 'Key facts' });
    for (const fact of ['Licence for up to 3 computers', 'Upgrade from reMIDI 3: free', 'reMIDI 2 users: 85% off']) {
      expect(within(facts).getByText(fact)).toBeInTheDocument();
    }
    expect(within(facts).getByRole('link', { name: /Installation guide/ })).toHaveAttribute('href', '/remidi-4-installation');
    expect(within(facts).getByRole('link', { name: /user manual/ })).toHaveAttribute('href', '/user-manuals/remidi-4-user-manual');
    expect(within(facts).getByText('4.2.1')).toBeInTheDocument();
    expect(within(facts).getByText('October 20, 2026')).toBeInTheDocument();
    expect(within(facts).getByText('macOS download')).toBeInTheDocument();
    expect(within(facts).getByText('4.0 KB')).toBeInTheDocument();
    expect(within(facts).getByText('2.2 KB')).toBeInTheDocument();

    const notes = screen.getByRole('region', { name: 'Release notes' });
    expect(within(notes).getByText('Slice offset can now be set by index')).toBeInTheDocument();
    expect(within(notes).getByText(/Version 4\.2\.1/)).toBeInTheDocument();
  });

  it.each(['sw-select-sample-loops-vol-1', 'sw-select-sample-loops-vol-2'])('shows the sample loop pack facts for %s', async (path) => {
    mockApi({ '/api/products/': { body: CATALOG }, [`/api/products/${path}`]: { body: rawDetail(path) } });
    renderProductPage(path);
    const facts = await screen.findByRole('region', { name: 'Key facts' });
    expect(
      within(facts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Contents: 16 MIDI and 16 WAV files', 'Download size: 111 MB', 'Audio: 24-bit / 44.1 kHz']);
    for (const fact of ['16 MIDI and 16 WAV files', '111 MB', '24-bit / 44.1 kHz']) expect(within(facts).getByText(fact)).toBeInTheDocument();
  });

  it('shows the jazz set facts', async () => {
    mockApi({ '/api/products/': { body: CATALOG }, '/api/products/sw-jazz-complete-vol-1-11': { body: rawDetail('sw-jazz-complete-vol-1-11') } });
    renderProductPage('sw-jazz-complete-vol-1-11');
    const facts = await screen.findByRole('region', { name: 'Key facts' });
    expect(within(facts).getByText('11 volumes')).toBeInTheDocument();
    expect(within(facts).getByText('100 progressions each')).toBeInTheDocument();
  });

  it('shows a clear not-found message for an unknown product', async () => {
    mockApi({ '/api/products/': { body: CATALOG } });
    renderProductPage('no-such-product');
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find that product." })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/products');
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Product not found'));
  });

  it('does not ask the API for a path that cannot exist', async () => {
    const fetchMock = mockApi({});
    renderProductPage('Not A Path');
    expect(await screen.findByText("We couldn't find that product.")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows an error with Try again when the API is down', async () => {
    let calls = 0;
    mockApi({
      '/api/products/': { body: CATALOG },
      '/api/products/rechannel': () => (++calls === 1 ? { status: 502, statusText: 'Bad Gateway' } : { body: rawDetail('rechannel') }),
    });
    renderProductPage('rechannel');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load this product.");
    expect(alert).toHaveTextContent('HTTP 502: Bad Gateway');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'reChannel' })).toBeInTheDocument();
  });

  it("renders the server's HTML for the description, and store links in it navigate inside the app", async () => {
    // Link schemes and raw HTML are checked where the HTML is made: apps/server/src/lib/markdown.test.ts.
    mockApi({
      '/api/products/': { body: CATALOG },
      '/api/products/rechannel': {
        body: rawDetail('rechannel', {
          descriptionHtml:
            '<h2>Routing</h2>\n<p>Read the <a href="/user-manuals/remidi-4-user-manual">manual</a> or <a href="mailto:help@example.com">mail us</a>.</p>\n',
        }),
      },
    });
    const { router } = renderProductPage('rechannel');
    expect(await screen.findByRole('heading', { level: 2, name: 'Routing' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'mail us' })).toHaveAttribute('href', 'mailto:help@example.com');
    await userEvent.click(screen.getByRole('link', { name: 'manual' }));
    expect(router.state.location.pathname).toBe('/user-manuals/remidi-4-user-manual');
  });

  it('shows breadcrumb, price with discount, summary text and the default action', async () => {
    mockApi({ '/api/products/': { body: CATALOG }, '/api/products/rechannel': { body: rawDetail('rechannel') } });
    renderProductPage('rechannel');
    const breadcrumb = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products');
    expect(within(breadcrumb).getByRole('link', { name: 'Plugins' })).toHaveAttribute('href', '/products/plugins');
    expect(within(breadcrumb).getByText('reChannel')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('$23.20')).toBeInTheDocument();
    expect(screen.getByText('-20%')).toBeInTheDocument();
    expect(screen.getByText('Launch offer')).toBeInTheDocument();
    expect(screen.getByText('About rechannel.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    await waitFor(() => expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'About rechannel.'));
  });

  it('uses renderAction for the product and the trial', async () => {
    mockApi({ '/api/products/': { body: CATALOG }, '/api/products/remidi-4': { body: rawDetail('remidi-4') } });
    renderWithProviders(
      <ProductPage
        productPath="remidi-4"
        renderAction={(product) => (
          <button type="button" data-path={product.path}>
            Add {product.display}
          </button>
        )}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Add reMIDI 4' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add reMIDI 4 Trial' })).toBeInTheDocument();
  });

  it('suggests related live products and skips unknown and non-live paths', async () => {
    mockApi({
      '/api/products/': { body: CATALOG },
      '/api/products/sw-jazz-complete-vol-1-11': {
        body: rawDetail('sw-jazz-complete-vol-1-11', {
          related: ['sw-free-chord-starter', 'does-not-exist', 'old-plugin', 'sw-jazz-complete-vol-1-11', 'remidi-4', 'sw-free-chord-starter'],
        }),
      },
    });
    renderProductPage('sw-jazz-complete-vol-1-11');
    const related = await screen.findByRole('region', { name: 'You may also like' });
    await waitFor(() =>
      expect(
        within(related)
          .getAllByRole('heading', { level: 3 })
          .map((heading) => heading.textContent),
      ).toEqual(['SW Free Chord Starter', 'reMIDI 4']),
    );
    expect(within(related).getByRole('link', { name: 'reMIDI 4' })).toHaveAttribute('href', '/products/remidi-4');
  });

  it('leaves out media from other hosts and falls back to the cover image', async () => {
    mockApi({
      '/api/products/': { body: CATALOG },
      '/api/products/rechannel': {
        body: rawDetail('rechannel', { media: [{ kind: 'video', src: 'https://www.youtube.com/embed/abc', title: 'Tracking video' }] }),
      },
    });
    const { container } = renderProductPage('rechannel');
    await screen.findByRole('heading', { level: 1, name: 'reChannel' });
    expect(container.querySelector('video, iframe')).toBeNull();
    expect(container.querySelector('[src*="youtube"]')).toBeNull();
  });
});
