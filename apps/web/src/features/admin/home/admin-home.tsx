import { Link } from 'react-router';
import { ADMIN_AREAS } from '../admin-areas';
import { AdminPage } from '../components/admin-page';

/** /admin: what each area is for, one click away. */
export default function AdminHome() {
  return (
    <AdminPage title="Overview" description="Run the store from here: the catalogue, releases, coupons and who may change them.">
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {ADMIN_AREAS.map((area) => (
          <li key={area.href}>
            <Link
              to={area.href}
              className="flex h-full flex-col gap-1 rounded-xl border border-border/40 bg-background p-5 shadow-sm transition-colors hover:border-primary/40 dark:border-border/70"
            >
              <span className="text-lg font-semibold text-primary">{area.label}</span>
              <span className="text-sm text-secondary">{area.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}
