import { contentPageList, contentPages, type ContentSlug } from '@store/content';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HeaderAccount } from '#web/features/layout/types.ts';
import { storeConfig } from '#web/lib/store-config.ts';
import type { ContentHandle } from '../router';
import { Component as ContentPage } from './content-page';
import type { RootOutletContext } from './root-layout';

const signedOut = (onSignup = vi.fn()): HeaderAccount => ({ status: 'unauthenticated', onLogin: vi.fn(), onSignup });
const signedIn: HeaderAccount = { status: 'authenticated', user: { name: 'Ada', email: 'ada@example.com' }, onLogout: vi.fn() };

function renderContentPage(slug: ContentSlug, account: HeaderAccount = signedOut()) {
  const page = contentPages[slug];
  const context: RootOutletContext = { account };
  const router = createMemoryRouter(
    [
      {
        element: <Outlet context={context} />,
        children: [{ path: page.path, handle: { contentSlug: slug } satisfies ContentHandle, Component: ContentPage }],
      },
    ],
    { initialEntries: [page.path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('content page', () => {
  it('shows the page title, its metadata and the text with the store details filled in', async () => {
    vi.spyOn(contentPages.support, 'load').mockResolvedValue(
      'Welcome to {{STORE_NAME}}.\n\n## Quick links\n\n- **E-mail support.** Write to [{{SUPPORT_EMAIL}}](mailto:{{SUPPORT_EMAIL}}).\n- **Manual.** All about pads: [Pad Mapper user manual](/user-manuals/pad-mapper-manual).\n\n## Contact\n\nWrite to [{{CONTACT_EMAIL}}](mailto:{{CONTACT_EMAIL}}).',
    );
    renderContentPage('support');

    expect(screen.getByRole('heading', { level: 1, name: 'Support Center' })).toBeInTheDocument();
    expect(await screen.findByText(`Welcome to ${storeConfig.storeName}.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: storeConfig.supportEmail })).toHaveAttribute('href', `mailto:${storeConfig.supportEmail}`);
    expect(screen.getByRole('link', { name: storeConfig.contactEmail })).toHaveAttribute('href', `mailto:${storeConfig.contactEmail}`);
    expect(document.body).not.toHaveTextContent('{{');

    // Quick links as cards, with their action links.
    const quickLinks = screen.getByRole('region', { name: 'Quick links' });
    expect(within(quickLinks).getAllByRole('listitem')).toHaveLength(2);
    expect(within(quickLinks).getByRole('link', { name: /Pad Mapper user manual/ })).toHaveAttribute('href', '/user-manuals/pad-mapper-manual');

    // "On this page" links to the sections.
    const contents = screen.getAllByRole('navigation', { name: 'On this page', hidden: true })[0];
    expect(within(contents!).getByRole('link', { name: 'Contact', hidden: true })).toHaveAttribute('href', '#contact');
    expect(document.getElementById('contact')).toHaveTextContent('Contact');

    expect(document.title).toBe(`Support Center — ${storeConfig.storeName}`);
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', contentPages.support.description);
  });

  it("the support page's sign-up quick link starts sign-up for a signed-out shopper (account spec §2)", async () => {
    const onSignup = vi.fn();
    renderContentPage('support', signedOut(onSignup));
    const quickLinks = await screen.findByRole('region', { name: 'Quick links' });
    const signUpCard = within(quickLinks).getByRole('heading', { level: 3, name: 'Sign up' }).closest('li')!;

    // Not a link to the account, which would send a signed-out shopper back to the home page.
    expect(within(signUpCard).queryByRole('link')).not.toBeInTheDocument();
    await userEvent.click(within(signUpCard).getByRole('button', { name: /Create your account/ }));
    expect(onSignup).toHaveBeenCalledTimes(1);
  });

  it("the support page's sign-up quick link offers a signed-in shopper their account (account spec §2)", async () => {
    renderContentPage('support', signedIn);
    const quickLinks = await screen.findByRole('region', { name: 'Quick links' });
    const signUpCard = within(quickLinks).getByRole('heading', { level: 3, name: 'Sign up' }).closest('li')!;
    expect(within(signUpCard).queryByRole('button')).not.toBeInTheDocument();
    expect(within(signUpCard).getByRole('link', { name: /Go to your account/ })).toHaveAttribute('href', '/account');
  });

  it("the support page's quick links include the tutorial video channel, opening in a new tab (account spec §2)", async () => {
    renderContentPage('support');
    const quickLinks = await screen.findByRole('region', { name: 'Quick links' });
    const videoCard = within(quickLinks).getByRole('heading', { level: 3, name: 'Tutorial videos' }).closest('li')!;
    const link = within(videoCard).getByRole('link', { name: /video channel/ });
    expect(link).toHaveAttribute('href', storeConfig.social.video);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(link).toHaveTextContent('(opens in a new tab)');
    expect(link).not.toHaveTextContent('→');
    expect(
      within(quickLinks)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('h3')?.textContent),
    ).toEqual(['Sign up', 'E-mail support', 'Installation instructions', 'User manual', 'Tutorial videos']);
  });

  it('renders a real page from the registry', async () => {
    renderContentPage('refund-policy');
    expect(await screen.findByRole('heading', { level: 2, name: 'At a glance' })).toHaveAttribute('id', 'at-a-glance');
    expect(screen.getByText('November 1, 2026').closest('time')).toHaveAttribute('dateTime', '2026-11-01');
    expect(screen.getByText(new RegExp(`everything you buy from ${storeConfig.storeName}`))).toBeInTheDocument();
  });

  it('puts the installation guide at the top of a manual that names one', async () => {
    const manual = contentPageList.find((page) => page.installationGuide !== undefined);
    expect(manual).toBeDefined();
    renderContentPage(manual!.slug as ContentSlug);
    const aside = await screen.findByRole('complementary', { name: 'Installation' });
    expect(within(aside).getByRole('link', { name: 'Installation guide' })).toHaveAttribute('href', manual!.installationGuide);
    expect(within(aside).getByRole('link', { name: 'installation instructions' })).toHaveAttribute('href', manual!.installationGuide);
  });

  it('opens other pages with their lead paragraph, without the installation pointer', async () => {
    renderContentPage('about');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('complementary', { name: 'Installation' })).not.toBeInTheDocument();
  });

  it('shows placeholders while the text loads', () => {
    vi.spyOn(contentPages.about, 'load').mockReturnValue(new Promise(() => {}));
    renderContentPage('about');
    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading About Us…');
  });

  it('offers to try again when the text cannot be loaded, and shows it when it can', async () => {
    const load = vi
      .spyOn(contentPages.about, 'load')
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('## Two musicians, one wish\n\nHello.');
    renderContentPage('about');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load this page. Check your connection and try again.");
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Two musicians, one wish' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
