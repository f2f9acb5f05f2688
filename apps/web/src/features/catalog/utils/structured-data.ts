import { currencyExponent, majorToMinor } from '@store/contracts/money';
import type { ProductDetails } from '../api/get-product';
import { htmlToPlainText } from './plain-text';

/**
 * Builders of the schema.org JSON-LD search engines read on storefront pages
 * (docs/behaviour/seo.md). Pure: the page hands in the store's public URL and name.
 */

export interface SiteInfo {
  /** The store's public address, no trailing slash. */
  publicUrl: string;
  storeName: string;
  /** The store's currency, for an answer that does not name its own. */
  currency: string;
}

export interface Crumb {
  name: string;
  /** A path on the store ('/products'). */
  path: string;
}

type JsonLd = Record<string, unknown>;

/** An absolute URL on the store for a site path; absolute URLs are kept as they are. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/**
 * A price in minor units as schema.org wants it: a decimal string with the currency's own
 * number of decimals ('79.00', '7900' for JPY), and '0' for free. Built from the integer, so
 * no binary fraction ('78.99999') can appear.
 */
export function offerPrice(minor: number, currency: string): string {
  if (minor === 0) return '0';
  const exponent = currencyExponent(currency);
  if (exponent === 0) return String(minor);
  const digits = String(minor).padStart(exponent + 1, '0');
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** The last day a deal's price holds (YYYY-MM-DD, UTC): a deal runs until `endsAt`, exclusive. */
export function dealLastDay(endsAt: string): string | undefined {
  const end = Date.parse(endsAt);
  return Number.isNaN(end) ? undefined : new Date(end - 1).toISOString().slice(0, 10);
}

function dealEnd(deal: unknown): string | undefined {
  if (typeof deal !== 'object' || deal === null) return undefined;
  const { endsAt } = deal as { endsAt?: unknown };
  return typeof endsAt === 'string' ? dealLastDay(endsAt) : undefined;
}

/**
 * `Product` with its `Offer`: what the shopper pays now (the deal's price while one runs, with
 * the day it ends), in the product's currency. Only live products have pages, so the offer is
 * in stock.
 */
export function productJsonLd(product: ProductDetails, pagePath: string, site: SiteInfo): JsonLd {
  const url = absoluteUrl(site.publicUrl, pagePath);
  const currency = typeof product.currency === 'string' && /^[A-Z]{3}$/.test(product.currency) ? product.currency : site.currency;
  const validUntil = dealEnd(product.deal);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.display,
    description: htmlToPlainText(product.description.summary),
    ...(product.image && { image: absoluteUrl(site.publicUrl, product.image) }),
    ...(product.sku && { sku: product.sku }),
    productID: product.path,
    brand: { '@type': 'Brand', name: site.storeName },
    url,
    offers: {
      '@type': 'Offer',
      price: offerPrice(majorToMinor(product.totalValue, currency), currency),
      priceCurrency: currency,
      ...(validUntil && { priceValidUntil: validUntil }),
      availability: 'https://schema.org/InStock',
      url,
    },
  };
}

/** `BreadcrumbList`: the trail from the home page to the page itself, as absolute URLs. */
export function breadcrumbJsonLd(crumbs: readonly Crumb[], publicUrl: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(publicUrl, crumb.path),
    })),
  };
}
