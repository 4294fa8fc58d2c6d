// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { QUOTE_BYTES_PER_CLASS, QuoteCache, quoteBytes } from '../../gateway/bookings/lifecycle';
import type { FlightOffer } from '../../contract/flights';

const list = (n: number) => Promise.resolve(Array.from({ length: n }, () => ({}) as FlightOffer));

describe('re-pricing quotes cache', () => {
  it('answers a key from the cache within its time to live, and loads again after it', async () => {
    const cache = new QuoteCache(60_000, 10);
    let loads = 0;
    const load = () => {
      loads += 1;
      return list(loads);
    };
    expect(await cache.get('a', load, 0)).toHaveLength(1);
    expect(await cache.get('a', load, 59_999)).toHaveLength(1);
    expect(loads).toBe(1);
    expect(await cache.get('a', load, 60_000)).toHaveLength(2);
    expect(loads).toBe(2);
  });

  it.each([
    // [stored at, read at, entries left after the read (the read's own included)]
    [[0, 10, 20], 30, 4],
    [[0, 10, 20], 60_005, 3], // the first (stored at 0) has expired and goes; 10 and 20 stay, the new one is added
    [[0, 10, 20], 60_020, 1], // all three have expired: only the new one is left
    [[0, 50_000, 70_000], 110_000, 2], // 0 went when 70,000 was stored, 50,000 at the read; 70,000 and the new one stay
  ])('drops the expired entries on a read (stored %j, read at %i → %i held)', async (stored, readAt, left) => {
    const cache = new QuoteCache(60_000, 100);
    stored.forEach((at, i) => void cache.get(`k${i}`, () => list(1), at));
    await cache.get('new', () => list(1), readAt);
    expect(cache.size).toBe(left);
  });

  it('holds at most its bound, dropping the oldest', async () => {
    const cache = new QuoteCache(60_000, 3);
    for (let i = 0; i < 5; i += 1) await cache.get(`k${i}`, () => list(1), i);
    expect(cache.size).toBe(3);
    let loaded = false;
    await cache.get('k0', () => ((loaded = true), list(1)), 10);
    expect(loaded).toBe(true);
  });

  it('does not keep a failed answer', async () => {
    const cache = new QuoteCache(60_000, 10);
    await expect(cache.get('a', () => Promise.reject(new Error('supplier down')), 0)).rejects.toThrow('supplier down');
    await Promise.resolve();
    expect(cache.size).toBe(0);
  });

  // an answer of `offers` offers of `classes` fare classes each
  const priced = (offers: number, classes: number) =>
    Promise.resolve(Array.from({ length: offers }, () => ({ priceInfo: Array.from({ length: classes }, () => ({})) }) as FlightOffer));

  it.each([
    // [offers, classes per offer, estimated bytes]
    [0, 0, 0],
    [1, 0, 0],
    [1, 1, QUOTE_BYTES_PER_CLASS],
    [10, 20, 200 * QUOTE_BYTES_PER_CLASS],
  ])('estimates an answer of %i offers of %i classes as %i bytes', async (offers, classes, bytes) => {
    expect(quoteBytes(await priced(offers, classes))).toBe(bytes);
  });

  it('holds at most its byte bound once the answers arrive, dropping the oldest, and counts what it drops', async () => {
    // each answer: 10 classes; the bound holds three of them
    const cache = new QuoteCache(60_000, 100, 35 * QUOTE_BYTES_PER_CLASS);
    for (let i = 0; i < 5; i += 1) await cache.get(`k${i}`, () => priced(2, 5), i);
    await Promise.resolve();
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBe(30 * QUOTE_BYTES_PER_CLASS);
    let loaded = false;
    await cache.get('k1', () => ((loaded = true), priced(2, 5)), 10);
    expect(loaded).toBe(true);
    // the expired ones go and their bytes with them
    await cache.get('late', () => priced(1, 1), 70_000);
    await Promise.resolve();
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(QUOTE_BYTES_PER_CLASS);
  });

  it('keeps the newest answer even when it alone is over the byte bound', async () => {
    const cache = new QuoteCache(60_000, 100, QUOTE_BYTES_PER_CLASS);
    await cache.get('small', () => priced(1, 1), 0);
    await cache.get('big', () => priced(3, 10), 1);
    await Promise.resolve();
    expect(cache.size).toBe(1);
    let loaded = false;
    await cache.get('big', () => ((loaded = true), priced(1, 1)), 2);
    expect(loaded).toBe(false);
  });
});
