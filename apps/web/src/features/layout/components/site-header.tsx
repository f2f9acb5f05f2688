import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Container } from '#web/components/ui/container.tsx';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { useBodyScrollLock } from '../hooks/use-body-scroll-lock';
import { PAGE_LINKS } from '../nav-links';
import { hairline, iconButton } from '../styles';
import type { HeaderAccount, HeaderCartSummary } from '../types';
import { AccountMenu } from './account-menu';
import { CartButton } from './cart-button';
import { CloseIcon, MenuIcon } from './icons';
import { Logo } from './logo';
import { NavItem } from './nav-item';
import { ProductsMenu } from './products-menu';
import { ThemeToggle } from './theme-toggle';

// Opened by a tap, never part of a page as it arrives: its code is not the first page's. It is
// fetched once the app runs, so the first tap opens the menu at once rather than after a request.
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));

export interface SiteHeaderProps {
  cart: HeaderCartSummary;
  account: HeaderAccount;
  storeName: string;
}

/** The sticky top navigation on every page (docs/behaviour/site.md#top-navigation). */
export function SiteHeader({ cart, account, storeName }: SiteHeaderProps) {
  const location = useLocation();
  // The mobile menu belongs to the location it was opened on, so any navigation closes it.
  const [mobileMenuKey, setMobileMenuKey] = useState<string | null>(null);
  const mobileOpen = mobileMenuKey === location.key;
  const hydrated = useHydrated();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const mobileMenuId = useId();

  useBodyScrollLock(mobileOpen);
  useEffect(() => void loadMobileMenu(), []);

  const closeMobileMenu = useCallback((returnFocus = false) => {
    setMobileMenuKey(null);
    if (returnFocus) menuButtonRef.current?.focus();
  }, []);

  return (
    <header className={`sticky top-0 z-40 border-b ${hairline} bg-background`}>
      <Container className="flex h-16 items-center gap-2">
        <Logo storeName={storeName} />

        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
          {PAGE_LINKS.map((link) => (
            <NavItem key={link.to} to={link.to}>
              {link.label}
            </NavItem>
          ))}
          <ProductsMenu />
        </nav>

        <div className="ml-auto flex items-center gap-1">
          <div className="hidden items-center gap-1 md:flex">
            <ThemeToggle />
            <AccountMenu account={account} />
          </div>
          <CartButton cart={cart} />
          <button
            ref={menuButtonRef}
            type="button"
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={mobileOpen}
            aria-controls={mobileMenuId}
            // The server's HTML cannot open the menu: disabled until React adopts it.
            disabled={!hydrated}
            onClick={() => setMobileMenuKey(mobileOpen ? null : location.key)}
            className={`${iconButton} -mr-2 md:hidden`}
          >
            {mobileOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          </button>
        </div>
      </Container>

      {mobileOpen && (
        <Suspense fallback={null}>
          <MobileMenu id={mobileMenuId} cart={cart} account={account} onClose={closeMobileMenu} />
        </Suspense>
      )}
    </header>
  );
}
