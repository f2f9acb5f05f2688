import { describe, expect, it, vi } from 'vitest';
import {
  discountPercentValue,
  extractProductArray,
  filterProducts,
  inCategory,
  NO_PRODUCTS_ARRAY,
  normalizeProduct,
  normalizeProductList,
  productFilters,
  type ProductFilter,
} from './normalize';

const live = (overrides: Record<string, unknown> = {}) => ({
  path: 'rechannel',
  display: 'reChannel',
  price: '$29.00',
  total: '$23.20',
  attributes: { live: 'true', category: 'Plugins' },
  discountPercent: '20%',
  ...overrides,
});

describe('extractProductArray', () => {
  it('accepts an array or data.items, and nothing else', () => {
    expect(extractProductArray([1])).toEqual([1]);
    expect(extractProductArray({ data: { items: [2] } })).toEqual([2]);
    expect(() => extractProductArray({ items: [] })).toThrow(NO_PRODUCTS_ARRAY);
    expect(() => extractProductArray('[]')).toThrow(NO_PRODUCTS_ARRAY);
    expect(() => extractProductArray(null)).toThrow(NO_PRODUCTS_ARRAY);
  });
});

describe('normalizeProduct', () => {
  it('keeps well-formed image variants and drops the rest', () => {
    const variants = [
      { src: '/media/a.400.webp', width: 400 },
      { src: '', width: 100 },
      { src: '/media/a.300.webp', width: 0 },
      { src: '/media/a.200.webp', width: '200' },
      'a.webp',
      { src: '/media/a.800.webp', width: 800 },
    ];
    expect(normalizeProduct(live({ imageVariants: variants })).imageVariants).toEqual([
      { src: '/media/a.400.webp', width: 400 },
      { src: '/media/a.800.webp', width: 800 },
    ]);
    expect(normalizeProduct(live()).imageVariants).toEqual([]);
    expect(normalizeProduct(live({ imageVariants: 'a.webp 400w' })).imageVariants).toEqual([]);
  });

  it('keeps numeric values when present', () => {
    const product = normalizeProduct(live({ priceValue: 29, totalValue: 23.2 }));
    expect(product.priceValue).toBe(29);
    expect(product.totalValue).toBe(23.2);
  });

  it('parses priceValue and totalValue from the texts when absent', () => {
    const product = normalizeProduct(live());
    expect(product.priceValue).toBe(29);
    expect(product.totalValue).toBe(23.2);
  });

  it('falls back to 0 when nothing can be read', () => {
    const product = normalizeProduct({ path: 'x', price: 'Free', priceValue: 'abc' });
    expect(product.priceValue).toBe(0);
    expect(product.totalValue).toBe(0);
  });

  it('keeps unknown fields as received', () => {
    expect(normalizeProduct(live({ extra: 7 })).extra).toBe(7);
  });
});

describe('normalizeProductList', () => {
  it("keeps only products whose attributes.live is the string 'true'", () => {
    const list = normalizeProductList([
      live({ path: 'a' }),
      live({ path: 'b', attributes: { live: 'false' } }),
      live({ path: 'c', attributes: { live: true } }),
      live({ path: 'd', attributes: undefined }),
    ]);
    expect(list.map((product) => product.path)).toEqual(['a']);
  });

  it('drops entries that are not objects, with a warning', () => {
    const warn = vi.fn();
    const list = normalizeProductList([live(), null, 'text', 3, [live()]], warn);
    expect(list).toHaveLength(1);
    expect(warn).toHaveBeenCalledTimes(4);
  });
});

describe('discountPercentValue', () => {
  it('reads numbers and percentage strings', () => {
    expect(discountPercentValue(20)).toBe(20);
    expect(discountPercentValue('20%')).toBe(20);
    expect(discountPercentValue(' 15 % ')).toBe(15);
    expect(discountPercentValue('none')).toBe(0);
    expect(discountPercentValue(undefined)).toBe(0);
    expect(discountPercentValue(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('list filters', () => {
  const products = normalizeProductList([
    live({ path: 'plugin-deal', discountPercent: '20%' }),
    live({ path: 'pack', attributes: { live: 'true', category: 'Sample Packs' }, discountPercent: 15 }),
    live({ path: 'free', price: '$0.00', total: '$0.00', discountPercent: 0 }),
    live({ path: 'full-price', discountPercent: '0%' }),
  ]);
  const paths = (filter: ProductFilter) => filterProducts(products, filter).map((product) => product.path);

  it('selects each list view', () => {
    expect(paths(inCategory('Plugins'))).toEqual(['plugin-deal', 'free', 'full-price']);
    expect(paths(inCategory('Sample Packs'))).toEqual(['pack']);
    expect(paths(productFilters.freeDownloads)).toEqual(['free']);
    expect(paths(productFilters.deals)).toEqual(['plugin-deal', 'pack']);
  });

  it('excludes a product whose filter throws, and keeps the rest', () => {
    const warn = vi.fn();
    const result = filterProducts(
      products,
      (product) => {
        if (product.path === 'pack') throw new Error('boom');
        return true;
      },
      warn,
    );
    expect(result.map((product) => product.path)).toEqual(['plugin-deal', 'free', 'full-price']);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('returns everything without a filter', () => {
    expect(filterProducts(products, undefined)).toHaveLength(4);
  });
});
