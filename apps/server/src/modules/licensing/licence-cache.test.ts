import { describe, expect, it } from 'vitest';
import { createLicenceCache, type LoadedLicence } from './licence-cache';
import type { ActiveMachine, LicenceView } from './licensing.repository';

const at = new Date('2026-11-24T12:00:00Z');

function licence(id: number, key: string, fingerprints: string[] = []): LoadedLicence {
  const machines: ActiveMachine[] = fingerprints.map((fingerprint, index) => ({
    id: `machine-${id}-${index}`,
    fingerprint,
    name: null,
    platform: null,
    activatedAt: at,
    lastSeenAt: at,
  }));
  const view: LicenceView = {
    id,
    key,
    customerId: 1,
    productId: 1,
    type: 'perpetual',
    status: 'active',
    expiresAt: null,
    seats: 3,
    createdAt: at,
    productPath: 'remidi-4',
    productName: 'reMIDI 4',
    trialOfProductId: null,
    trialOfPath: null,
    trialOfName: null,
    activeMachines: machines.length,
  };
  return { licence: view, machines };
}

/** A database of licences whose loads are counted; `rows` may be changed between reads. */
function fakeDatabase(rows: Map<string, LoadedLicence>) {
  const loads: string[] = [];
  return {
    loads,
    load: async (key: string) => {
      loads.push(key);
      return rows.get(key);
    },
  };
}

