import { Link } from 'react-router';
import { paths } from '@store/contracts/paths';
import { focusRing } from '../styles';
import type { HeaderCartSummary } from '../types';
import { cartButtonLabel, formatCartBadge } from '../utils/format-cart-badge';
import { CartIcon } from './icons';

const badgeTones = {
  accent: 'bg-accent text-black',
  // For use on the accent green itself.
  inverse: 'bg-black text-white',
};

export function CartBadge({ count, tone = 'accent', className = '' }: { count: number; tone?: keyof typeof badgeTones; className?: string }) {
  const badge = formatCartBadge(count);
  if (!badge) return null;
  return (
    <span
      data-testid="cart-badge"
      className={`inline-flex h-5 min-w-5 items-center justify-center rounded-full px-1.5 text-[11px] leading-none font-bold tabular-nums ${badgeTones[tone]} ${className}`}
    >
      {badge}
    </span>
  );
}

/** The header's cart link; the label doubles as tooltip and accessible name. */
export function CartButton({ cart }: { cart: HeaderCartSummary }) {
  const label = cartButtonLabel(cart.count);
  return (
    <Link
      to={paths.cart.getHref()}
      aria-label={label}
      title={label}
      className={`inline-flex h-11 min-w-11 shrink-0 items-center justify-center gap-2 rounded-lg px-2.5 text-primary transition-colors hover:bg-primary/10 ${focusRing}`}
    >
      {/* The badge stays in the flow (lifted onto the icon's corner) so a wide "99+" pushes the total along instead of covering it. */}
      <span className="flex items-center">
        <CartIcon className="size-6" />
        <CartBadge count={cart.count} className="-ml-2 -translate-y-2 ring-2 ring-background" />
      </span>
      <span className="hidden text-sm font-semibold tabular-nums sm:inline">{cart.total}</span>
    </Link>
  );
}
