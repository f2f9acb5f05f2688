import { useEffect, useId, useRef } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '@store/contracts/paths';
import { PAGE_LINKS, useProductLinks } from '../nav-links';
import { focusRing, hairline, mobileMenuItem } from '../styles';
import type { HeaderAccount, HeaderCartSummary } from '../types';
import { CartBadge } from './cart-button';
import { CartIcon } from './icons';
import { AdminIcon, LoginIcon, LogoutIcon, OrdersIcon } from './menu-icons';
import { ThemeToggle } from './theme-toggle';
import { UserAvatar } from './user-avatar';

// Tailwind's md breakpoint: past it the desktop navigation takes over.
const DESKTOP_QUERY = '(min-width: 48rem)';

const rowClass = mobileMenuItem;
const sectionLabel = 'px-3 pb-1 text-xs font-semibold tracking-wider text-secondary uppercase';

export interface MobileMenuProps {
  id: string;
  cart: HeaderCartSummary;
  account: HeaderAccount;
  /** `returnFocus`: put focus back on the menu button (Escape). */
  onClose: (returnFocus?: boolean) => void;
}

/** The full-height menu under the header on small screens (docs/behaviour/site.md#top-navigation). */
export function MobileMenu({ id, cart, account, onClose }: MobileMenuProps) {
  const productLinks = useProductLinks();
  const panelRef = useRef<HTMLDivElement>(null);
  const productsLabelId = useId();
  const accountLabelId = useId();

  useEffect(() => {
    panelRef.current?.querySelector<HTMLElement>('a[href], button')?.focus();
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose(true);
    };
    const desktop = window.matchMedia?.(DESKTOP_QUERY);
    const onResize = () => {
      if (desktop?.matches) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    desktop?.addEventListener('change', onResize);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      desktop?.removeEventListener('change', onResize);
    };
  }, [onClose]);

  const close = () => onClose();

  return (
    <div
      id={id}
      ref={panelRef}
      className={`fixed inset-x-0 top-16 bottom-0 z-40 overflow-y-auto overscroll-contain border-t ${hairline} bg-background md:hidden`}
    >
      <nav aria-label="Mobile" className="mx-auto flex max-w-lg flex-col gap-6 px-4 pt-4 pb-10">
        <ul className="flex flex-col gap-0.5">
          {PAGE_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} onClick={close} className={rowClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>

        <div>
          <p id={productsLabelId} className={sectionLabel}>
            Products
          </p>
          <ul aria-labelledby={productsLabelId} className="flex flex-col gap-0.5">
            {productLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end onClick={close} className={rowClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>

        <div>
          <p id={accountLabelId} className={sectionLabel}>
            Account
          </p>
          <MobileAccount account={account} labelledBy={accountLabelId} onClose={close} />
        </div>

        <div className={`flex min-h-12 items-center justify-between border-y ${hairline} py-1 pr-0.5 pl-3`}>
          <span className="text-base font-medium">Theme</span>
          <ThemeToggle />
        </div>

        <Link
          to={paths.cart.getHref()}
          onClick={close}
          className={`flex min-h-12 items-center justify-center gap-3 rounded-lg bg-accent px-5 text-base font-semibold text-black transition-colors hover:bg-accent-strong ${focusRing}`}
        >
          <CartIcon className="size-5" />
          View Cart
          <CartBadge count={cart.count} tone="inverse" />
          <span aria-hidden="true">·</span>
          <span className="tabular-nums">{cart.total}</span>
        </Link>
      </nav>
    </div>
  );
}

function MobileAccount({ account, labelledBy, onClose }: { account: HeaderAccount; labelledBy: string; onClose: () => void }) {
  if (account.status === 'loading') {
    return (
      <p role="status" className="flex min-h-12 items-center px-3 text-secondary">
        Loading...
      </p>
    );
  }
  if (account.status === 'unauthenticated') {
    return (
      <button
        type="button"
        onClick={() => {
          onClose();
          account.onLogin();
        }}
        className={rowClass}
      >
        <LoginIcon className="size-5 text-secondary" />
        Login
      </button>
    );
  }
  return (
    <>
      <div className="flex items-center gap-3 px-3 py-2">
        <UserAvatar key={account.user.picture} user={account.user} className="size-10 text-sm" />
        <div className="min-w-0">
          <p className="truncate font-semibold">{account.user.name}</p>
          <p className="truncate text-sm text-secondary">{account.user.email}</p>
        </div>
      </div>
      <ul aria-labelledby={labelledBy} className="flex flex-col gap-0.5">
        <li>
          <NavLink to={paths.account.getHref()} onClick={onClose} className={rowClass}>
            <OrdersIcon className="size-5 text-secondary" />
            My Orders
          </NavLink>
        </li>
        {account.adminHref && (
          <li>
            <NavLink to={account.adminHref} onClick={onClose} className={rowClass}>
              <AdminIcon className="size-5 text-secondary" />
              Admin
            </NavLink>
          </li>
        )}
        <li>
          <button
            type="button"
            onClick={() => {
              onClose();
              account.onLogout();
            }}
            className={rowClass}
          >
            <LogoutIcon className="size-5 text-secondary" />
            Logout
          </button>
        </li>
      </ul>
    </>
  );
}
