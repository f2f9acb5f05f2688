import { describe, expect, it } from 'vitest';
import { deriveSeed, hashString, mulberry32, pick, randomInt, shuffled } from './seeded-random';

describe('mulberry32', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const take = (seed: number) => Array.from({ length: 5 }, mulberry32(seed));
    expect(take(42)).toEqual(take(42));
    expect(take(42)).not.toEqual(take(43));
  });

  it('stays in [0, 1) and is roughly uniform', () => {
    const rng = mulberry32(7);
    const buckets = new Array(10).fill(0);
    for (let i = 0; i < 10_000; i++) {
      const value = rng();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
      buckets[Math.floor(value * 10)]++;
    }
    for (const count of buckets) expect(count).toBeGreaterThan(850);
  });

  it('matches the reference mulberry32 output', () => {
    // First value of the reference implementation for seed 1.
    expect(mulberry32(1)()).toBeCloseTo(0.6270739405881613, 12);
  });
});

describe('helpers', () => {
  it('derives distinct seeds per part and order', () => {
    expect(deriveSeed(1, 2)).not.toBe(deriveSeed(2, 1));
    expect(deriveSeed(303, 0, 0)).not.toBe(deriveSeed(303, 0, 1));
    expect(deriveSeed(5)).toBe(deriveSeed(5));
    expect(hashString('reMIDI 4')).toBe(hashString('reMIDI 4'));
  });

  it('picks, shuffles and draws integers within bounds', () => {
    const rng = mulberry32(3);
    for (let i = 0; i < 100; i++) {
      const value = randomInt(rng, 2, 4);
      expect([2, 3, 4]).toContain(value);
    }
    expect(['a', 'b']).toContain(pick(rng, ['a', 'b']));
    expect(() => pick(rng, [])).toThrow();
    const list = [1, 2, 3, 4, 5];
    expect(shuffled(rng, list).sort()).toEqual(list);
    expect(list).toEqual([1, 2, 3, 4, 5]);
  });
});
