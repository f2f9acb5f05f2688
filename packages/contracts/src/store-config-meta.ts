/**
 * Name of the meta tag that carries the public store configuration in index.html. Kept apart
 * from the zod schema so the browser can read the tag without bundling zod.
 */
export const STORE_CONFIG_META_NAME = 'store-config';
