import { describe, expect, it } from 'vitest';
import { createLiveCatalogue } from './live-catalogue';
import type { LiveProductRow } from './sandbox.repository';

const product = (overrides: Partial<LiveProductRow> = {}): LiveProductRow => ({
  id: 1,
  path: 'synth',
  sku: 'SYN-1',
  displayName: 'Synth',
  summaryHtml: '',
  imagePath: '/synth.webp',
  priceMinor: 10_000,
  currency: 'USD',
  discountPercent: 0,
  discountAmountMinor: null,
  discountReason: null,
  dealStartsAt: null,
  dealEndsAt: null,
  ...overrides,
});

/** A table whose reads are counted and whose content a test changes. */
function table(rows: LiveProductRow[]) {
  const state = { rows, reads: 0 };
  return {
    state,
    load: async () => {
      state.reads += 1;
      return state.rows;
    },
  };
}

describe('the sandbox live catalogue', () => {
  const at = new Date('2026-11-25T12:00:00Z');

  it('reads the table once for many pricings, and again after a catalogue write', async () => {
    const products = table([product()]);
    const catalogue = createLiveCatalogue({ load: products.load, listening: () => true });
    await Promise.all([catalogue.at(at), catalogue.at(at), catalogue.at(at)]);
    await catalogue.at(at);
    expect(products.state.reads).toBe(1);

    products.state.rows = [product({ priceMinor: 12_000 })];
    catalogue.invalidate();
    expect((await catalogue.at(at))[0]!.priceMinor).toBe(12_000);
    expect(products.state.reads).toBe(2);
  });

  it('hands out the same priced products until a deal starts or ends, or the catalogue changes', async () => {
    const products = table([product(), product({ id: 2, path: 'drums', discountPercent: 10, dealEndsAt: new Date('2026-11-25T13:00:00Z') })]);
    const catalogue = createLiveCatalogue({ load: products.load, listening: () => true });
    const first = await catalogue.at(at);
    expect(await catalogue.at(new Date('2026-11-25T12:59:59Z'))).toBe(first);
    const afterDeal = await catalogue.at(new Date('2026-11-25T13:00:00Z'));
    expect(afterDeal).not.toBe(first);
    expect(afterDeal[1]!.discountPercent).toBe(0);
    // Asked again for a moment before the list it has: priced anew, never answered from a later one.
    expect((await catalogue.at(at))[1]!.discountPercent).toBe(10);
    catalogue.invalidate();
    expect(await catalogue.at(at)).not.toBe(first);
  });

  it('prices a cached deal at the moment asked, so it starts and ends without a write', async () => {
    const deal = {
      discountPercent: 25,
      discountReason: 'Launch',
      dealStartsAt: new Date('2026-11-25T13:00:00Z'),
      dealEndsAt: new Date('2026-11-25T14:00:00Z'),
    };
    const products = table([product(deal)]);
    const catalogue = createLiveCatalogue({ load: products.load, listening: () => true });
    expect((await catalogue.at(at))[0]!.discountPercent).toBe(0);
    expect((await catalogue.at(new Date('2026-11-25T13:30:00Z')))[0]).toMatchObject({ discountPercent: 25, discountReason: 'Launch' });
    expect((await catalogue.at(new Date('2026-11-25T14:00:00Z')))[0]!.discountPercent).toBe(0);
    expect(products.state.reads).toBe(1);
  });

  it('serves nothing from memory while catalogue writes may not reach this process', async () => {
    const products = table([product()]);
    let listening = false;
    const catalogue = createLiveCatalogue({ load: products.load, listening: () => listening });
    await catalogue.at(at);
    await catalogue.at(at);
    expect(products.state.reads).toBe(2);
    listening = true;
    await catalogue.at(at);
    await catalogue.at(at);
    expect(products.state.reads).toBe(3);
  });

  it('does not keep a read that a write overtook, and reads again once the copy is older than the backstop', async () => {
    let release: () => void = () => undefined;
    let reads = 0;
    let clock = 0;
    const catalogue = createLiveCatalogue({
      load: async () => {
        reads += 1;
        if (reads === 1) await new Promise<void>((resolve) => (release = resolve));
        return [product({ priceMinor: reads === 1 ? 10_000 : 12_000 })];
      },
      listening: () => true,
      maxAgeMs: 1_000,
      now: () => clock,
    });
    const overtaken = catalogue.at(at);
    catalogue.invalidate();
    release();
    expect((await overtaken)[0]!.priceMinor).toBe(10_000);
    expect((await catalogue.at(at))[0]!.priceMinor).toBe(12_000);
    expect(reads).toBe(2);
    clock = 1_000;
    await catalogue.at(at);
    expect(reads).toBe(3);
  });
});
