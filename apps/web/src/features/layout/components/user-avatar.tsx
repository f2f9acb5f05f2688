import { useState } from 'react';
import type { HeaderUser } from '../types';
import { initials } from '../utils/initials';

/** The profile picture, or initials when there is none or it fails to load. */
export function UserAvatar({ user, className = 'size-8 text-xs' }: { user: HeaderUser; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shared = `inline-flex shrink-0 items-center justify-center rounded-full ${className}`;
  if (user.picture && failedSrc !== user.picture) {
    const src = user.picture;
    return <img src={src} alt="" referrerPolicy="no-referrer" onError={() => setFailedSrc(src)} className={`${shared} bg-tertiary object-cover`} />;
  }
  return (
    <span aria-hidden="true" className={`${shared} bg-accent font-bold text-black`}>
      {initials(user.name, user.email)}
    </span>
  );
}
