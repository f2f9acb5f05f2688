import { LineIcon, type IconProps } from './icons';

// The landing page's icons, with its code rather than the shell's.

export const ArrowRightIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M5 12h14M13 6l6 6-6 6" />
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
