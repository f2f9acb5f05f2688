import { Outlet } from 'react-router';
import { SiteFooter } from '../../features/layout/components/site-footer';
import { SiteHeader } from '../../features/layout/components/site-header';

export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-background text-primary">
      <SiteHeader />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
