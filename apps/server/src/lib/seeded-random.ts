/**
 * Seeded pseudo-random numbers for generated music and artwork (the seed catalogue's files,
 * the landing page's piano piece).
 *
 * Seed files must be byte-identical on every run (their sha256 is stored in the
 * catalogue), so nothing here may touch Math.random or the clock.
 */

/** A source of numbers in [0, 1). */
export type Rng = () => number;

/**
 * mulberry32: a tiny 32-bit generator. Not cryptographic, but fast, well
 * distributed for musical variation, and identical on every JS engine because it
 * only uses 32-bit integer maths.
 */
export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Combines several integers into one well-mixed 32-bit seed, so each file of a
 * set (volume, index, ...) gets its own independent stream from the recipe seed.
 */
export function deriveSeed(...parts: number[]): number {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    hash = Math.imul(hash ^ (part >>> 0), 0x01000193);
    hash ^= hash >>> 13;
    hash = Math.imul(hash, 0x5bd1e995);
    hash ^= hash >>> 15;
  }
  return hash >>> 0;
}

/** FNV-1a hash of a string, e.g. to turn a product name into a stable id. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  }
  return hash >>> 0;
}

/** Integer in [min, max], both inclusive. */
export function randomInt(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

/** Float in [min, max). */
export function randomBetween(rng: Rng, min: number, max: number): number {
  return min + rng() * (max - min);
}

/** One element of a non-empty list. */
export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick() needs at least one item');
  return items[Math.floor(rng() * items.length)] as T;
}

/** True with probability `probability`. */
export function chance(rng: Rng, probability: number): boolean {
  return rng() < probability;
}

/** A shuffled copy of `items` (Fisher–Yates), leaving the input untouched. */
export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}
