import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '@store/contracts/paths';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { StatusScreen } from '#web/components/ui/status-screen.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { ADMIN_AREAS, ADMIN_RECORD_PAGES } from './admin-areas';
import { AdminApiProvider } from './api/admin-api-context';
import { useAdminSelf } from './api/get-admin-self';
import { AdminLayout } from './components/admin-layout';
import AdminHome from './home/admin-home';
import { errorMessage } from './utils/error-message';

export interface AdminAppProps {
  storeName: string;
  getAccessToken: () => Promise<string | null>;
  onLogout: () => void;
}

/** The back office for a signed-in user: checks they are an administrator, then shows the area they opened. */
export function AdminApp({ getAccessToken, ...frame }: AdminAppProps) {
  return (
    <AdminApiProvider getAccessToken={getAccessToken}>
      <AdminGate {...frame} />
    </AdminApiProvider>
  );
}

function AdminGate({ storeName, onLogout }: Omit<AdminAppProps, 'getAccessToken'>) {
  const self = useAdminSelf();
  if (self.isPending) return <Centered>{<Spinner label="Opening the back office" />}</Centered>;
  if (self.isError) {
    const forbidden = self.error instanceof ApiError && self.error.status === 403;
    return (
      <StatusScreen
        documentTitle={forbidden ? 'Administrators only' : 'Back office unavailable'}
        title={forbidden ? 'Administrators only' : 'The back office could not open'}
        tone="error"
        role="alert"
        actions={<ButtonLink to={paths.home.getHref()}>Back to the store</ButtonLink>}
      >
        <p>{errorMessage(self.error)}</p>
      </StatusScreen>
    );
  }
  return (
    <AdminLayout storeName={storeName} email={self.data.email} onLogout={onLogout}>
      <AdminRoutes />
    </AdminLayout>
  );
}

function AdminRoutes() {
  // One lazy component per page, made once: each area's code loads when it is first opened.
  const pages = useMemo(
    () => [...ADMIN_AREAS.flatMap((area) => area.routes), ...ADMIN_RECORD_PAGES].map((route) => ({ path: route.path, Page: lazy(route.load) })),
    [],
  );
  return (
    <Suspense fallback={<Spinner label="Loading the page" />}>
      <Routes>
        <Route index element={<AdminHome />} />
        {pages.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}

function NotFound() {
  return (
    <StatusScreen
      documentTitle="Not found — Back office"
      title="No such page in the back office"
      actions={<ButtonLink to={paths.admin.home.getHref()}>Back to the overview</ButtonLink>}
    >
      <p>The address may be mistyped, or what it showed was removed.</p>
    </StatusScreen>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return <div className="flex min-h-dvh items-center justify-center">{children}</div>;
}
