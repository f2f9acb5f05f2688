import { describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import type { ProductRow } from '#server/db/schema.ts';
import type { LatestVersionFiles } from './catalog.repository';
import { createOrderCatalogue } from './order-catalogue';

const handle = {} as Database;

/** A catalogue of two products (only the first has a release), counting what is read. */
function fakeCatalogue() {
  const products = new Map([
    ['synth', { id: 1, path: 'synth', displayName: 'Synth' } as ProductRow],
    ['loops', { id: 2, path: 'loops', displayName: 'Loops' } as ProductRow],
  ]);
  const releases = new Map<number, LatestVersionFiles>([[1, { version: '1.0.0', files: [] }]]);
  const reads: string[] = [];
  const repository = () => ({
    findProductsByPath: async (paths: string[]) => {
      reads.push(`products ${paths.join(',')}`);
      return new Map(paths.flatMap((path) => (products.has(path) ? [[path, products.get(path)!] as const] : [])));
    },
    findLatestVersions: async (ids: number[]) => {
      reads.push(`latest ${ids.join(',')}`);
      return new Map(ids.flatMap((id) => (releases.has(id) ? [[id, releases.get(id)!] as const] : [])));
    },
  });
  return { products, releases, reads, repository };
}

describe('the catalogue facts orders are recorded with', () => {
  it('reads each product and release once for many orders, and only what it lacks', async () => {
    const fake = fakeCatalogue();
    const catalogue = createOrderCatalogue({ listening: () => true, repository: fake.repository });
    const reads = catalogue.on(handle);
    expect([...(await reads.productsByPath(['synth'])).keys()]).toEqual(['synth']);
    expect([...(await reads.productsByPath(['synth', 'loops'])).keys()]).toEqual(['synth', 'loops']);
    await reads.productsByPath(['loops', 'synth']);
    // A product without a release is remembered as having none.
    expect((await reads.findLatestVersions([1, 2])).get(1)).toEqual({ version: '1.0.0', files: [] });
    expect([...(await reads.findLatestVersions([2, 1])).keys()]).toEqual([1]);
    expect(fake.reads).toEqual(['products synth', 'products loops', 'latest 1,2']);
  });

  it('reads again after a catalogue write, and finds a product made under a path asked for before', async () => {
    const fake = fakeCatalogue();
    const catalogue = createOrderCatalogue({ listening: () => true, repository: fake.repository });
    const reads = catalogue.on(handle);
    expect((await reads.productsByPath(['drums'])).size).toBe(0);
    fake.products.set('drums', { id: 3, path: 'drums', displayName: 'Drums' } as ProductRow);
    expect((await reads.productsByPath(['drums'])).get('drums')?.displayName).toBe('Drums');
    await reads.findLatestVersions([2]);
    fake.releases.set(2, { version: '2.0.0', files: [] });
    fake.products.set('synth', { id: 1, path: 'synth', displayName: 'Synth 2' } as ProductRow);
    catalogue.invalidate();
    expect((await reads.findLatestVersions([2])).get(2)?.version).toBe('2.0.0');
    expect((await reads.productsByPath(['synth'])).get('synth')?.displayName).toBe('Synth 2');
  });

  it('serves nothing from memory while invalidations may be missed, or once the backstop expired', async () => {
    const fake = fakeCatalogue();
    let listening = false;
    let clock = 0;
    const catalogue = createOrderCatalogue({ listening: () => listening, repository: fake.repository, maxAgeMs: 1_000, now: () => clock });
    const reads = catalogue.on(handle);
    await reads.productsByPath(['synth']);
    await reads.productsByPath(['synth']);
    expect(fake.reads).toHaveLength(2);
    listening = true;
    await reads.productsByPath(['synth']);
    await reads.productsByPath(['synth']);
    expect(fake.reads).toHaveLength(3);
    clock = 1_000;
    await reads.productsByPath(['synth']);
    expect(fake.reads).toHaveLength(4);
  });

  it('does not keep a read that a catalogue write overtook', async () => {
    const fake = fakeCatalogue();
    const catalogue = createOrderCatalogue({ listening: () => true, repository: fake.repository });
    const reads = catalogue.on(handle);
    const overtaken = reads.productsByPath(['synth']);
    // The write commits and is announced while the read is on its way.
    catalogue.invalidate();
    await overtaken;
    await reads.productsByPath(['synth']);
    expect(fake.reads).toEqual(['products synth', 'products synth']);
  });
});
