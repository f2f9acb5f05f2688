import { rememberFormatted, zeroMoney } from '@store/contracts/money';
import type { PublicStoreConfig } from '@store/contracts/public-config';
import { DEFAULT_LANDING_MIDI_URL, STORE_CONFIG_META_NAME } from '@store/contracts/store-config-meta';

const ORIGIN = typeof window === 'undefined' ? 'http://localhost:5173' : window.location.origin;

/** Used when the page has no configuration meta tag (the Vite dev server, component tests). */
export const DEFAULT_STORE_CONFIG: PublicStoreConfig = {
  storeName: 'SongWish',
  publicUrl: ORIGIN,
  currency: 'USD',
  zeroPrice: '$0.00',
  contactEmail: 'hello@songwish.example',
  supportEmail: 'support@songwish.example',
  privacyEmail: 'privacy@songwish.example',
  social: {
    video: 'https://www.youtube.com/@songwish',
    facebook: 'https://www.facebook.com/songwish',
    instagram: 'https://www.instagram.com/songwish',
    x: 'https://x.com/songwish',
    audio: 'https://soundcloud.com/songwish',
    loops: 'https://www.looperman.com/users/profile/songwish',
  },
  // The Vite dev server proxies /sandbox to a running store server.
  payments: { provider: 'sandbox', scriptUrl: '/sandbox/fastspring/builder.js', storefront: 'localhost/sandbox' },
  // The embedded provider on the same origin (the Vite dev server proxies /idp too).
  identity: { authority: `${ORIGIN}/idp`, clientId: 'songwish-web', audience: `${ORIGIN}/api`, provider: 'embedded' },
  // The Vite dev server proxies /content too.
  visualizer: { landingMidiUrl: DEFAULT_LANDING_MIDI_URL },
};

/**
 * The store's public configuration, written into index.html by the server. Read once; a
 * missing or malformed tag falls back to the defaults rather than breaking the page.
 */
export const storeConfig: PublicStoreConfig = readStoreConfig();
// The storefront's 'free' texts and empty carts then need no number formatter while the page loads.
rememberFormatted(0, storeConfig.currency, storeConfig.zeroPrice);

/**
 * On the server, which has no page to read: the store's configuration for the pages it renders,
 * the same the browser will read from the page's tag. Set before each render (the same every time).
 */
export function setServerStoreConfig(config: Partial<PublicStoreConfig>): void {
  Object.assign(storeConfig, withDefaults(config));
}

function withDefaults(parsed: Partial<PublicStoreConfig>): PublicStoreConfig {
  return {
    ...DEFAULT_STORE_CONFIG,
    ...parsed,
    // The server always says; a tag without it (an older page) is written here, once.
    zeroPrice: parsed.zeroPrice ?? zeroMoney(parsed.currency ?? DEFAULT_STORE_CONFIG.currency),
    social: { ...DEFAULT_STORE_CONFIG.social, ...parsed.social },
    payments: { ...DEFAULT_STORE_CONFIG.payments, ...parsed.payments },
    identity: { ...DEFAULT_STORE_CONFIG.identity, ...parsed.identity },
    visualizer: { ...DEFAULT_STORE_CONFIG.visualizer, ...parsed.visualizer },
  };
}

function readStoreConfig(): PublicStoreConfig {
  if (typeof document === 'undefined') return { ...DEFAULT_STORE_CONFIG };
  const content = document.querySelector(`meta[name="${STORE_CONFIG_META_NAME}"]`)?.getAttribute('content');
  if (!content) return DEFAULT_STORE_CONFIG;
  try {
    return withDefaults(JSON.parse(content) as Partial<PublicStoreConfig>);
  } catch {
    console.warn('The store configuration in the page is not valid JSON; using defaults');
    return DEFAULT_STORE_CONFIG;
  }
}
