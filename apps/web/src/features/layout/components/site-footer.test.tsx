import type { PublicStoreConfig } from '@store/contracts/public-config';
import { render, screen, within } from '@testing-library/react';
import { withCategories } from '#web/testing/categories.tsx';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteFooter } from './site-footer';

const CONFIG: PublicStoreConfig = {
  storeName: 'SongWish',
  publicUrl: 'https://songwish.example',
  currency: 'USD',
  zeroPrice: '$0.00',
  contactEmail: 'hello@songwish.example',
  supportEmail: 'support@songwish.example',
  privacyEmail: 'privacy@songwish.example',
  social: {
    video: 'https://video.example/songwish',
    facebook: 'https://facebook.example/songwish',
    instagram: 'https://instagram.example/songwish',
    x: 'https://x.example/songwish',
    audio: 'https://audio.example/songwish',
    loops: 'https://loops.example/songwish',
  },
  payments: { provider: 'sandbox', scriptUrl: '/sandbox/fastspring/builder.js', storefront: 'localhost/sandbox' },
  identity: { authority: 'http://localhost/idp', clientId: 'songwish-web', audience: 'http://localhost/api', provider: 'embedded' },
  visualizer: { landingMidiUrl: '/content/midi/landing.mid' },
};

function renderFooter(config = CONFIG) {
  const { Provider } = withCategories();
  return render(
    <Provider>
      <MemoryRouter>
        <SiteFooter config={config} />
      </MemoryRouter>
    </Provider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SiteFooter', () => {
  it('links the five policy pages', () => {
    renderFooter();
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    const links = within(legal).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Privacy Policy', '/privacy-policy'],
      ['Cookie Policy', '/cookie-policy'],
      ['Terms and Conditions', '/terms-and-conditions'],
      ['Refund Policy', '/refund-policy'],
      ['Marketing Policy', '/marketing-policy'],
    ]);
  });

  it('shows general and support contact addresses as mailto links', () => {
    renderFooter();
    expect(screen.getByRole('link', { name: 'hello@songwish.example' })).toHaveAttribute('href', 'mailto:hello@songwish.example');
    expect(screen.getByRole('link', { name: 'support@songwish.example' })).toHaveAttribute('href', 'mailto:support@songwish.example');
  });

  it('links the six social channels in new tabs', () => {
    renderFooter();
    const expected: [string, string][] = [
      ['YouTube', CONFIG.social.video],
      ['Facebook', CONFIG.social.facebook],
      ['Instagram', CONFIG.social.instagram],
      ['X', CONFIG.social.x],
      ['SoundCloud', CONFIG.social.audio],
      ['Looperman', CONFIG.social.loops],
    ];
    const list = screen.getByRole('list', { name: 'Follow us' });
    expect(within(list).getAllByRole('link')).toHaveLength(6);
    for (const [name, href] of expected) {
      const link = within(list).getByRole('link', { name: `${name} (opens in a new tab)` });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link.querySelector('svg')).not.toBeNull();
    }
  });

  it('shows the copyright with the current year and store name', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-15T12:00:00Z'));
    renderFooter({ ...CONFIG, storeName: 'Test Store' });
    expect(screen.getByText('© 2031 Test Store')).toBeInTheDocument();
  });

  it('has site-map links to products, about and support', () => {
    renderFooter();
    const products = within(screen.getByRole('navigation', { name: 'Products' })).getAllByRole('link');
    // The fixed lists, with the store's categories (from the API) between them.
    expect(products.map((link) => link.getAttribute('href'))).toEqual([
      '/products',
      '/products/loops',
      '/products/tools',
      '/products/free-downloads',
      '/products/deals',
    ]);
    const company = screen.getByRole('navigation', { name: 'Company' });
    expect(within(company).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    expect(within(company).getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support');
  });
});
