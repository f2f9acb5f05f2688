import { LineIcon, type IconProps } from './icons';

// The icons of the signed-in account menu and the mobile menu, both loaded when first shown.

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
