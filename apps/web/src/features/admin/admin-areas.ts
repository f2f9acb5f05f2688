import type { ComponentType } from 'react';
import { paths } from '@store/contracts/paths';

/** One area of the back office: its place in the navigation and its pages, each loaded when first opened. */
export interface AdminArea {
  label: string;
  /** The area's first page (`paths.admin`). */
  href: string;
  /** What the area is for, on the back office's home page. */
  description: string;
  /** Route patterns below /admin (`products`, `products/:productId`) and the page each shows. */
  routes: Array<{ path: string; load: () => Promise<{ default: ComponentType }> }>;
}

const relative = (path: string) => path.replace(/^\/admin\/?/, '');

/** The back office's areas in navigation order; an area adds its entry here. */
export const ADMIN_AREAS: readonly AdminArea[] = [
  {
    label: 'Orders',
    href: paths.admin.orders.getHref(),
    description: 'Every sale: find an order, resend its email, refund it.',
    routes: [
      { path: relative(paths.admin.orders.path), load: () => import('./orders/orders-page') },
      { path: relative(paths.admin.order.path), load: () => import('./orders/order-page') },
    ],
  },
  {
    label: 'Customers',
    href: paths.admin.customers.getHref(),
    description: 'Who bought: their orders, licences, account and emails; export or erase their data when they ask.',
    routes: [
      { path: relative(paths.admin.customers.path), load: () => import('./customers/customers-page') },
      { path: relative(paths.admin.customer.path), load: () => import('./customers/customer-page') },
    ],
  },
  {
    label: 'Licences',
    href: paths.admin.licences.getHref(),
    description: 'The licence desk: find a key or a customer, free a computer, revoke, restore, extend a trial, give a complimentary licence.',
    routes: [
      { path: relative(paths.admin.licences.path), load: () => import('./licences/licences-page') },
      { path: relative(paths.admin.newComplimentaryLicence.path), load: () => import('./licences/complimentary-licence-page') },
      { path: relative(paths.admin.licence.path), load: () => import('./licences/licence-page') },
    ],
  },
  {
    label: 'Products',
    href: paths.admin.products.getHref(),
    description: 'What the store sells: prices, deals, descriptions, media, categories, and what is live.',
    routes: [
      { path: relative(paths.admin.products.path), load: () => import('./products/products-page') },
      { path: relative(paths.admin.newProduct.path), load: () => import('./products/new-product-page') },
      { path: relative(paths.admin.product.path), load: () => import('./products/product-page') },
      { path: relative(paths.admin.categories.path), load: () => import('./products/categories-page') },
    ],
  },
  {
    label: 'Coupons',
    href: paths.admin.coupons.getHref(),
    description: 'Promo codes: what they take off, which products, when, and how often they may be used.',
    routes: [
      { path: relative(paths.admin.coupons.path), load: () => import('./coupons/coupons-page') },
      { path: relative(paths.admin.newCoupon.path), load: () => import('./coupons/coupon-edit-page') },
      { path: relative(paths.admin.coupon.path), load: () => import('./coupons/coupon-edit-page') },
    ],
  },
  {
    label: 'Reports',
    href: paths.admin.reports.getHref(),
    description: 'Revenue, refunds, coupons and trial conversion by day, week or month, with CSVs for the accountant.',
    routes: [{ path: relative(paths.admin.reports.path), load: () => import('./reports/reports-page') }],
  },
  {
    label: 'Analytics',
    href: paths.admin.analytics.getHref(),
    description: 'Who visits the store, where they come from, which pages they read, and how many go from a product page to buying it.',
    routes: [{ path: relative(paths.admin.analytics.path), load: () => import('./analytics/analytics-page') }],
  },
  {
    label: 'Audit log',
    href: paths.admin.audit.getHref(),
    description: 'Every change made here: who, when, and the record before and after.',
    routes: [{ path: relative(paths.admin.audit.path), load: () => import('./audit/audit-page') }],
  },
  {
    label: 'Administrators',
    href: paths.admin.administrators.getHref(),
    description: 'Who can use the back office; give the role to a colleague or take it back.',
    routes: [{ path: relative(paths.admin.administrators.path), load: () => import('./access/administrators-page') }],
  },
];

/**
 * Pages reached from another area's records rather than from the navigation (a product's
 * releases open from its row in the product list).
 */
export const ADMIN_RECORD_PAGES: AdminArea['routes'] = [{ path: relative(paths.admin.releases.path), load: () => import('./releases/releases-page') }];
