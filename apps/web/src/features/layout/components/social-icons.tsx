import type { SVGProps } from 'react';

// Simplified, self-drawn marks (no third-party assets); the links carry the accessible names.
type IconProps = SVGProps<SVGSVGElement>;

const base = { viewBox: '0 0 24 24', 'aria-hidden': true, focusable: 'false' } as const;

export const VideoIcon = (props: IconProps) => (
  <svg {...base} fill="currentColor" {...props}>
    <path fillRule="evenodd" d="M6.5 5h11A4.5 4.5 0 0 1 22 9.5v5a4.5 4.5 0 0 1-4.5 4.5h-11A4.5 4.5 0 0 1 2 14.5v-5A4.5 4.5 0 0 1 6.5 5zM10 8.8v6.4l5.4-3.2z" />
  </svg>
);

export const FacebookIcon = (props: IconProps) => (
  <svg {...base} fill="currentColor" {...props}>
    <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4a21 21 0 0 0-2.3-.1c-2.3 0-3.8 1.4-3.8 3.9v2.3H7.9v3h2.6V21z" />
  </svg>
);

export const InstagramIcon = (props: IconProps) => (
  <svg {...base} fill="none" stroke="currentColor" strokeWidth={2} {...props}>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.3" cy="6.7" r="0.6" fill="currentColor" />
  </svg>
);

export const XIcon = (props: IconProps) => (
  <svg {...base} fill="currentColor" {...props}>
    <path d="M3.5 3.5h5.3l11.7 17h-5.3z" />
    <path d="M19.2 3.5h1.9l-6.7 7.6-1-1.4zM4.9 20.5H3l6.9-7.9 1 1.4z" />
  </svg>
);

export const AudioIcon = (props: IconProps) => (
  <svg {...base} fill="currentColor" {...props}>
    <path d="M11 8.2a5.5 5.5 0 0 1 9.2 3.2A3.3 3.3 0 0 1 19.7 18H11z" />
    <rect x="8.4" y="9" width="1.6" height="9" rx="0.8" />
    <rect x="5.8" y="10.5" width="1.6" height="7.5" rx="0.8" />
    <rect x="3.2" y="12.5" width="1.6" height="5.5" rx="0.8" />
    <rect x="0.8" y="14.5" width="1.4" height="3.5" rx="0.7" />
  </svg>
);

export const LoopsIcon = (props: IconProps) => (
  <svg {...base} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" {...props}>
    <path d="M4 12a8 8 0 0 1 13.7-5.6L20 8.7" />
    <path d="M20 4v4.7h-4.7" />
    <path d="M20 12a8 8 0 0 1-13.7 5.6L4 15.3" />
    <path d="M4 20v-4.7h4.7" />
  </svg>
);
