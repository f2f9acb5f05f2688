/** Storefront spec §9: cart feedback ('Removed!', the added flag) lasts 2000 ms. */
export const CART_FEEDBACK_MS = 2_000;
/** Storefront spec §9: the zero total string; the Secure Checkout button then reads 'Get Free Products'. */
export const ZERO_TOTAL = '$0.00';
/** Cart line images are drawn at this size (CSS px); the attributes reserve the space. */
export const CART_IMAGE_SIZE = 96;
