import { Link } from 'react-router';
import { focusRing } from '../styles';
import { paths } from '@store/contracts/paths';

/** The store's mark: four piano-roll notes, echoing the favicon. */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={className}>
      <rect width="64" height="64" rx="14" className="fill-[#111] dark:fill-[#1a161a]" />
      <rect x="12" y="14" width="8" height="36" rx="2" fill="#8ef971" />
      <rect x="24" y="22" width="8" height="28" rx="2" fill="#fff" />
      <rect x="36" y="10" width="8" height="40" rx="2" fill="#8ef971" />
      <rect x="48" y="26" width="6" height="24" rx="2" fill="#fff" />
    </svg>
  );
}

export function Logo({ storeName }: { storeName: string }) {
  return (
    <Link
      to={paths.home.getHref()}
      aria-label={`${storeName} home`}
      className={`flex min-h-11 shrink-0 items-center gap-2.5 rounded-lg pr-1 text-lg font-bold tracking-tight text-primary ${focusRing}`}
    >
      <LogoMark />
      <span>{storeName}</span>
    </Link>
  );
}
