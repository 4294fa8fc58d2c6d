/**
 * Seeded randomness for the simulated supply: every figure of a result comes from a PRNG seeded with a
 * hash of what identifies it (source, flight, date, class), so the same question gets the same answer.
 */

/** FNV-1a, 32 bits. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small, fast 32-bit PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export class Rand {
  private readonly next: () => number;

  constructor(...parts: (string | number)[]) {
    this.next = mulberry32(hash32(parts.join('|')));
  }

  /** [0, 1) */
  float(): number {
    return this.next();
  }

  /** [min, max) */
  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max] */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
}
