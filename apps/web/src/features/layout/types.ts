/** What the header shows about the cart; the cart feature supplies it through the app layer. */
export interface HeaderCartSummary {
  /** False until the payment provider's script is ready. */
  ready: boolean;
  count: number;
  /** Formatted total, e.g. '$79.00'. */
  total: string;
}

export interface HeaderUser {
  name: string;
  email: string;
  picture?: string;
}

/** What the header shows about the shopper; the identity feature supplies it through the app layer. */
export type HeaderAccount =
  | { status: 'loading' }
  | { status: 'unauthenticated'; onLogin: () => void; onSignup: () => void }
  | {
      status: 'authenticated';
      user: HeaderUser;
      onLogout: () => void;
      /** The back office's address, for administrators only; the menu offers 'Admin' when it is given. */
      adminHref?: string;
    };
