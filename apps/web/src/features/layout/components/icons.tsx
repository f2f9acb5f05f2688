import type { ReactNode, SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

/** A decorative 24×24 line icon; the control around it carries the accessible name. */
function LineIcon({ children, className = 'size-5', ...props }: IconProps & { children: ReactNode }) {
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

export const ArrowRightIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M5 12h14M13 6l6 6-6 6" />
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

export const OrdersIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M4 8l8-4 8 4v8l-8 4-8-4z" />
    <path d="M4 8l8 4 8-4M12 12v8" />
  </LineIcon>
);

export const AdminIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6z" />
    <path d="M9 12l2 2 4-4" />
  </LineIcon>
);

export const LogoutIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 16l-4-4 4-4M6 12h10" />
  </LineIcon>
);

export const LoginIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 8l4 4-4 4M14 12H4" />
  </LineIcon>
);

export const KeyIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <circle cx="8" cy="15" r="4" />
    <path d="M10.8 12.2L20 3M16 7l3 3M14 9l2 2" />
  </LineIcon>
);

export const WaveformIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M3 12h1M7 8v8M11 4v16M15 7v10M19 10v4M22 12h-1" />
  </LineIcon>
);

export const DownloadIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </LineIcon>
);

export const MailIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </LineIcon>
);
