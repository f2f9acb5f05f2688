export interface NavLinkItem {
  to: string;
  label: string;
}

export const PAGE_LINKS: readonly NavLinkItem[] = [
  { to: '/about', label: 'About Us' },
  { to: '/support', label: 'Support' },
];

export const PRODUCT_LINKS: readonly NavLinkItem[] = [
  { to: '/products', label: 'All Products' },
  { to: '/products/sample-packs', label: 'Sample Packs' },
  { to: '/products/plugins', label: 'Plugins' },
  { to: '/products/free-downloads', label: 'Free Downloads' },
  { to: '/products/deals', label: 'Deals' },
];

export const POLICY_LINKS: readonly NavLinkItem[] = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
  { to: '/terms-and-conditions', label: 'Terms and Conditions' },
  { to: '/refund-policy', label: 'Refund Policy' },
  { to: '/marketing-policy', label: 'Marketing Policy' },
];

export const ACCOUNT_PATH = '/account';
export const CART_PATH = '/cart';
