import { describe, expect, it } from 'vitest';
import { jsonForScript } from '#web/components/structured-data.tsx';
import { parseProductDetails } from '../api/get-product';
import { rawDetail } from '../testing/catalog-fixtures';
import { breadcrumbJsonLd, offerPrice, productJsonLd } from './structured-data';

const SITE = { publicUrl: 'https://shop.example', storeName: 'Maker', currency: 'USD' };
const detail = (overrides: Record<string, unknown> = {}) => parseProductDetails(rawDetail('pad-tool', overrides));

describe('offerPrice', () => {
  it('writes minor units as a decimal string with the currency’s decimals', () => {
    expect(offerPrice(7900, 'USD')).toBe('79.00');
    expect(offerPrice(5, 'EUR')).toBe('0.05');
    expect(offerPrice(123456, 'USD')).toBe('1234.56');
  });

  it('writes zero-decimal currencies as whole numbers', () => {
    expect(offerPrice(7900, 'JPY')).toBe('7900');
  });

  it('writes a free price as 0', () => {
    expect(offerPrice(0, 'USD')).toBe('0');
    expect(offerPrice(0, 'JPY')).toBe('0');
  });
});

describe('productJsonLd', () => {
  it('describes the product and its offer with absolute URLs and plain text', () => {
    const data = productJsonLd(detail({ totalValue: 79, total: '$79.00', price: '$79.00', priceValue: 79 }), '/products/pad-tool', SITE);
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Product pad-tool',
      description: 'About pad-tool.',
      image: 'https://shop.example/media/covers/pad-tool.800.webp',
      sku: 'PAD-TOOL',
      productID: 'pad-tool',
      brand: { '@type': 'Brand', name: 'Maker' },
      url: 'https://shop.example/products/pad-tool',
      offers: {
        '@type': 'Offer',
        price: '79.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: 'https://shop.example/products/pad-tool',
      },
    });
  });

  it('offers a free product at 0', () => {
    const data = productJsonLd(detail({ price: '$0.00', priceValue: 0, total: '$0.00', totalValue: 0 }), '/products/pad-tool', SITE);
    expect(data.offers).toMatchObject({ price: '0', priceCurrency: 'USD' });
  });

  it('offers a deal’s price until the last day of the deal', () => {
    const data = productJsonLd(
      detail({ price: '$100.00', priceValue: 100, total: '$75.50', totalValue: 75.5, deal: { endsAt: '2026-12-01T00:00:00.000Z' } }),
      '/products/pad-tool',
      SITE,
    );
    expect(data.offers).toMatchObject({ price: '75.50', priceValidUntil: '2026-11-30' });
  });

  it('leaves the end out of an open-ended deal', () => {
    const data = productJsonLd(detail({ total: '$75.50', totalValue: 75.5, deal: { endsAt: null } }), '/products/pad-tool', SITE);
    expect(data.offers).not.toHaveProperty('priceValidUntil');
  });

  it('prices in the product’s own currency, zero-decimal ones included', () => {
    const data = productJsonLd(detail({ currency: 'JPY', total: '¥7,900', totalValue: 7900 }), '/products/pad-tool', SITE);
    expect(data.offers).toMatchObject({ price: '7900', priceCurrency: 'JPY' });
  });

  it('keeps an image that is already absolute', () => {
    const data = productJsonLd(detail({ image: 'https://cdn.example/x.webp' }), '/products/pad-tool', SITE);
    expect(data.image).toBe('https://cdn.example/x.webp');
  });
});

describe('breadcrumbJsonLd', () => {
  it('numbers the trail from 1 with absolute URLs', () => {
    expect(
      breadcrumbJsonLd(
        [
          { name: 'Home', path: '/' },
          { name: 'Products', path: '/products' },
        ],
        SITE.publicUrl,
      ),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/' },
        { '@type': 'ListItem', position: 2, name: 'Products', item: 'https://shop.example/products' },
      ],
    });
  });
});

describe('jsonForScript', () => {
  it('cannot close the script element or open a comment, and reads back as the same data', () => {
    const data = productJsonLd(detail({ display: '</script><script>alert(1)</script><!--' }), '/products/pad-tool', SITE);
    const text = jsonForScript(data);
    expect(text).not.toMatch(/<|>/);
    expect(JSON.parse(text)).toEqual(data);
  });
});
