/**
 * Name of the meta tag that carries the public store configuration in index.html. Kept apart
 * from the zod schema so the browser can read the tag without bundling zod.
 */
export const STORE_CONFIG_META_NAME = 'store-config';

/** Where the store serves the landing page's sample MIDI (`DATA_DIR/content/midi/landing.mid`). */
export const DEFAULT_LANDING_MIDI_URL = '/content/midi/landing.mid';
