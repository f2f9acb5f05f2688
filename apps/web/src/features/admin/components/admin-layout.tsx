import { useState, type ReactNode } from 'react';
import { NavLink, Link } from 'react-router';
import { paths } from '@store/contracts/paths';
import { ADMIN_AREAS } from '../admin-areas';

const navLink = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-lg px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:focus-visible:outline-accent ${
    isActive ? 'bg-primary/10 text-primary' : 'text-secondary hover:bg-primary/5 hover:text-primary'
  }`;

/** The back office's frame: the areas on the left (a menu on a phone), who is signed in, and the page. */
export function AdminLayout({ storeName, email, onLogout, children }: { storeName: string; email: string; onLogout: () => void; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const nav = (
    <nav aria-label="Back office" className="flex flex-col gap-1">
      <NavLink to={paths.admin.home.getHref()} end className={navLink} onClick={() => setMenuOpen(false)}>
        Overview
      </NavLink>
      {ADMIN_AREAS.map((area) => (
        <NavLink key={area.href} to={area.href} className={navLink} onClick={() => setMenuOpen(false)}>
          {area.label}
        </NavLink>
      ))}
    </nav>
  );
  const account = (
    <>
      <span className="truncate px-3 text-secondary" title={email}>
        {email}
      </span>
      <Link to={paths.home.getHref()} className={navLink({ isActive: false })}>
        View store
      </Link>
      <button type="button" className={`${navLink({ isActive: false })} text-left`} onClick={onLogout}>
        Sign out
      </button>
    </>
  );
  return (
    <div className="min-h-dvh bg-tertiary/40 text-primary">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:p-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-border/40 bg-background/95 backdrop-blur dark:border-border/70">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4 sm:px-6">
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-primary/10 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="admin-nav-mobile"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="sr-only">{menuOpen ? 'Close the menu' : 'Open the menu'}</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
          <Link to={paths.admin.home.getHref()} className="truncate font-bold">
            {storeName} <span className="font-normal text-secondary">· Back office</span>
          </Link>
          <div className="ml-auto hidden items-center gap-2 text-sm whitespace-nowrap lg:flex">{account}</div>
        </div>
        {menuOpen && (
          <div id="admin-nav-mobile" className="border-t border-border/40 px-4 py-3 lg:hidden dark:border-border/70">
            {nav}
            <div className="mt-3 flex flex-col gap-1 border-t border-border/40 pt-3 text-sm dark:border-border/70">{account}</div>
          </div>
        )}
      </header>
      <div className="mx-auto flex max-w-7xl gap-8 px-4 py-6 sm:px-6 lg:py-8">
        <aside className="hidden w-56 shrink-0 lg:block">
          <div className="sticky top-20">{nav}</div>
        </aside>
        <main id="admin-main" className="min-w-0 flex-1">
          {children}
        </main>
      </div>
    </div>
  );
}
