import { describe, expect, it, vi } from 'vitest';
import type { ProductRow } from '#server/db/schema.ts';
import type { CatalogRepository } from './catalog.repository';
import { createCatalogService } from './catalog.service';

const row = (overrides: Partial<ProductRow> = {}): ProductRow => ({
  id: 1,
  path: 'remidi-4',
  sku: 'SW-REMIDI4',
  displayName: 'reMIDI 4',
  category: 'Plugins',
  priceMinor: 7900,
  currency: 'USD',
  discountPercent: 0,
  discountPercentStyle: 'number',
  discountReason: null,
  discountAmountMinor: null,
  dealStartsAt: null,
  dealEndsAt: null,
  live: true,
  downloadable: true,
  licenceSeats: 3,
  summaryHtml: '<p>Pads</p>',
  summaryMarkdown: '',
  keyFacts: [],
  trialOfProductId: null,
  version: 1,
  descriptionMarkdown: '# reMIDI',
  imagePath: '/media/covers/remidi-4.svg',
  media: [],
  upgradeOffers: [],
  relatedPaths: [],
  sortOrder: 10,
  createdAt: new Date(),
  updatedAt: new Date(),
  ...overrides,
});

function fakeRepository(rows: ProductRow[]) {
  return {
    listLiveProducts: vi.fn(async () => rows),
    findLiveProductByPath: vi.fn(async (path: string) => rows.find((candidate) => candidate.path === path)),
    findLatestVersion: vi.fn(async () => undefined),
    findLatestVersions: vi.fn(async () => new Map()),
    findProductsByPath: vi.fn(async () => new Map()),
    listPublishedVersions: vi.fn(async () => []),
    fingerprint: vi.fn(async () => 'unchanged'),
    listCategories: vi.fn(async () => [{ slug: 'tools', name: 'Tools', intro: 'Handy tools.' }]),
    findLiveTrialOf: vi.fn(async (productId: number) => {
      const trial = rows.find((candidate) => candidate.trialOfProductId === productId && candidate.live);
      return trial && { path: trial.path, display: trial.displayName };
    }),
    findLivePathById: vi.fn(async (productId: number) => rows.find((candidate) => candidate.id === productId)?.path),
  } satisfies CatalogRepository;
}

describe('catalog service cache', () => {
  it('builds the listing once and serves the same bytes', async () => {
    const repository = fakeRepository([row()]);
    const service = createCatalogService(repository);
    const first = await service.getListing();
    const second = await service.getListing();
    expect(second).toBe(first);
    expect(repository.listLiveProducts).toHaveBeenCalledTimes(1);
  });

  it('shares one build between concurrent requests', async () => {
    const repository = fakeRepository([row()]);
    const service = createCatalogService(repository);
    await Promise.all([service.getListing(), service.getListing(), service.getListing()]);
    expect(repository.listLiveProducts).toHaveBeenCalledTimes(1);
  });

  it('rebuilds after invalidate, with a new ETag when content changed', async () => {
    const rows = [row()];
    const repository = fakeRepository(rows);
    const service = createCatalogService(repository);
    const before = await service.getListing();
    rows[0] = row({ priceMinor: 6900 });
    service.invalidate();
    const after = await service.getListing();
    expect(repository.listLiveProducts).toHaveBeenCalledTimes(2);
    expect(after.etag).not.toBe(before.etag);
    expect(JSON.parse(after.json.toString())[0].price).toBe('$69.00');
  });

  it('rebuilds when the cached answer is older than maxAgeMs', async () => {
    let now = 0;
    const repository = fakeRepository([row()]);
    const service = createCatalogService(repository, { maxAgeMs: 1000, now: () => now });
    await service.getListing();
    now = 999;
    await service.getListing();
    now = 1000;
    await service.getListing();
    expect(repository.listLiveProducts).toHaveBeenCalledTimes(2);
  });

  it('offers the built listing synchronously only while it is fresh', async () => {
    let now = 0;
    const service = createCatalogService(fakeRepository([row()]), { maxAgeMs: 1000, now: () => now });
    expect(service.peekListing()).toBeUndefined();
    const built = await service.getListing();
    expect(service.peekListing()).toBe(built);
    now = 1000;
    expect(service.peekListing()).toBeUndefined();
    await service.getListing();
    service.invalidate();
    expect(service.peekListing()).toBeUndefined();
  });

  it('does not keep a failed build', async () => {
    const repository = fakeRepository([row()]);
    repository.listLiveProducts.mockRejectedValueOnce(new Error('database down'));
    const service = createCatalogService(repository);
    await expect(service.getListing()).rejects.toThrow('database down');
    await expect(service.getListing()).resolves.toBeDefined();
  });

  it('does not cache unknown product paths', async () => {
    const repository = fakeRepository([row()]);
    const service = createCatalogService(repository);
    expect(await service.getProduct('nope')).toBeNull();
    expect(await service.getProduct('nope')).toBeNull();
    expect(repository.findLiveProductByPath).toHaveBeenCalledTimes(2);
    await service.getProduct('remidi-4');
    await service.getProduct('remidi-4');
    expect(repository.findLiveProductByPath).toHaveBeenCalledTimes(3);
  });

  it('expires the listing and a product page when a deal starts or ends, before maxAgeMs', async () => {
    const starts = Date.parse('2026-11-01T00:00:00Z');
    const ends = Date.parse('2026-11-08T00:00:00Z');
    let now = starts - 10;
    const deal = row({ discountPercent: 25, discountReason: 'Week sale', dealStartsAt: new Date(starts), dealEndsAt: new Date(ends) });
    const repository = fakeRepository([deal]);
    const service = createCatalogService(repository, { maxAgeMs: 30 * 24 * 3600_000, now: () => now });
    const total = async () => JSON.parse((await service.getListing()).json.toString())[0].total;
    const pageTotal = async () => JSON.parse((await service.getProduct('remidi-4'))!.json.toString()).total;

    expect(await total()).toBe('$79.00');
    expect(await pageTotal()).toBe('$79.00');
    now = starts;
    expect(service.peekListing()).toBeUndefined();
    expect(await total()).toBe('$59.25');
    expect(await pageTotal()).toBe('$59.25');
    now = ends - 1;
    expect(await total()).toBe('$59.25');
    now = ends;
    expect(await total()).toBe('$79.00');
    expect(await pageTotal()).toBe('$79.00');
    expect(repository.listLiveProducts).toHaveBeenCalledTimes(3);
  });

  it('publishes the trial of a paid product, and the paid product of a trial', async () => {
    const paid = row();
    const trial = row({ id: 2, path: 'remidi-4-trial', displayName: 'reMIDI 4 Trial', priceMinor: 0, trialOfProductId: 1 });
    const service = createCatalogService(fakeRepository([paid, trial]));
    const page = async (path: string) => JSON.parse((await service.getProduct(path))!.json.toString());
    expect(await page('remidi-4')).toMatchObject({ trial: { path: 'remidi-4-trial', display: 'reMIDI 4 Trial' }, trialOf: null });
    expect(await page('remidi-4-trial')).toMatchObject({ trial: null, trialOf: 'remidi-4' });
  });

  it('caches the categories and rebuilds them after invalidate', async () => {
    const repository = fakeRepository([row()]);
    const service = createCatalogService(repository);
    const first = await service.getCategories();
    expect(JSON.parse(first.json.toString())).toEqual([{ slug: 'tools', name: 'Tools', intro: 'Handy tools.' }]);
    expect(await service.getCategories()).toBe(first);
    service.invalidate();
    await service.getCategories();
    expect(repository.listCategories).toHaveBeenCalledTimes(2);
  });
});
