import { paths } from '@store/contracts/paths';

export interface NavLinkItem {
  to: string;
  label: string;
}

export const PAGE_LINKS: readonly NavLinkItem[] = [
  { to: paths.content.about.getHref(), label: 'About Us' },
  { to: paths.content.support.getHref(), label: 'Support' },
];

export const PRODUCT_LINKS: readonly NavLinkItem[] = [
  { to: paths.productLists.all.getHref(), label: 'All Products' },
  { to: paths.productLists.samplePacks.getHref(), label: 'Sample Packs' },
  { to: paths.productLists.plugins.getHref(), label: 'Plugins' },
  { to: paths.productLists.freeDownloads.getHref(), label: 'Free Downloads' },
  { to: paths.productLists.deals.getHref(), label: 'Deals' },
];

export const POLICY_LINKS: readonly NavLinkItem[] = [
  { to: paths.content['privacy-policy'].getHref(), label: 'Privacy Policy' },
  { to: paths.content['cookie-policy'].getHref(), label: 'Cookie Policy' },
  { to: paths.content['terms-and-conditions'].getHref(), label: 'Terms and Conditions' },
  { to: paths.content['refund-policy'].getHref(), label: 'Refund Policy' },
  { to: paths.content['marketing-policy'].getHref(), label: 'Marketing Policy' },
];
