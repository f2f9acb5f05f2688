import type { ReactNode, SVGProps } from 'react';

// The icons of the shell every page shows. Those only the account and mobile menus show are in
// menu-icons.tsx, the landing page's in landing-icons.tsx: each goes with the code that draws it,
// not into the first page's (docs/decisions/0041).

export type IconProps = SVGProps<SVGSVGElement>;

/** A decorative 24×24 line icon; the control around it carries the accessible name. */
export function LineIcon({ children, className = 'size-5', ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...props}
    >
      {children}
    </svg>
  );
}

export const MenuIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </LineIcon>
);

export const CloseIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M6 6l12 12M18 6L6 18" />
  </LineIcon>
);

export const ChevronDownIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M6 9l6 6 6-6" />
  </LineIcon>
);

export const SunIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M4.93 19.07l1.41-1.41M17.66 6.34l1.41-1.41" />
  </LineIcon>
);

export const MoonIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M20.5 14.5A8.5 8.5 0 1 1 9.5 3.5a7 7 0 0 0 11 11z" />
  </LineIcon>
);

export const CartIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M3 4h2l2.2 10.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L20.5 8H6" />
    <circle cx="9.5" cy="19.5" r="1.25" />
    <circle cx="17" cy="19.5" r="1.25" />
  </LineIcon>
);

export const MailIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </LineIcon>
);
