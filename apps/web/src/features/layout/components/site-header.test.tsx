import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeaderAccount, HeaderCartSummary } from '../types';
import { withCategories } from '#web/testing/categories.tsx';
import { SiteHeader } from './site-header';

const EMPTY_CART: HeaderCartSummary = { ready: true, count: 0, total: '$0.00' };
const SIGNED_OUT: HeaderAccount = { status: 'unauthenticated', onLogin: () => {}, onSignup: () => {} };

function renderHeader({ cart = EMPTY_CART, account = SIGNED_OUT }: { cart?: HeaderCartSummary; account?: HeaderAccount } = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <SiteHeader cart={cart} account={account} storeName="SongWish" />
            <button type="button">Outside</button>
          </>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  const { Provider } = withCategories();
  render(
    <Provider>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { router, user: userEvent.setup() };
}

const productsTrigger = () => screen.getByRole('button', { name: 'Products' });
const productsMenu = () => screen.getByRole('menu', { name: 'Products' });
const queryProductsMenu = () => screen.queryByRole('menu', { name: 'Products' });

describe('SiteHeader navigation', () => {
  it('links the logo home and shows the page links', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'SongWish home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    expect(screen.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support');
  });
});

describe('Products dropdown', () => {
  it('opens on click with the five product links', async () => {
    const { user } = renderHeader();
    const trigger = productsTrigger();
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(queryProductsMenu()).not.toBeInTheDocument();

    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const menu = productsMenu();
    expect(trigger).toHaveAttribute('aria-controls', menu.id);
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['All Products', '/products'],
      ['Loops', '/products/loops'],
      ['Tools', '/products/tools'],
      ['Free Downloads', '/products/free-downloads'],
      ['Deals', '/products/deals'],
    ]);
  });

  it('closes on an outside click', async () => {
    const { user } = renderHeader();
    await user.click(productsTrigger());
    expect(productsMenu()).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Outside' }));
    expect(queryProductsMenu()).not.toBeInTheDocument();
    expect(productsTrigger()).toHaveAttribute('aria-expanded', 'false');
  });

  it('toggles closed when the trigger is clicked again', async () => {
    const { user } = renderHeader();
    await user.click(productsTrigger());
    await user.click(productsTrigger());
    expect(queryProductsMenu()).not.toBeInTheDocument();
  });

  it('closes on Escape and returns focus to the trigger', async () => {
    const { user } = renderHeader();
    productsTrigger().focus();
    await user.keyboard('{ArrowDown}');
    expect(within(productsMenu()).getByRole('menuitem', { name: 'All Products' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(queryProductsMenu()).not.toBeInTheDocument();
    expect(productsTrigger()).toHaveFocus();
  });

  it('moves between items with the arrow keys, wrapping at the ends', async () => {
    const { user } = renderHeader();
    productsTrigger().focus();
    await user.keyboard('{ArrowDown}');
    const item = (name: string) => within(productsMenu()).getByRole('menuitem', { name });
    expect(item('All Products')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Loops')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(item('Free Downloads')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(item('Tools')).toHaveFocus();
    await user.keyboard('{End}');
    expect(item('Deals')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('All Products')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(item('Deals')).toHaveFocus();
  });

  it('opens from Enter and Space with the first item focused', async () => {
    const { user } = renderHeader();
    productsTrigger().focus();
    await user.keyboard('{Enter}');
    expect(within(productsMenu()).getByRole('menuitem', { name: 'All Products' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await user.keyboard(' ');
    expect(within(productsMenu()).getByRole('menuitem', { name: 'All Products' })).toHaveFocus();
  });

  it('opens from ArrowUp with the last item focused', async () => {
    const { user } = renderHeader();
    productsTrigger().focus();
    await user.keyboard('{ArrowUp}');
    expect(within(productsMenu()).getByRole('menuitem', { name: 'Deals' })).toHaveFocus();
  });

  it('closes when Tab leaves the menu', async () => {
    const { user } = renderHeader();
    productsTrigger().focus();
    await user.keyboard('{ArrowDown}');
    await user.tab();
    expect(queryProductsMenu()).not.toBeInTheDocument();
  });

  it('closes and navigates when a link is chosen', async () => {
    const { user, router } = renderHeader();
    await user.click(productsTrigger());
    await user.click(within(productsMenu()).getByRole('menuitem', { name: 'Tools' }));
    expect(router.state.location.pathname).toBe('/products/tools');
    expect(queryProductsMenu()).not.toBeInTheDocument();
  });
});

describe('account dropdown', () => {
  it('shows Loading... while identity loads', () => {
    renderHeader({ account: { status: 'loading' } });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('shows Login when signed out, which calls onLogin', async () => {
    const onLogin = vi.fn();
    const { user } = renderHeader({ account: { status: 'unauthenticated', onLogin, onSignup: vi.fn() } });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(onLogin).toHaveBeenCalledOnce();
  });

  it('shows the signed-in shopper with My Orders and Logout', async () => {
    const onLogout = vi.fn();
    const { user } = renderHeader({
      account: {
        status: 'authenticated',
        user: { name: 'Ada Lovelace', email: 'ada@example.com', picture: 'https://example.com/ada.png' },
        onLogout,
      },
    });
    const trigger = await screen.findByRole('button', { name: /Ada Lovelace/ });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByText('Ada Lovelace').length).toBeGreaterThan(0);
    expect(screen.getByText('ada@example.com')).toBeVisible();
    expect(document.querySelector('img[src="https://example.com/ada.png"]')).not.toBeNull();

    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'My Orders' })).toHaveAttribute('href', '/account');
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('shows initials when the shopper has no picture', async () => {
    const { user } = renderHeader({
      account: { status: 'authenticated', user: { name: 'Ada Lovelace', email: 'ada@example.com' }, onLogout: vi.fn() },
    });
    await user.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));
    expect(screen.getAllByText('AL').length).toBeGreaterThan(0);
  });
});

describe('cart button', () => {
  const cartLink = () => screen.getByRole('link', { name: /in cart|shopping cart/ });

  it('hides the badge and says "View shopping cart" for an empty cart', () => {
    renderHeader();
    const link = cartLink();
    expect(link).toHaveAccessibleName('View shopping cart');
    expect(link).toHaveAttribute('title', 'View shopping cart');
    expect(link).toHaveAttribute('href', '/cart');
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
    expect(link).toHaveTextContent('$0.00');
  });

  it('shows the count and the total', () => {
    renderHeader({ cart: { ready: true, count: 5, total: '$120.00' } });
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('5');
    expect(cartLink()).toHaveTextContent('$120.00');
  });

  it('shows 99+ above 99 items', () => {
    renderHeader({ cart: { ready: true, count: 100, total: '$4,900.00' } });
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('99+');
  });

  it('names the item count in the tooltip', () => {
    renderHeader({ cart: { ready: true, count: 3, total: '$79.00' } });
    const link = cartLink();
    expect(link).toHaveAttribute('title', '3 item(s) in cart');
    expect(link).toHaveAccessibleName('3 item(s) in cart');
  });
});

describe('theme toggle', () => {
  it('switches between the dark and light themes', async () => {
    const { user } = renderHeader();
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
  });
});

describe('product links before the categories are known', () => {
  it('lists the fixed lists at once, and the header keeps its place', async () => {
    const router = createMemoryRouter([{ path: '*', element: <SiteHeader cart={EMPTY_CART} account={SIGNED_OUT} storeName="SongWish" /> }]);
    const { Provider } = withCategories(null);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    render(
      <Provider>
        <RouterProvider router={router} />
      </Provider>,
    );
    await userEvent.setup().click(productsTrigger());
    expect(
      within(productsMenu())
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['All Products', 'Free Downloads', 'Deals']);
    vi.unstubAllGlobals();
  });
});

describe('mobile menu', () => {
  beforeEach(() => {
    document.body.style.overflow = '';
  });

  const menuButton = () => screen.getByRole('button', { name: /^(Open|Close) menu$/ });
  // The menu's code arrives when it is first opened: found, not got.
  const mobileNav = () => screen.findByRole('navigation', { name: 'Mobile' });

  it('opens and closes, locking page scrolling while open', async () => {
    document.body.style.overflow = 'auto';
    const { user } = renderHeader({ cart: { ready: true, count: 3, total: '$79.00' } });
    expect(menuButton()).toHaveAccessibleName('Open menu');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton());
    expect(menuButton()).toHaveAccessibleName('Close menu');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(document.body.style.overflow).toBe('hidden');

    const nav = await mobileNav();
    expect(nav.closest('[id]')).toHaveAttribute('id', menuButton().getAttribute('aria-controls'));
    for (const name of ['About Us', 'Support', 'All Products', 'Loops', 'Tools', 'Free Downloads', 'Deals']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(within(nav).getByText('Theme')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    const viewCart = within(nav).getByRole('link', { name: /View Cart/ });
    expect(viewCart).toHaveAttribute('href', '/cart');
    expect(viewCart).toHaveTextContent('3');
    expect(viewCart).toHaveTextContent('$79.00');

    await user.click(menuButton());
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('auto');
  });

  it('moves focus into the menu when it opens', async () => {
    const { user } = renderHeader();
    await user.click(menuButton());
    expect(within(await mobileNav()).getByRole('link', { name: 'About Us' })).toHaveFocus();
  });

  it('closes on Escape, returning focus to the menu button', async () => {
    const { user } = renderHeader();
    await user.click(menuButton());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on navigation', async () => {
    const { user, router } = renderHeader();
    await user.click(menuButton());
    await user.click(within(await mobileNav()).getByRole('link', { name: 'Deals' }));
    expect(router.state.location.pathname).toBe('/products/deals');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    // The lock is released in an effect cleanup, which runs after the re-render.
    await waitFor(() => expect(document.body.style.overflow).toBe(''));
  });

  it('closes when the location changes by other means', async () => {
    const { user, router } = renderHeader();
    await user.click(menuButton());
    await act(() => router.navigate('/about'));
    expect(await screen.findByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    await waitFor(() => expect(document.body.style.overflow).toBe(''));
  });

  it('restores scrolling when unmounted while open', async () => {
    document.body.style.overflow = '';
    const router = createMemoryRouter([{ path: '/', element: <SiteHeader cart={EMPTY_CART} account={SIGNED_OUT} storeName="SongWish" /> }]);
    const { Provider } = withCategories();
    const { unmount } = render(
      <Provider>
        <RouterProvider router={router} />
      </Provider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open menu' }));
    expect(document.body.style.overflow).toBe('hidden');
    unmount();
    expect(document.body.style.overflow).toBe('');
  });

  it('lists the signed-in shopper with My Orders and Logout', async () => {
    const onLogout = vi.fn();
    const { user } = renderHeader({
      account: { status: 'authenticated', user: { name: 'Ada Lovelace', email: 'ada@example.com' }, onLogout },
    });
    await user.click(menuButton());
    const nav = await mobileNav();
    expect(within(nav).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/account');
    expect(within(nav).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('lists Admin for an administrator', async () => {
    const { user } = renderHeader({
      account: { status: 'authenticated', user: { name: 'Ada Lovelace', email: 'ada@example.com' }, onLogout: vi.fn(), adminHref: '/admin' },
    });
    await user.click(menuButton());
    expect(within(await mobileNav()).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('shows Loading... for the account while identity loads', async () => {
    const { user } = renderHeader({ account: { status: 'loading' } });
    await user.click(menuButton());
    expect(within(await mobileNav()).getByText('Loading...')).toBeInTheDocument();
  });
});
