/** docs/behaviour/account.md#constants */
export const ORDERS_PER_PAGE = 10;
export const ACCOUNT_FETCH_DELAY_MS = 500;
export const SESSION_REDIRECT_DELAY_MS = 2_000;

/** The dashboard's messages (docs/behaviour/account.md#messages). */
export const MESSAGES = {
  sessionExpired: 'Session expired. Redirecting to login...',
  authFailed: 'Authentication failed. Redirecting to login...',
  loadFailed: 'Failed to load account data',
  unableToLoad: 'Unable to Load Orders',
  loadOrdersFailed: 'Failed to load orders',
  /** The error kept when a failure carries no message of its own. */
  unknownError: 'Unknown error',
  /** A customer with no orders. */
  noOrdersTitle: 'No Orders Yet',
  noOrdersBody: 'Your order history will appear here after you make a purchase.',
  /** No customer for this email (404). */
  noOrdersFound: 'No orders found.',
  // The original store's 'Customer account not found in FastSpring' / 'No FastSpring Account Found - Showing Auth0
  // profile information…', worded for whichever payment and identity providers the store runs (docs/decisions/0011).
  noCustomerToast: 'No store purchases found for this email',
  noCustomerTitle: 'No store purchases found for this email',
  noCustomerBody: 'Showing your sign-in profile. Make a purchase with this email address to see it here.',
  emailNotVerifiedTitle: 'Please confirm your email address',
  emailNotVerifiedBody:
    'Your orders are matched by email, so we show them only once your address is confirmed. Open the confirmation email we sent you, follow its link, then sign in again.',
} as const;