describe('the licence cache', () => {
  it('loads a licence on a miss and answers the next lookups, of any fingerprint, without a query', async () => {
    const database = fakeDatabase(new Map([['AAAA', licence(1, 'AAAA', ['one', 'two'])]]));
    const cache = createLicenceCache({ load: database.load, listening: () => true });

    expect((await cache.findByKey('AAAA', 'one'))?.machine?.fingerprint).toBe('one');
    expect((await cache.findByKey('AAAA', 'two'))?.machine?.fingerprint).toBe('two');
    expect((await cache.findByKey('AAAA', 'three'))?.machine).toBeUndefined();
    expect((await cache.findByKey('AAAA'))?.licence.activeMachines).toBe(2);
    expect(database.loads).toEqual(['AAAA']);
  });

  it('shares one load between concurrent misses of a key', async () => {
    const database = fakeDatabase(new Map([['AAAA', licence(1, 'AAAA', ['one'])]]));
    const cache = createLicenceCache({ load: database.load, listening: () => true });
    const answers = await Promise.all([cache.findByKey('AAAA', 'one'), cache.findByKey('AAAA', 'one'), cache.findByKey('AAAA')]);
    expect(answers.map((answer) => answer?.licence.id)).toEqual([1, 1, 1]);
    expect(database.loads).toEqual(['AAAA']);
  });

  it('never caches an unknown key: a key issued a moment later is found', async () => {
    const rows = new Map<string, LoadedLicence>();
    const database = fakeDatabase(rows);
    const cache = createLicenceCache({ load: database.load, listening: () => true });
    expect(await cache.findByKey('NEW1')).toBeUndefined();
    rows.set('NEW1', licence(7, 'NEW1'));
    expect((await cache.findByKey('NEW1'))?.licence.id).toBe(7);
    expect(database.loads).toEqual(['NEW1', 'NEW1']);
  });

  it('loads a licence again after its invalidation, and only that one', async () => {
    const rows = new Map([
      ['AAAA', licence(1, 'AAAA', ['one'])],
      ['BBBB', licence(2, 'BBBB', ['one'])],
    ]);
    const database = fakeDatabase(rows);
    const cache = createLicenceCache({ load: database.load, listening: () => true });
    await cache.findByKey('AAAA');
    await cache.findByKey('BBBB');

    rows.set('AAAA', licence(1, 'AAAA', []));
    cache.invalidate(1);
    expect((await cache.findByKey('AAAA', 'one'))?.machine).toBeUndefined();
    expect((await cache.findByKey('BBBB', 'one'))?.machine).toBeDefined();
    expect(database.loads).toEqual(['AAAA', 'BBBB', 'AAAA']);
  });

  it('drops every licence when told that anything may have changed', async () => {
    const database = fakeDatabase(new Map([['AAAA', licence(1, 'AAAA')]]));
    const cache = createLicenceCache({ load: database.load, listening: () => true });
    await cache.findByKey('AAAA');
    cache.invalidate(undefined);
    expect(cache.size).toBe(0);
    await cache.findByKey('AAAA');
    expect(database.loads).toEqual(['AAAA', 'AAAA']);
  });

  it('does not keep a load that an invalidation overtook (it read the state before the write)', async () => {
    const rows = new Map([['AAAA', licence(1, 'AAAA', ['one'])]]);
    let release: () => void = () => undefined;
    const loads: string[] = [];
    const cache = createLicenceCache({
      load: async (key) => {
        loads.push(key);
        const before = rows.get(key);
        await new Promise<void>((resolve) => (release = resolve));
        return before;
      },
      listening: () => true,
    });
    const slow = cache.findByKey('AAAA', 'one');
    // The write commits while the load is in flight.
    rows.set('AAAA', licence(1, 'AAAA', []));
    cache.invalidate(1);
    release();
    expect((await slow)?.machine).toBeDefined();
    expect(cache.size).toBe(0);

    const fresh = cache.findByKey('AAAA', 'one');
    release();
    expect((await fresh)?.machine).toBeUndefined();
    expect(loads).toEqual(['AAAA', 'AAAA']);
  });

  it('keeps at most maxKeys licences, dropping the least recently used', async () => {
    const rows = new Map(['AAAA', 'BBBB', 'CCCC'].map((key, index) => [key, licence(index + 1, key)] as const));
    const database = fakeDatabase(rows);
    const cache = createLicenceCache({ load: database.load, listening: () => true, maxKeys: 2 });
    await cache.findByKey('AAAA');
    await cache.findByKey('BBBB');
    await cache.findByKey('AAAA'); // BBBB is now the least recently used
    await cache.findByKey('CCCC');
    expect(cache.size).toBe(2);
    database.loads.length = 0;
    await cache.findByKey('AAAA');
    await cache.findByKey('CCCC');
    expect(database.loads).toEqual([]);
    await cache.findByKey('BBBB');
    expect(database.loads).toEqual(['BBBB']);
    // An evicted licence's invalidation is harmless, and a kept one's still works.
    cache.invalidate(2);
    cache.invalidate(3);
    await cache.findByKey('CCCC');
    expect(database.loads).toEqual(['BBBB', 'CCCC']);
  });

  it('reads the database and keeps nothing while other processes’ writes cannot reach it', async () => {
    let listening = false;
    const database = fakeDatabase(new Map([['AAAA', licence(1, 'AAAA')]]));
    const cache = createLicenceCache({ load: database.load, listening: () => listening });
    await cache.findByKey('AAAA');
    await cache.findByKey('AAAA');
    expect(database.loads).toEqual(['AAAA', 'AAAA']);
    expect(cache.size).toBe(0);
    listening = true;
    await cache.findByKey('AAAA');
    await cache.findByKey('AAAA');
    expect(database.loads).toHaveLength(3);
  });

  it('follows a computer’s last seen when it is written', async () => {
    const database = fakeDatabase(new Map([['AAAA', licence(1, 'AAAA', ['one'])]]));
    const cache = createLicenceCache({ load: database.load, listening: () => true });
    const { machine } = (await cache.findByKey('AAAA', 'one'))!;
    const later = new Date(at.getTime() + 120_000);
    cache.seen('AAAA', machine!.id, later);
    expect((await cache.findByKey('AAAA', 'one'))?.machine?.lastSeenAt).toEqual(later);
    expect(database.loads).toHaveLength(1);
  });
});
