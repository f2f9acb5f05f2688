import { NavLink } from 'react-router';
import { focusRing } from '../styles';

export function navLinkClass(active: boolean) {
  return `inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium transition-colors hover:bg-primary/10 hover:text-primary ${focusRing} ${
    active ? 'text-primary' : 'text-secondary'
  }`;
}

export function NavItem({ to, children }: { to: string; children: string }) {
  return (
    <NavLink to={to} className={({ isActive }) => navLinkClass(isActive)}>
      {children}
    </NavLink>
  );
}
