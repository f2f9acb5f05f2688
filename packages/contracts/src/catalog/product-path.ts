/**
 * A product path is the URL slug and the payment provider's product id: lowercase words joined
 * by hyphens. Kept apart from the zod schemas so the web app's first chunk can use it without zod.
 */
export const PRODUCT_PATH_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
