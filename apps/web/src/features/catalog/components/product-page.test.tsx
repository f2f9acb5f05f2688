import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATALOG, mockApi, rawDetail, requestedPaths, renderWithProviders } from '../testing/catalog-fixtures';
import { ProductPage } from './product-page';

const PAD_MAPPER_VERSION = {
  version: '4.2.1',
  releasedAt: '2026-10-20T10:00:00.000Z',
  changelog: '- Slice offset can now be set by index\n- Fixed blurry text',
  changelogHtml: '<ul>\n<li>Slice offset can now be set by index</li>\n<li>Fixed blurry text</li>\n</ul>\n',
  files: [
    { os: 'mac', format: 'zip', filename: 'Pad-Mapper-mac.zip', sizeBytes: 4049, sha256: 'a'.repeat(64) },
    { os: 'windows', format: 'zip', filename: 'Pad-Mapper-win.zip', sizeBytes: 2248, sha256: 'b'.repeat(64) },
  ],
};

const PAD_MAPPER_FACTS = [
  { value: 'Licence for up to 3 computers' },
  { label: 'Upgrade', value: 'free from version 3' },
  { value: 'Installation guide', href: '/pad-mapper-setup' },
  { value: 'Pad Mapper user manual', href: '/user-manuals/pad-mapper-manual' },
  { value: 'Video tour', href: 'https://video.example/pad-mapper' },
];
const TRIAL = { path: 'pad-mapper-trial', display: 'Pad Mapper Trial' };

