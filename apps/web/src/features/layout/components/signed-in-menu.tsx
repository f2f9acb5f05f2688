import { Link } from 'react-router';
import { useDropdown } from '../hooks/use-dropdown';
import { paths } from '@store/contracts/paths';
import { dropdownPanel, focusRing, hairline, menuItem } from '../styles';
import type { HeaderUser } from '../types';
import { ChevronDownIcon } from './icons';
import { AdminIcon, LogoutIcon, OrdersIcon } from './menu-icons';
import { UserAvatar } from './user-avatar';

/** The signed-in shopper's menu: who they are, My Orders, Admin for a maker, Logout. */
export default function SignedInMenu({ user, onLogout, adminHref }: { user: HeaderUser; onLogout: () => void; adminHref?: string }) {
  const { isOpen, rootProps, triggerProps, menuProps, itemProps } = useDropdown();
  return (
    <div {...rootProps} className="relative">
      <button
        {...triggerProps}
        className={`inline-flex min-h-11 items-center gap-2 rounded-full py-1.5 pr-2.5 pl-1.5 text-sm font-medium text-primary transition-colors hover:bg-primary/10 ${focusRing}`}
      >
        <UserAvatar key={user.picture} user={user} />
        <span className="sr-only">Account menu for </span>
        <span className="sr-only max-w-36 truncate lg:not-sr-only">{user.name}</span>
        <ChevronDownIcon className={`size-4 text-secondary transition-transform motion-reduce:transition-none ${isOpen ? 'rotate-180' : ''}`} />
      </button>
      <div hidden={!isOpen} className={`${dropdownPanel} right-0 w-72`}>
        <div className={`flex items-center gap-3 border-b ${hairline} px-4 py-3.5`}>
          <UserAvatar key={user.picture} user={user} className="size-10 text-sm" />
          <div className="min-w-0">
            <p className="truncate font-semibold text-primary">{user.name}</p>
            <p className="truncate text-sm text-secondary">{user.email}</p>
          </div>
        </div>
        <div {...menuProps} className="p-1.5">
          <Link to={paths.account.getHref()} {...itemProps} className={menuItem}>
            <OrdersIcon className="size-5 text-secondary" />
            My Orders
          </Link>
          {adminHref && (
            <Link to={adminHref} {...itemProps} className={menuItem}>
              <AdminIcon className="size-5 text-secondary" />
              Admin
            </Link>
          )}
          <button type="button" {...itemProps} onClick={onLogout} className={menuItem}>
            <LogoutIcon className="size-5 text-secondary" />
            Logout
          </button>
        </div>
      </div>
    </div>
  );
}
