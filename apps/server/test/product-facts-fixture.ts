import type { ProductDetail } from '@store/contracts';
import type { ProductFacts } from '#server/modules/catalog/catalog.service.ts';

/**
 * A product as the catalogue hands it to other modules: a live, downloadable sample pack at
 * full price with no licence key, changed by `overrides` (the detail's fields, and `licenceSeats`).
 */
export function productFactsFixture({ licenceSeats = null, ...detail }: Partial<ProductDetail> & { licenceSeats?: number | null } = {}): ProductFacts {
  return {
    licenceSeats,
    detail: {
      path: 'night-loops',
      sku: 'NL',
      display: 'Night Loops',
      image: '/media/night.webp',
      price: '$20.00',
      priceValue: 20,
      total: '$20.00',
      totalValue: 20,
      currency: 'USD',
      description: { summary: '<p>Loops at 84 bpm in A minor.</p>' },
      attributes: { live: 'true', category: 'Sample Packs', download: 'true' },
      discount: {},
      discountPercent: 0,
      longDescription: 'Dusty keys.',
      descriptionHtml: '',
      media: [],
      related: [],
      latestVersion: null,
      keyFacts: [],
      upgradeOffers: [],
      trial: null,
      trialOf: null,
      ...detail,
    },
  };
}