function renderProductPage(productPath: string) {
  return renderWithProviders(<ProductPage productPath={productPath} />, { path: `/products/${productPath}` });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ProductPage', () => {
  it('shows the Pad Mapper page at /products/pad-mapper-trial, keeping the URL and offering the trial', async () => {
    const fetchMock = mockApi({
      '/api/products/': { body: CATALOG },
      '/api/products/pad-mapper-trial': { body: rawDetail('pad-mapper-trial', { trialOf: 'pad-mapper' }) },
      '/api/products/pad-mapper': {
        body: rawDetail('pad-mapper', {
          longDescription: '## Turn MIDI into playable pads\n\nPads.',
          descriptionHtml: '<h2>Turn MIDI into playable pads</h2>\n<p>Pads.</p>\n',
          latestVersion: PAD_MAPPER_VERSION,
          trial: TRIAL,
        }),
      },
    });
    const { router } = renderProductPage('pad-mapper-trial');

    expect(await screen.findByRole('heading', { level: 1, name: 'Pad Mapper' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Turn MIDI into playable pads' })).toBeInTheDocument();
    // The trial's answer names its paid product (trialOf), whose page the address then shows.
    expect(requestedPaths(fetchMock)).toEqual(expect.arrayContaining(['/api/products/pad-mapper-trial', '/api/products/pad-mapper']));
    expect(router.state.location.pathname).toBe('/products/pad-mapper-trial');

    const trial = await screen.findByRole('region', { name: /Pad Mapper Trial/ });
    expect(within(trial).getByText('Try Pad Mapper free for 14 days.')).toBeInTheDocument();
    expect(within(trial).getByRole('button', { name: 'Loading...' })).toBeDisabled();
    await waitFor(() => expect(document.title).toBe('Pad Mapper — SongWish'));
  });

  it("shows the product's key facts from the API, its links and its latest version's details", async () => {
    mockApi({
      '/api/products/': { body: CATALOG },
      '/api/products/pad-mapper': { body: rawDetail('pad-mapper', { latestVersion: PAD_MAPPER_VERSION, keyFacts: PAD_MAPPER_FACTS }) },
    });
    const { router } = renderProductPage('pad-mapper');
    const facts = await screen.findByRole('region', { name: 'Key facts' });
    expect(
      within(facts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Licence for up to 3 computers', 'Upgrade: free from version 3', 'Installation guide→', 'Pad Mapper user manual→', 'Video tour→']);
    expect(within(facts).getByRole('link', { name: /Installation guide/ })).toHaveAttribute('href', '/pad-mapper-setup');
    expect(within(facts).getByRole('link', { name: /Video tour/ })).toHaveAttribute('href', 'https://video.example/pad-mapper');
    expect(within(facts).getByText('4.2.1')).toBeInTheDocument();
    expect(within(facts).getByText('October 20, 2026')).toBeInTheDocument();
    expect(within(facts).getByText('macOS download')).toBeInTheDocument();
    expect(within(facts).getByText('4.0 KB')).toBeInTheDocument();
    expect(within(facts).getByText('2.2 KB')).toBeInTheDocument();

    const notes = screen.getByRole('region', { name: 'Release notes' });
    expect(within(notes).getByText('Slice offset can now be set by index')).toBeInTheDocument();
    expect(within(notes).getByText(/Version 4\.2\.1/)).toBeInTheDocument();

    await userEvent.click(within(facts).getByRole('link', { name: /user manual/ }));
    expect(router.state.location.pathname).toBe('/user-manuals/pad-mapper-manual');
  });

  it('shows the latest version of a product in any category', async () => {
    mockApi({
      '/api/products/': { body: CATALOG },
      '/api/products/loop-kit-one': { body: rawDetail('loop-kit-one', { latestVersion: PAD_MAPPER_VERSION }) },
    });
    renderProductPage('loop-kit-one');
    const facts = await screen.findByRole('region', { name: 'Key facts' });
    expect(within(facts).getByText('Latest version')).toBeInTheDocument();
    expect(within(facts).queryAllByRole('listitem')).toEqual([]);
  });

  it('lists labelled facts as the API sends them', async () => {
    const keyFacts = [
      { label: 'Contents', value: '16 MIDI and 16 WAV files' },
      { label: 'Download size', value: '111 MB' },
    ];
    mockApi({
      '/api/products/': { body: CATALOG },
      '/api/products/loop-kit-one': { body: rawDetail('loop-kit-one', { keyFacts }) },
    });
    renderProductPage('loop-kit-one');
    const facts = await screen.findByRole('region', { name: 'Key facts' });
    expect(
      within(facts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Contents: 16 MIDI and 16 WAV files', 'Download size: 111 MB']);
  });

  it('shows no Key facts panel for a product without facts or a release', async () => {
    mockApi({ '/api/products/': { body: CATALOG }, '/api/products/loop-kit-two': { body: rawDetail('loop-kit-two') } });
    renderProductPage('loop-kit-two');
    await screen.findByRole('heading', { level: 1, name: 'Loop Kit Two' });
    expect(screen.queryByRole('region', { name: 'Key facts' })).not.toBeInTheDocument();
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
      '/api/products/note-router': () => (++calls === 1 ? { status: 502, statusText: 'Bad Gateway' } : { body: rawDetail('note-router') }),
    });
    renderProductPage('note-router');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load this product.");
    expect(alert).toHaveTextContent('HTTP 502: Bad Gateway');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Note Router' })).toBeInTheDocument();
  });

  it("renders the server's HTML for the description, and store links in it navigate inside the app", async () => {
    // Link schemes and raw HTML are checked where the HTML is made: apps/server/src/lib/markdown.test.ts.
    mockApi({
      '/api/products/': { body: CATALOG },
      '/api/products/note-router': {
        body: rawDetail('note-router', {
          descriptionHtml:
            '<h2>Routing</h2>\n<p>Read the <a href="/user-manuals/pad-mapper-manual">manual</a> or <a href="mailto:help@example.com">mail us</a>.</p>\n',
        }),
      },
    });
    const { router } = renderProductPage('note-router');
    expect(await screen.findByRole('heading', { level: 2, name: 'Routing' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'mail us' })).toHaveAttribute('href', 'mailto:help@example.com');
    await userEvent.click(screen.getByRole('link', { name: 'manual' }));
    expect(router.state.location.pathname).toBe('/user-manuals/pad-mapper-manual');
  });

  it('shows breadcrumb, price with discount, summary text and the default action', async () => {
    mockApi({ '/api/products/': { body: CATALOG }, '/api/products/note-router': { body: rawDetail('note-router') } });
    renderProductPage('note-router');
    const breadcrumb = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products');
    // The category's list comes from GET /api/categories.
    expect(await within(breadcrumb).findByRole('link', { name: 'Tools' })).toHaveAttribute('href', '/products/tools');
    expect(within(breadcrumb).getByText('Note Router')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('$23.20')).toBeInTheDocument();
    expect(screen.getByText('-20%')).toBeInTheDocument();
    expect(screen.getByText('Launch offer')).toBeInTheDocument();
    expect(screen.getByText('About note-router.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    await waitFor(() => expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'About note-router.'));
  });

  it('says until when a dated deal runs', async () => {
    mockApi({
      '/api/products/': { body: CATALOG },
      '/api/products/note-router': { body: rawDetail('note-router', { deal: { endsAt: '2026-12-01T00:00:00.000Z' } }) },
    });
    renderProductPage('note-router');
    // The deal ends at midnight: its last day is the day before.
    expect(await screen.findByText('Launch offer · until 30 Nov')).toBeInTheDocument();
  });

  it('uses renderAction for the product and the trial', async () => {
    mockApi({ '/api/products/': { body: CATALOG }, '/api/products/pad-mapper': { body: rawDetail('pad-mapper', { trial: TRIAL }) } });
    renderWithProviders(
      <ProductPage
        productPath="pad-mapper"
        renderAction={(product) => (
          <button type="button" data-path={product.path}>
            Add {product.display}
          </button>
        )}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Add Pad Mapper' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add Pad Mapper Trial' })).toBeInTheDocument();
  });

  it('suggests related live products and skips unknown and non-live paths', async () => {
    mockApi({
      '/api/products/': { body: CATALOG },
      '/api/products/chord-library': {
        body: rawDetail('chord-library', {
          related: ['free-chord-sampler', 'does-not-exist', 'old-plugin', 'chord-library', 'pad-mapper', 'free-chord-sampler'],
        }),
      },
    });
    renderProductPage('chord-library');
    const related = await screen.findByRole('region', { name: 'You may also like' });
    await waitFor(() =>
      expect(
        within(related)
          .getAllByRole('heading', { level: 3 })
          .map((heading) => heading.textContent),
      ).toEqual(['Free Chord Sampler', 'Pad Mapper']),
    );
    expect(within(related).getByRole('link', { name: 'Pad Mapper' })).toHaveAttribute('href', '/products/pad-mapper');
  });

  it('leaves out media from other hosts and falls back to the cover image', async () => {
    mockApi({
      '/api/products/': { body: CATALOG },
      '/api/products/note-router': {
        body: rawDetail('note-router', { media: [{ kind: 'video', src: 'https://www.youtube.com/embed/abc', title: 'Tracking video' }] }),
      },
    });
    const { container } = renderProductPage('note-router');
    await screen.findByRole('heading', { level: 1, name: 'Note Router' });
    expect(container.querySelector('video, iframe')).toBeNull();
    expect(container.querySelector('[src*="youtube"]')).toBeNull();
  });

  it('offers upgrade prices through renderUpgradeOffers only when the product has some', async () => {
    const offers = [
      { from: 'pad-mapper-3', fromName: 'Pad Mapper 3', percentOff: 100 },
      { from: 'pad-mapper-2', fromName: 'Pad Mapper 2', percentOff: 150 },
    ];
    mockApi({
      '/api/products/': { body: CATALOG },
      '/api/products/pad-mapper': { body: rawDetail('pad-mapper', { upgradeOffers: offers }) },
    });
    const renderUpgradeOffers = vi.fn((_product, given: unknown[]) => <p>{given.length} upgrade offer</p>);
    renderWithProviders(<ProductPage productPath="pad-mapper" renderUpgradeOffers={renderUpgradeOffers} />, { path: '/products/pad-mapper' });
    // The malformed offer (150%) is dropped.
    expect(await screen.findByText('1 upgrade offer')).toBeInTheDocument();
    expect(renderUpgradeOffers).toHaveBeenCalledWith(expect.objectContaining({ path: 'pad-mapper' }), [offers[0]]);
  });
});
