import { useState } from 'react';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { DEFAULT_PLAYER_OPTIONS, loadPlayerOptions, type PlayerOptions } from '../options/player-options';

/**
 * The shopper's stored player options, read once. The server has no storage and renders the
 * defaults, so the browser renders them too while it adopts the server's HTML (the same markup:
 * no mismatch), and the shopper's own right after; a page rendered in the browser alone has them
 * from its first render.
 */
export function useStoredPlayerOptions(): Readonly<PlayerOptions> {
  const hydrated = useHydrated();
  const [stored] = useState(() => loadPlayerOptions().options);
  return hydrated ? stored : DEFAULT_PLAYER_OPTIONS;
}
